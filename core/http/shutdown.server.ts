// Graceful shutdown of the web process, so that a rolling restart behind a proxy loses no
// request. On SIGTERM/SIGINT: stop accepting connections (new ones are refused, the proxy tries
// the other process), let the requests in flight finish, for at most SHUTDOWN_GRACE_MS
// (default 25 s, under the 30 s an orchestrator usually waits before SIGKILL), then close what
// the process holds (scheduler, Redis, database) and exit 0. Every answer from the signal on
// carries `Connection: close`, also those of requests already in flight. An idle keep-alive
// connection is not closed by the process: a proxy may be sending a request on it at that very
// moment, and a POST lost that way cannot be retried. The proxy closes its idle connections
// first (deploy/nginx.conf: 4 s, below Node's 5 s keep-alive timeout), then Node's own timeout
// does; when the grace period ends with only idle connections left they are closed and the
// process still exits 0. Requests still running then are cut and the process exits 1.
import type { Server, ServerResponse } from 'node:http';
import net from 'node:net';
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

  // Answers not yet started, so that those begun before the signal can still close their connection.
  const active = new Set<ServerResponse>();

  const middleware: RequestHandler = (_req, res, next) => {
    if (draining) {
      res.setHeader('Connection', 'close');
    } else {
      active.add(res);
      res.once('close', () => active.delete(res));
    }
    next();
  };

  async function run(signal: string, release: () => Promise<void>): Promise<void> {
    draining = true;
    console.log(`${signal}: no new connections; finishing the requests in flight (at most ${graceMs} ms)`);
    let drained = true;
    if (server?.listening) {
      const srv = server;
      // net.Server's close: stop accepting and wait for the connections to end, without
      // http.Server's closeIdleConnections (see above).
      const closed = new Promise<boolean>((resolve) => net.Server.prototype.close.call(srv, () => resolve(true)));
      for (const res of active) if (!res.headersSent) res.shouldKeepAlive = false;
      let timer: NodeJS.Timeout | undefined;
      const expired = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), graceMs);
      });
      drained = await Promise.race([closed, expired]);
      clearTimeout(timer);
      if (!drained && active.size === 0) {
        // Only idle connections left: nobody loses an answer.
        srv.closeIdleConnections();
        drained = await Promise.race([closed, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 1000))]);
      }
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
