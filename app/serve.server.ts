// The web process: migrate + seed, start the job scheduler, serve the Remix app on Express.
// In production it runs from the build (server.mjs loads build/server/index.js and calls the
// `serve` its entry exports), so the process holds one copy of core, not the build's plus the
// TypeScript sources'; `tsx server.ts --dev` calls it from the sources with Vite's dev server.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import compression from 'compression';
import express from 'express';
import morgan from 'morgan';
import { createRequestHandler } from '@remix-run/express';
import type { ServerBuild } from '@remix-run/node';
import { getKnex, isMysql } from '@core/db/knex.server';
import { migrateAll, seedAll } from '@core/db/migrate.server';
import { installAppRegistry } from './registry.server';
import { createScheduler, setScheduler } from '@core/jobs/scheduler.server';
import { DEMO_USERS } from '@core/seed-demo.server';
import { drainHandoffs } from '@core/handoff.server';
import { DatabaseUnavailableError, guardBuild, waitForDatabase } from '@core/db/health.server';
import { releaseMemoryWhenIdle } from '@core/http/idle-memory.server';
import { apiSecurityHeaders, clientAddress, csrfGuard, securityHeaders } from '@core/auth/http-security.server';
import { closeThrottleStore } from '@core/auth/throttle.server';
import { flushSessionTouches } from '@core/auth/session.server';
import { closeInvalidator } from '@core/cache/invalidation.server';
import { forgetSessionUsers } from '@core/rbac/access.server';
import { gracefulShutdown } from '@core/http/shutdown.server';
import { apiFront } from '@core/http/api-router.server';
import { crossOriginGuard } from '@core/http/cors.server';

async function prepareDatabase() {
  const registry = installAppRegistry();
  const knex = getKnex();
  // An unreachable database: a few tries with a clear message, then exit 1 with it.
  await waitForDatabase(knex);
  const done = await migrateAll(knex, registry.plugins);
  if (done.length) console.log(`migrated: ${done.join(', ')}`);
  await seedAll(knex, registry.plugins, registry);
  // The sync may have changed menus and grants: processes already running re-read identities.
  await forgetSessionUsers();
  const delivered = await drainHandoffs(knex);
  if (delivered) console.log(`delivered ${delivered} pending hand-off(s)`);
  return { registry, knex };
}

export interface ServeOptions {
  /** Command-line flags: --dev (Vite dev server with HMR), --setup-only (migrate + seed, then exit). */
  args: string[];
  /** The production build this module was loaded from (absent with --dev). */
  build?: ServerBuild;
}

/** The web process. Exits 1 with a one-line message when the database cannot be reached. */
export function serve(opts: ServeOptions): Promise<void> {
  return main(opts).catch((e) => {
    // `database unreachable at host:port`, not a driver stack (and never the password).
    if (e instanceof DatabaseUnavailableError) console.error(e.message);
    else console.error(e);
    process.exit(1);
  });
}

async function main({ args: argv, build: served }: ServeOptions) {
  const args = new Set(argv);
  const dev = args.has('--dev');
  const { registry, knex } = await prepareDatabase();
  if (args.has('--setup-only')) {
    console.log(`database ready (${isMysql(knex) ? 'MySQL' : 'SQLite'})`);
    await closeInvalidator();
    await knex.destroy();
    return;
  }

  const scheduler = createScheduler(registry, { redisUrl: process.env.REDIS_URL, worker: false });
  setScheduler(scheduler);
  await scheduler.start();

  const app = express();
  const shutdown = gracefulShutdown();
  app.use(shutdown.middleware);
  app.disable('x-powered-by');
  if (process.env.TRUST_PROXY) app.set('trust proxy', process.env.TRUST_PROXY === '1' ? 1 : process.env.TRUST_PROXY);
  // After a burst of load, one full collection once idle gives the heap's high-water mark back
  // (core/http/idle-memory.server.ts; IDLE_GC=0 leaves it to V8).
  const idleMemory = process.env.IDLE_GC === '0' ? null : releaseMemoryWhenIdle();
  if (idleMemory) app.use(idleMemory);
  app.use(compression());
  // The client address reaches Remix loaders through a header only the server can set.
  app.use(clientAddress);
  // helmet headers (CSP with a per-request nonce on pages; not under Vite's dev server, which
  // injects its own scripts and styles) and the CSRF check before anything reads a body.
  app.use(securityHeaders({ csp: !dev }));
  // Public paths a plugin opened to other sites: CORS headers and preflights, then the CSRF check trusts their allowed origins.
  app.use(crossOriginGuard());
  app.use(csrfGuard());

  let build: ServerBuild | (() => Promise<ServerBuild>);
  if (dev) {
    const vite = await import('vite');
    const viteServer = await vite.createServer({ server: { middlewareMode: true } });
    app.use(viteServer.middlewares);
    build = async () => guardBuild((await viteServer.ssrLoadModule('virtual:remix/server-build')) as ServerBuild);
  } else {
    const buildDir = path.resolve(process.env.BUILD_DIR || 'build');
    const clientDir = path.join(buildDir, 'client');
    app.use('/assets', express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: '1y' }));
    // The few files at the client build's root (favicon …): only their paths look for a file,
    // not every page and API call (a stat each, 6 % of a small API call's time).
    const rootEntries = new Set(fs.readdirSync(clientDir).filter((f) => f !== 'assets'));
    const rootFiles = express.static(clientDir, { maxAge: '1h' });
    app.use((req, res, next) => (rootEntries.has(req.path.split('/')[1]) ? rootFiles(req, res, next) : next()));
    if (!served) throw new Error('serve() needs the build it was loaded from, or --dev');
    // Every loader and action answers a translated 503 while the database cannot be reached.
    build = guardBuild(served);
  }
  const log = process.env.LOG_REQUESTS !== '0' ? morgan('tiny') : null;
  if (log) app.use(log);
  app.all('*', createRequestHandler({ build, mode: dev ? 'development' : 'production', getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce }) }));
  // /api/* straight to its route module, before Express and React Router (core/http/api-router.server.ts).
  const listener =
    typeof build === 'function'
      ? app
      : apiFront({
          build,
          fallback: app,
          trust: app.get('trust proxy fn'),
          headers: apiSecurityHeaders(),
          watchers: [shutdown.middleware, ...(idleMemory ? [idleMemory] : []), ...(log ? [log] : [])] as never[],
        });

  const port = Number(process.env.PORT || 3000);
  const host = process.env.HOST || '0.0.0.0';
  const server = http.createServer(listener).listen(port, host, () => {
    const url = `http://localhost:${port}`;
    const password = process.env.DEMO_PASSWORD || 'Demo@12345';
    console.log('');
    console.log(`Port services platform is running at ${url}`);
    console.log(`database: ${isMysql(knex) ? 'MySQL' : 'SQLite'}, jobs: ${scheduler.mode}`);
    console.log(`demo logins (password ${password}):`);
    for (const u of [...DEMO_USERS, ...registry.plugins.flatMap((p) => p.demoLogins ?? [])]) console.log(`  ${u.username.padEnd(13)} userType ${u.userType}  ${u.nickname}`);
    console.log('');
  });

  // SIGTERM/SIGINT: stop accepting, finish the requests in flight, then close what the process
  // holds and exit 0 (core/http/shutdown.server.ts).
  shutdown.attach(server);
  const stop = (signal: string) =>
    void shutdown.stop(signal, async () => {
      await scheduler.close();
      await flushSessionTouches();
      await Promise.all([closeInvalidator(), closeThrottleStore()]);
      await knex.destroy();
    });
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
