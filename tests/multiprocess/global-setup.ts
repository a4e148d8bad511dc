// Starts the platform as README "Running on several machines" describes, once for
// tests/multiprocess: a fresh MariaDB database migrated and seeded once, two web processes on
// the built app (build/e2e) and two `npm run worker` processes sharing SESSION_SECRET,
// DATABASE_URL (through a TCP proxy the tests can cut), REDIS_URL (a Redis database of their own)
// and DATA_DIR, and nginx in front of the web processes with deploy/nginx.conf. Everything is torn down afterwards, also when
// starting fails half-way.
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import { Redis } from 'ioredis';
import type { TestProject } from 'vitest/node';
import { knexConfig } from '../../core/db/knex.server';
import { tcpProxy } from '../support/net';
import { findNginx, freePort, mainConfig, NGINX_SITE, ROOT, siteConfig, startChild, stopChild, type Child } from './cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    /** nginx, in front of both web processes. */
    proxyUrl: string;
    /** Each web process directly (bypassing nginx). */
    webUrls: string[];
    /** Process ids of the web processes, in the order of webUrls. */
    webPids: number[];
    databaseUrl: string;
    /** The shared customs EDI exchange folder (inbox/, processed/, failed/). */
    ediDir: string;
    /** nginx's access log (`upstream=<addr>` per request). */
    accessLog: string;
    /** The build the web processes serve (and nginx serves client/assets from). */
    buildDir: string;
    /** Whether `server.mjs --setup-only` exited by itself (with 0) once it had migrated and seeded. */
    setupExited: boolean;
    /**
     * The web processes and workers reach MariaDB through a TCP proxy: `POST <dbControl>/down`
     * cuts the database away from them (connections dropped, new ones refused), `/up` brings it
     * back. The tests' own connection (databaseUrl) goes straight to MariaDB.
     */
    dbControl: string;
  }
}

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || 'mysql://root@127.0.0.1:3306/test';
const TEST_REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const START_MS = 120_000;

/**
 * The app keys Redis with fixed prefixes (BullMQ `port`, sign-in throttle `port:login:`, job
 * locks), so this run gets a Redis logical database of its own: an empty one, claimed with a
 * marker key.
 */
async function claimRedisDb(runId: string): Promise<{ url: string; release(): Promise<void> }> {
  for (const db of [11, 12, 13, 14, 15, 10, 9, 8]) {
    const url = new URL(TEST_REDIS_URL);
    url.pathname = `/${db}`;
    const redis = new Redis(url.toString(), { maxRetriesPerRequest: 2, lazyConnect: true });
    await redis.connect();
    try {
      if ((await redis.dbsize()) === 0 && (await redis.set('multiprocess:claim', runId, 'EX', 3600, 'NX')) === 'OK') {
        return {
          url: url.toString(),
          async release() {
            const r = new Redis(url.toString(), { maxRetriesPerRequest: 2 });
            try {
              if ((await r.get('multiprocess:claim')) === runId) await r.flushdb();
            } finally {
              r.disconnect();
            }
          },
        };
      }
    } finally {
      redis.disconnect();
    }
  }
  throw new Error(`no empty Redis database (8–15) on ${TEST_REDIS_URL} for the multi-process test`);
}

export default async function setup(project: TestProject) {
  const runId = crypto.randomBytes(4).toString('hex');
  const dbName = `mp_${runId}`;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'port-mp-'));
  const dataDir = path.join(tmp, 'data');
  const logDir = path.join(tmp, 'logs');
  const ngxDir = path.join(tmp, 'nginx');
  for (const d of [dataDir, logDir, path.join(ngxDir, 'tmp')]) fs.mkdirSync(d, { recursive: true });
  const children: Child[] = [];
  let control: http.Server | undefined;
  let dbProxy: ReturnType<typeof tcpProxy> | undefined;
  let redisDb: Awaited<ReturnType<typeof claimRedisDb>> | undefined;
  let dbCreated = false;

  const teardown = async () => {
    const t1 = Date.now();
    // nginx first (nothing new reaches the web processes), then web processes and workers.
    const proxy = children.find((c) => c.name === 'nginx');
    if (proxy) await stopChild(proxy);
    await Promise.all(children.filter((c) => c !== proxy).map((c) => stopChild(c)));
    await dbProxy?.down();
    control?.closeAllConnections();
    if (control) await new Promise((r) => control!.close(r));
    if (dbCreated) {
      const admin = knexFactory(knexConfig(TEST_DATABASE_URL));
      await admin.raw(`DROP DATABASE IF EXISTS \`${dbName}\``).finally(() => admin.destroy());
    }
    await redisDb?.release();
    console.log(`multi-process teardown: ${((Date.now() - t1) / 1000).toFixed(1)} s`);
    if (process.env.MULTIPROCESS_KEEP) console.log(`multi-process logs kept in ${logDir} and ${ngxDir}`);
    else fs.rmSync(tmp, { recursive: true, force: true });
  };

  const t0 = Date.now();
  const phases: string[] = [];
  const phase = (name: string) => phases.push(`${name} ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  try {
    const nginx = findNginx();
    if (!nginx) throw new Error('the multi-process test needs nginx: `apt-get install -y nginx` (npm test installs it when run as root)');
    const buildDir = path.resolve(ROOT, process.env.E2E_BUILD_DIR || 'build/e2e');
    if (!fs.existsSync(path.join(buildDir, 'server/index.js'))) {
      throw new Error(`no build in ${buildDir}: BUILD_DIR=build/e2e ENABLE_EXAMPLE_PLUGIN=1 npx remix vite:build (npm test builds it)`);
    }

    const admin = knexFactory(knexConfig(TEST_DATABASE_URL));
    await admin.raw(`CREATE DATABASE \`${dbName}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`).finally(() => admin.destroy());
    dbCreated = true;
    const dbUrl = new URL(TEST_DATABASE_URL);
    dbUrl.pathname = `/${dbName}`;
    redisDb = await claimRedisDb(runId);

    // What every process shares (README "Running on several machines").
    const shared: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: dbUrl.toString(),
      REDIS_URL: redisDb.url,
      // Pub/sub channels are not per Redis database: cache invalidations get a prefix of this run.
      CACHE_PREFIX: `mp:${runId}:cache:`,
      DATA_DIR: dataDir,
      CUSTOMS_EDI_DIR: path.join(dataDir, 'edi'),
      SESSION_SECRET: `mp-${runId}-${crypto.randomBytes(16).toString('hex')}`,
      TZ: process.env.TZ || 'UTC',
      ENABLE_EXAMPLE_PLUGIN: '1',
      BUILD_DIR: buildDir,
      // Failed sign-ins wait 5, 10, 20 … ms instead of 250, 500 …: the lock count is checked, not the delay.
      LOGIN_DELAY_MS: '5',
      LOG_REQUESTS: '0',
      IDLE_GC: '0',
    };
    const tsx = ['--import', 'tsx'];

    // Migrate and seed once, as `npm run setup` would, before any process starts.
    const setupRun = await startChild('setup', process.execPath, ['server.mjs', '--setup-only'], {
      env: shared,
      logDir,
      ready: /database ready/,
      timeoutMs: START_MS,
    });
    // It must exit by itself (an open Redis or database handle would keep it running and
    // `npm run setup` would never return): reported by a test, the other checks still run.
    const setupExited = await Promise.race([setupRun.exited.then((code) => code === 0), new Promise<false>((r) => setTimeout(() => r(false), 10_000))]);
    if (setupRun.proc.exitCode === null) {
      setupRun.proc.kill('SIGKILL');
      await setupRun.exited;
    }
    phase('migrated + seeded');

    // The web processes and workers reach the database through a proxy the tests can cut.
    dbProxy = tcpProxy({ host: dbUrl.hostname, port: Number(dbUrl.port || 3306) });
    await dbProxy.up();
    const viaProxy = new URL(dbUrl);
    viaProxy.port = String(dbProxy.port);
    const cut = dbProxy;
    control = http.createServer((req, res) => {
      const done = (code: number) => res.writeHead(code).end();
      if (req.method === 'POST' && req.url === '/down') void cut.down().then(() => done(204));
      else if (req.method === 'POST' && req.url === '/up') void cut.up().then(() => done(204));
      else done(404);
    });
    const controlPort = await freePort();
    await new Promise<void>((r) => control!.listen(controlPort, '127.0.0.1', r));

    const webPorts = [await freePort(), await freePort()];
    const starting: Promise<Child>[] = webPorts.map((port, i) =>
      startChild(`web${i + 1}`, process.execPath, ['server.mjs'], {
        env: { ...shared, DATABASE_URL: viaProxy.toString(), PORT: String(port), HOST: '127.0.0.1', TRUST_PROXY: '1' },
        logDir,
        ready: /is running at/,
        timeoutMs: START_MS,
      }),
    );
    for (let i = 0; i < 2; i++) {
      starting.push(
        startChild(`worker${i + 1}`, process.execPath, [...tsx, 'jobs/worker.ts'], {
          // One job at a time per worker: two runs started together land on the two workers.
          env: { ...shared, DATABASE_URL: viaProxy.toString(), JOBS_CONCURRENCY: '1' },
          logDir,
          ready: /worker ready/,
          timeoutMs: START_MS,
        }),
      );
    }
    const started = await Promise.allSettled(starting);
    for (const s of started) if (s.status === 'fulfilled') children.push(s.value);
    const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failed) throw failed.reason;
    phase('web processes + workers ready');

    const proxyPort = await freePort();
    const sitePath = path.join(ngxDir, 'site.conf');
    fs.writeFileSync(
      sitePath,
      siteConfig(fs.readFileSync(NGINX_SITE, 'utf8'), {
        upstreams: webPorts.map((p) => `127.0.0.1:${p}`),
        listen: `127.0.0.1:${proxyPort}`,
        clientDir: path.join(buildDir, 'client'),
      }),
    );
    const confPath = path.join(ngxDir, 'nginx.conf');
    fs.writeFileSync(confPath, mainConfig(ngxDir, sitePath));
    const ngxArgs = ['-p', ngxDir, '-c', confPath, '-e', path.join(ngxDir, 'error.log')];
    const check = spawnSync(nginx, ['-t', ...ngxArgs], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`nginx -t refused the generated configuration:\n${check.stderr}`);
    // nginx prints nothing once it listens: readiness is its port answering, below.
    const proxy = await startChild('nginx', nginx, ngxArgs, { env: process.env, logDir, timeoutMs: 10_000 });
    children.unshift(proxy);
    const proxyUrl = `http://127.0.0.1:${proxyPort}`;
    const until = Date.now() + 10_000;
    for (;;) {
      const ok = await fetch(`${proxyUrl}/login`).then((r) => r.ok, () => false);
      if (ok) break;
      if (Date.now() > until) throw new Error(`nginx on ${proxyUrl} does not answer:\n${fs.readFileSync(path.join(ngxDir, 'error.log'), 'utf8')}`);
      await new Promise((r) => setTimeout(r, 200));
    }

    phase('nginx ready');
    console.log(`multi-process setup: ${phases.join(', ')}`);
    project.provide('proxyUrl', proxyUrl);
    project.provide('webUrls', webPorts.map((p) => `http://127.0.0.1:${p}`));
    project.provide('webPids', children.filter((c) => c.name.startsWith('web')).map((c) => c.proc.pid!));
    project.provide('databaseUrl', dbUrl.toString());
    project.provide('ediDir', shared.CUSTOMS_EDI_DIR!);
    project.provide('accessLog', path.join(ngxDir, 'access.log'));
    project.provide('buildDir', buildDir);
    project.provide('setupExited', setupExited);
    project.provide('dbControl', `http://127.0.0.1:${controlPort}`);
  } catch (e) {
    await teardown().catch((err) => console.error('multi-process teardown failed', err));
    throw e;
  }
  return teardown;
}
