// Memory of the built server under load, on MariaDB:
//   npm run build && npm run bench:memory
// Seeds a MariaDB database of its own (BENCH_DATABASE_URL, default
// mysql://root@127.0.0.1:3306/port_bench), starts the built server on it in one node process
// (so /proc/<pid> is the server itself), signs in, and prints the server's RSS before load,
// after each round of load (BENCH_SECONDS, default 60 s at BENCH_CONNECTIONS, default 50) and
// while it idles afterwards (BENCH_IDLE_SECONDS, default 30). Each request is a different one:
// list APIs with varied filters, sorts and page numbers (every filter value is new, so a cache
// keyed by query would show), get-by-id, the dashboard and a list page rendered on the server.
// BENCH_ROUNDS=2 runs the load twice: a leak keeps growing in the second round, a high-water
// mark does not. BENCH_NODE_ARGS passes flags to the server's node (e.g.
// `--heapsnapshot-signal=SIGWINCH`, then `kill -WINCH <pid>` writes a heap snapshot into the
// repository folder). Prints one JSON summary.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import knexFactory from 'knex';
import { knexConfig } from '../core/db/knex.server';
import { migrateAll, seedAll } from '../core/db/migrate.server';
import { setPlugins } from '../core/registry.server';
import plugins from '../plugins.config';

const ROOT = path.resolve(import.meta.dirname, '..');
const BASE = process.env.BENCH_DATABASE_URL || 'mysql://root@127.0.0.1:3306/port_bench';
const ROWS = Number(process.env.BENCH_ROWS || 50_000);
const SECONDS = Number(process.env.BENCH_SECONDS || 60);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS || 30);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 1);
const BUILD_DIR = process.env.BUILD_DIR || 'build';
const PROBE_FILE = path.join(os.tmpdir(), `port-bench-memory-${process.pid}.json`);

async function prepare() {
  const url = new URL(BASE);
  const dbName = url.pathname.slice(1);
  const root = new URL(BASE);
  root.pathname = '/mysql';
  const admin = knexFactory(knexConfig(root.toString()));
  await admin.raw(`CREATE DATABASE IF NOT EXISTS \`${dbName}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.destroy();
  const knex = knexFactory(knexConfig(BASE));
  const registry = setPlugins(plugins);
  await migrateAll(knex, registry.plugins);
  await seedAll(knex, registry.plugins, registry);
  const have = Number((await knex('sys_audit_log').count({ n: '*' }).first())?.n ?? 0);
  if (have < ROWS) {
    const missing = ROWS - have;
    for (let done = 0; done < missing; done += 200_000) {
      const n = Math.min(200_000, missing - done);
      await knex.raw(
        `INSERT INTO sys_audit_log (resource, record_id, action, user_id, username, ip, summary, changes, created_at)
         SELECT ELT(1 + seq % 5, 'system.user', 'system.role', 'system.refCode', 'customs.hsCode', 'system.dept'),
                CAST(seq % 5000 AS CHAR), ELT(1 + seq % 3, 'create', 'update', 'delete'), 1 + seq % 6,
                ELT(1 + seq % 6, 'admin', 'operator', 'broker', 'trader', 'shipagent', 'freightagent'),
                '127.0.0.1', CONCAT('row ', seq), '{"name":["a","b"]}',
                TIMESTAMPADD(SECOND, seq, '2025-01-01 00:00:00')
         FROM seq_1_to_${n}`,
      );
    }
  }
  const logIds = (await knex('sys_audit_log').select('id').orderBy('id', 'desc').limit(5000)).map((r: { id: number }) => Number(r.id));
  const userIds = (await knex('sys_user').select('id')).map((r: { id: number }) => Number(r.id));
  await knex.destroy();
  return { logIds, userIds };
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function startServer(port: number): Promise<ChildProcess> {
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, ['--expose-gc', ...nodeArgs, '--import', './bench/memory-probe.mjs', '--import', 'tsx', 'server.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: BASE, BUILD_DIR, LOG_REQUESTS: '0', NODE_ENV: 'production', REDIS_URL: '', BENCH_PROBE_FILE: PROBE_FILE },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      if (out.includes('is running at')) resolve();
    });
    child.on('exit', (c) => reject(new Error(`server exited ${c}: ${out}`)));
  });
  // BENCH_SERVER_LOG=<file> keeps what the server prints (e.g. with BENCH_NODE_ARGS=--trace-gc).
  if (process.env.BENCH_SERVER_LOG) child.stdout!.pipe(fs.createWriteStream(process.env.BENCH_SERVER_LOG));
  else child.stdout!.resume();
  return child;
}

/** The server's memory in MB: RSS from /proc (Linux), the V8 heap and buffers from its probe. */
async function memory(pid: number): Promise<{ rss: number; heapTotal?: number; heapUsed?: number; external?: number; arrayBuffers?: number }> {
  await sleep(1100);
  let probe = {};
  try {
    probe = JSON.parse(fs.readFileSync(PROBE_FILE, 'utf8'));
  } catch {
    // no probe yet
  }
  return { ...probe, rss: rssMb(pid) };
}

/** Resident set of a process in MB, from /proc (Linux). */
function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : NaN;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function pick<T>(xs: readonly T[]): T {
  return xs[Math.floor(Math.random() * xs.length)];
}
const int = (lo: number, hi: number) => lo + Math.floor(Math.random() * (hi - lo + 1));
const word = () => Math.random().toString(36).slice(2, 2 + int(1, 6));

/** One request path: mostly list APIs, each with its own filters, sort and page. */
function makePath(logIds: number[], userIds: number[]): string {
  const r = Math.random();
  if (r < 0.35) {
    const q = new URLSearchParams({ page: String(int(1, 200)), pageSize: pick(['10', '20', '50', '100']) });
    q.set('sort', `${pick(['createdAt', 'username', 'resource', 'id'])}:${pick(['asc', 'desc'])}`);
    if (Math.random() < 0.5) q.set('username', pick(['adm', 'op', 'trad', 'broker', word()]));
    if (Math.random() < 0.4) q.set('resource', pick(['system.user', 'system.role', 'system.refCode', 'customs.hsCode', 'system.dept']));
    if (Math.random() < 0.3) q.set('summary', `row ${int(1, 9999)}`);
    if (Math.random() < 0.2) q.set('total', '0');
    return `/api/system/operLog?${q}`;
  }
  if (r < 0.5) {
    const q = new URLSearchParams({ page: String(int(1, 3)), pageSize: '20', sort: `${pick(['username', 'nickname', 'createdAt', 'userType'])}:${pick(['asc', 'desc'])}` });
    if (Math.random() < 0.5) q.set('nickname', word());
    if (Math.random() < 0.3) q.set('userType', String(int(1, 6)));
    return `/api/system/user?${q}`;
  }
  if (r < 0.6) return `/api/system/${pick(['role', 'dept', 'refCodeType', 'refCode'])}?page=${int(1, 5)}&pageSize=${pick(['10', '20'])}`;
  if (r < 0.72) return `/api/system/operLog/${pick(logIds)}`;
  if (r < 0.78) return `/api/system/user/${pick(userIds)}`;
  if (r < 0.86) return '/api/login/getInfo';
  if (r < 0.93) return '/dashboard';
  return `/management/log?page=${int(1, 50)}&username=${word()}`;
}

function load(base: string, cookie: string, logIds: number[], userIds: number[]): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: base,
        connections: CONNECTIONS,
        duration: SECONDS,
        headers: { cookie, origin: base },
        requests: [
          {
            setupRequest: (req) => {
              const p = makePath(logIds, userIds);
              return { ...req, method: p === '/api/login/getInfo' ? 'POST' : 'GET', path: p };
            },
          },
        ],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
  });
}

async function main() {
  if (!fs.existsSync(path.join(ROOT, BUILD_DIR, 'server/index.js'))) throw new Error(`no build in ${BUILD_DIR}: run npm run build first`);
  const { logIds, userIds } = await prepare();
  const port = await freePort();
  const server = await startServer(port);
  const pid = server.pid!;
  const base = `http://127.0.0.1:${port}`;
  try {
    const login = await fetch(`${base}/api/login/auth`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ username: 'admin', password: process.env.DEMO_PASSWORD || 'Demo@12345' }) });
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    if ((await login.json()).code !== 200) throw new Error('login failed');
    // Touch every kind of request once, so lazily loaded modules count as the baseline.
    for (let i = 0; i < 40; i++) {
      const p = makePath(logIds, userIds);
      const res = await fetch(base + p, { method: p === '/api/login/getInfo' ? 'POST' : 'GET', headers: { cookie, origin: base }, redirect: 'manual' });
      await res.arrayBuffer();
      if (res.status >= 400) throw new Error(`${p}: HTTP ${res.status}`);
    }
    await sleep(2000);
    const before = await memory(pid);
    const rounds = [];
    for (let i = 0; i < ROUNDS; i++) {
      const r = await load(base, cookie, logIds, userIds);
      rounds.push({ round: i + 1, requests: r.requests.total, rps: Math.round(r.requests.average), p50ms: r.latency.p50, p99ms: r.latency.p99, errors: r.errors, non2xx: r.non2xx, after: await memory(pid) });
    }
    const idle: { afterSeconds: number; memory: Awaited<ReturnType<typeof memory>> }[] = [];
    for (let s = 5; s <= IDLE_SECONDS; s += 5) {
      await sleep(3900);
      idle.push({ afterSeconds: s, memory: await memory(pid) });
    }
    // What is still alive after a full collection: a leak stays here, garbage does not.
    process.kill(pid, 'SIGUSR2');
    await sleep(1500);
    const afterFullGc = await memory(pid);
    console.log(
      JSON.stringify(
        {
          unit: 'MB',
          connections: CONNECTIONS,
          secondsPerRound: SECONDS,
          nodeArgs: process.env.BENCH_NODE_ARGS ?? '',
          serverPid: pid,
          rssBefore: before.rss,
          rssAfterLoad: rounds.at(-1)!.after.rss,
          rssIdleEnd: idle.at(-1)?.memory.rss ?? null,
          heapUsedAfterFullGc: afterFullGc.heapUsed,
          before,
          rounds,
          idle,
          afterFullGc,
        },
        null,
        2,
      ),
    );
  } finally {
    server.kill('SIGTERM');
    fs.rmSync(PROBE_FILE, { force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
