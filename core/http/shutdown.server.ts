// Graceful shutdown of the web process, so that a rolling restart behind a proxy loses no
// request. On SIGTERM/SIGINT: stop accepting connections (new ones are refused, the proxy tries
// the other process), let the requests in flight finish, for at most SHUTDOWN_GRACE_MS
// (default 25 s, under the 30 s an orchestrator usually waits before SIGKILL), then close what
// the process holds (scheduler, Redis, database) and exit 0. Keep-alive connections are closed
// as soon as they are idle (answers in flight carry `Connection: close`), otherwise close()
// would wait for the clients to hang up. Past the grace period the remaining connections are cut
// and the process exits 1.
import type { Server } from 'node:http';
import type { RequestHandler } from 'express';

export interface GracefulShutdown {
  /** First in the middleware chain: during the drain, answers close their connection. */
  middleware: RequestHandler;
  /** The server to drain (once it is listening). */
  attach(server: Server): void;
  /** Drains the server as described above, then `release()` (scheduler, Redis, knex), then
   *  exits. A second signal during the drain changes nothing. */
  stop(signal: string, release: () => Promise<void>): Promise<void>;
}

export interface GracefulShutdownOptions {
  /** How long in-flight requests may take once the signal came (default SHUTDOWN_GRACE_MS or 25 s). */
  graceMs?: number;
  /** Default process.exit. */
  exit?: (code: number) => void;
}

export function gracefulShutdown(opts: GracefulShutdownOptions = {}): GracefulShutdown {
  const graceMs = opts.graceMs ?? (Number(process.env.SHUTDOWN_GRACE_MS) || 25_000);
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  let server: Server | undefined;
  let draining = false;
  let stopping: Promise<void> | undefined;

  const middleware: RequestHandler = (_req, res, next) => {
    if (draining) {
      res.setHeader('Connection', 'close');
    } else {
      // A request that started before the signal and ends during the drain: its connection
      // becomes idle then and is closed right away.
      res.once('finish', () => {
        if (draining) setImmediate(() => server?.closeIdleConnections());
      });
    }
    next();
  };

  async function run(signal: string, release: () => Promise<void>): Promise<void> {
    draining = true;
    console.log(`${signal}: no new connections; finishing the requests in flight (at most ${graceMs} ms)`);
    let drained = true;
    if (server?.listening) {
      const srv = server;
      const closed = new Promise<boolean>((resolve) => srv.close(() => resolve(true)));
      srv.closeIdleConnections();
      let timer: NodeJS.Timeout | undefined;
      const expired = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), graceMs);
      });
      drained = await Promise.race([closed, expired]);
      clearTimeout(timer);
      if (!drained) {
        console.error(`requests still running after ${graceMs} ms: closing their connections`);
        srv.closeAllConnections();
      }
    }
    // What the process holds, bounded too (a job of the in-process scheduler may be running).
    let timer: NodeJS.Timeout | undefined;
    const released = await Promise.race([
      release().then(
        () => true,
        (e) => {
          console.error('error while stopping', e);
          return false;
        },
      ),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), 10_000);
      }),
    ]);
    clearTimeout(timer);
    console.log(drained && released ? 'stopped' : 'stopped (forced)');
    exit(drained && released ? 0 : 1);
  }

  return {
    middleware,
    attach(s) {
      server = s;
    },
    stop(signal, release) {
      stopping ??= run(signal, release);
      return stopping;
    },
  };
}
