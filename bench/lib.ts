// What the benchmarks share: the MariaDB database they seed (once) and reuse, starting the built
// server as one node process, signing in, autocannon, and reading a process's RSS and CPU.
import { heapFlags } from '../scripts/heap.mjs';
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

export const ROOT = path.resolve(import.meta.dirname, '..');
export const DATABASE_URL = process.env.BENCH_DATABASE_URL || 'mysql://root@127.0.0.1:3306/port_bench';
export const BUILD_DIR = process.env.BUILD_DIR || 'build';
export const PASSWORD = process.env.DEMO_PASSWORD || 'Demo@12345';
/** The code type whose codes the update case edits (one row per connection at a time). */
export const BENCH_CODE_TYPE = 'BENCH';
const BENCH_CODES = 200;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Fixtures {
  /** Operation-log rows in the table (at least the number asked for). */
  rows: number;
  logIds: number[];
  userIds: number[];
  /** The ids of the codes the update case edits. */
  codeIds: number[];
}

/**
 * Creates, migrates and seeds the bench database, then tops the operation log up to `rows`
 * rows (MariaDB's SEQUENCE engine generates them inside the server: no round trips) and adds
 * the codes the update case edits. A database already seeded is reused as it is.
 */
export async function prepareDatabase(rows: number): Promise<Fixtures> {
  const dbName = new URL(DATABASE_URL).pathname.slice(1);
  const root = new URL(DATABASE_URL);
  root.pathname = '/mysql';
  const admin = knexFactory(knexConfig(root.toString()));
  await admin.raw(`CREATE DATABASE IF NOT EXISTS \`${dbName}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.destroy();
  const knex = knexFactory(knexConfig(DATABASE_URL));
  try {
    const registry = setPlugins(plugins);
    await migrateAll(knex, registry.plugins);
    await seedAll(knex, registry.plugins, registry);
    const have = Number((await knex('sys_audit_log').count({ n: '*' }).first())?.n ?? 0);
    if (have < rows) {
      const t0 = Date.now();
      const missing = rows - have;
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
      console.error(`seeded ${missing} operation-log rows in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    }
    const now = new Date();
    const stamps = { created_at: now, updated_at: now, version: 1 };
    await knex('sys_ref_code_type')
      .insert({ type_code: BENCH_CODE_TYPE, name: 'bench', scope: 'system', ...stamps })
      .onConflict('type_code')
      .ignore();
    const codes = Array.from({ length: BENCH_CODES }, (_, i) => ({ rv_domain: BENCH_CODE_TYPE, code: `B${i}`, name: `bench ${i}`, name_en: `bench ${i}`, is_default: false, ...stamps }));
    await knex('sys_ref_code').insert(codes).onConflict(['rv_domain', 'code']).ignore();
    const total = Number((await knex('sys_audit_log').count({ n: '*' }).first())?.n ?? 0);
    const logIds = (await knex('sys_audit_log').select('id').orderBy('id', 'desc').limit(5000)).map((r: { id: number }) => Number(r.id));
    const userIds = (await knex('sys_user').select('id')).map((r: { id: number }) => Number(r.id));
    const codeIds = (await knex('sys_ref_code').where({ rv_domain: BENCH_CODE_TYPE }).select('id').orderBy('id')).map((r: { id: number }) => Number(r.id));
    return { rows: total, logIds, userIds, codeIds };
  } finally {
    await knex.destroy();
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** The environment of the project's server under the bench: production, its own database, one process. */
export function serverEnv(port: number, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL,
    BUILD_DIR,
    NODE_ENV: 'production',
    LOG_REQUESTS: process.env.BENCH_LOG_REQUESTS ?? '0',
    REDIS_URL: process.env.BENCH_REDIS_URL ?? '',
    ...extra,
  };
}

const started = new Set<ChildProcess>();
/** Ends every server the bench started when the bench itself ends, however it ends (an error, Ctrl-C). */
export function track(child: ChildProcess, group = false): ChildProcess {
  started.add(child);
  child.once('exit', () => started.delete(child));
  (child as ChildProcess & { group?: boolean }).group = group;
  return child;
}
process.once('exit', () => {
  for (const c of started) {
    try {
      if ((c as ChildProcess & { group?: boolean }).group) process.kill(-c.pid!, 'SIGKILL');
      else c.kill('SIGKILL');
    } catch {
      /* already gone */
    }
  }
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

/** Resolves once the child prints `marker` on stdout; rejects if it exits first. Keeps stdout drained. */
export function waitForOutput(child: ChildProcess, marker: string, log?: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let out = '';
    const onData = (b: Buffer) => {
      out += b.toString();
      if (out.includes(marker)) {
        child.stdout!.off('data', onData);
        if (log) child.stdout!.pipe(fs.createWriteStream(log));
        else child.stdout!.resume();
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.on('exit', (c) => reject(new Error(`${child.spawnargs.join(' ')} exited ${c}: ${out.slice(-2000)}`)));
  });
}

/**
 * The built server (server.mjs on $BUILD_DIR) in one node process, so the child's pid is the
 * server itself, with the heap limit npm start gives it (scripts/heap.mjs). `nodeArgs` go to
 * that node too (e.g. --expose-gc, --cpu-prof).
 */
export async function startProjectServer(port: number, opts: { nodeArgs?: string[]; env?: Record<string, string>; log?: string } = {}): Promise<ChildProcess> {
  if (!fs.existsSync(path.join(ROOT, BUILD_DIR, 'server/index.js'))) throw new Error(`no build in ${BUILD_DIR}: run npm run build first`);
  const child = track(spawn(process.execPath, [...heapFlags(), ...(opts.nodeArgs ?? []), 'server.mjs'], { cwd: ROOT, env: serverEnv(port, opts.env), stdio: ['ignore', 'pipe', 'inherit'] }));
  await waitForOutput(child, 'is running at', opts.log);
  return child;
}

/** Ends a server the bench started and waits for it to be gone. */
export async function stopServer(child: ChildProcess | null | undefined, group = false): Promise<void> {
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  if (group) process.kill(-child.pid, 'SIGTERM');
  else child.kill('SIGTERM');
  await Promise.race([gone, sleep(10_000)]);
  if (child.exitCode === null && child.signalCode === null) {
    if (group) process.kill(-child.pid, 'SIGKILL');
    else child.kill('SIGKILL');
  }
}

/** Signs in as a seeded user; the session cookie. */
export async function login(base: string, username = 'admin'): Promise<string> {
  const res = await fetch(`${base}/api/login/auth`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ username, password: PASSWORD }) });
  const body = await res.json();
  if (body.code !== 200) throw new Error(`login as ${username} failed: ${JSON.stringify(body).slice(0, 200)}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

function procStatus(pid: number, key: string): number {
  const m = new RegExp(`${key}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : NaN;
}

/** Resident set of a process in MB (Linux /proc). */
export const rssMb = (pid: number) => procStatus(pid, 'VmRSS');
/** The highest resident set the process ever had, in MB. */
export const peakRssMb = (pid: number) => procStatus(pid, 'VmHWM');

/** CPU time (user + system) a process has used, in seconds. */
export function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
}

/** The deepest descendant of a process (`npm start` → tsx → the server's node). */
export function leafPid(pid: number): number {
  for (;;) {
    let children: number[] = [];
    try {
      children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return pid;
    }
    if (!children.length) return pid;
    pid = children[children.length - 1];
  }
}

/** The machine's load averages (1, 5, 15 min), rounded. */
export const loadAvg = () => os.loadavg().map((n) => +n.toFixed(2));

export interface LoadResult {
  rps: number;
  p50ms: number;
  p99ms: number;
  requests: number;
  errors: number;
  non2xx: number;
  /** CPU the server used during the run, as a share of one core. */
  serverCpu: number;
}

/** autocannon against a server, with the server's CPU use over the run. */
export async function cannon(opts: autocannon.Options, serverPid?: number): Promise<LoadResult> {
  const cpu0 = serverPid ? cpuSeconds(serverPid) : 0;
  const t0 = performance.now();
  const r = await new Promise<autocannon.Result>((resolve, reject) => autocannon(opts, (err, res) => (err ? reject(err) : resolve(res))));
  const wall = (performance.now() - t0) / 1000;
  return {
    rps: Math.round(r.requests.average),
    p50ms: r.latency.p50,
    p99ms: r.latency.p99,
    requests: r.requests.total,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    serverCpu: serverPid ? +((cpuSeconds(serverPid) - cpu0) / wall).toFixed(2) : NaN,
  };
}

function pick<T>(xs: readonly T[]): T {
  return xs[Math.floor(Math.random() * xs.length)];
}
const int = (lo: number, hi: number) => lo + Math.floor(Math.random() * (hi - lo + 1));
const word = () =>
  Math.random()
    .toString(36)
    .slice(2, 2 + int(1, 6));

/**
 * One request path of a varied load: mostly list APIs, each with its own filters, sort and page
 * (every filter value is new, so a cache keyed by query would show), get-by-id, identity, the
 * dashboard and a list page rendered on the server. On the operation log (a million rows) the
 * filters are ones an index serves (a day of time, a resource) and a text filter comes without
 * the total, so the load stays on the server and not on full scans in the database.
 */
export function mixedPath(fx: Pick<Fixtures, 'logIds' | 'userIds'>): string {
  const r = Math.random();
  if (r < 0.35) {
    const q = new URLSearchParams({ page: String(int(1, 200)), pageSize: pick(['10', '20', '50', '100']) });
    q.set('sort', `${pick(['createdAt', 'username', 'resource', 'id'])}:${pick(['asc', 'desc'])}`);
    if (Math.random() < 0.5) {
      const day = new Date(Date.UTC(2025, 0, int(1, 12), int(0, 23), int(0, 59))).toISOString().slice(0, 16);
      q.set('createdAtFrom', day);
      q.set('createdAtTo', `${day.slice(0, 10)}T23:59`);
    }
    if (Math.random() < 0.4) q.set('resource', pick(['system.user', 'system.role', 'system.refCode', 'customs.hsCode', 'system.dept']));
    if (Math.random() < 0.3) q.set('username', pick(['adm', 'op', 'trad', 'broker', 'agent', 'ship']));
    if (q.has('username') || Math.random() < 0.2) q.set('total', '0');
    return `/api/system/operLog?${q}`;
  }
  if (r < 0.5) {
    const q = new URLSearchParams({ page: String(int(1, 3)), pageSize: '20', sort: `${pick(['username', 'nickname', 'createdAt', 'userType'])}:${pick(['asc', 'desc'])}` });
    if (Math.random() < 0.5) q.set('nickname', word());
    if (Math.random() < 0.3) q.set('userType', String(int(1, 6)));
    return `/api/system/user?${q}`;
  }
  if (r < 0.6) return `/api/system/${pick(['role', 'dept', 'refCodeType', 'refCode'])}?page=${int(1, 5)}&pageSize=${pick(['10', '20'])}`;
  if (r < 0.72) return `/api/system/operLog/${pick(fx.logIds)}`;
  if (r < 0.78) return `/api/system/user/${pick(fx.userIds)}`;
  if (r < 0.86) return '/api/login/getInfo';
  if (r < 0.93) return '/dashboard';
  return `/management/log?page=${int(1, 50)}&username=${word()}`;
}

const mixedMethod = (p: string) => (p === '/api/login/getInfo' ? 'POST' : 'GET');

/** Touches every kind of request of the varied load once or more, so lazily loaded modules count as the baseline. */
export async function warmUp(base: string, cookie: string, fx: Pick<Fixtures, 'logIds' | 'userIds'>, n = 40): Promise<void> {
  for (let i = 0; i < n; i++) {
    const p = mixedPath(fx);
    const res = await fetch(base + p, { method: mixedMethod(p), headers: { cookie, origin: base }, redirect: 'manual' });
    await res.arrayBuffer();
    if (res.status >= 400) throw new Error(`${p}: HTTP ${res.status}`);
  }
}

/** The varied load for `seconds` at `connections`. */
export function mixedLoad(base: string, cookie: string, fx: Pick<Fixtures, 'logIds' | 'userIds'>, connections: number, seconds: number, serverPid?: number): Promise<LoadResult> {
  const setupRequest = (req: autocannon.Request) => {
    const p = mixedPath(fx);
    return { ...req, method: mixedMethod(p), path: p } as autocannon.Request;
  };
  return cannon({ url: base, connections, duration: seconds, headers: { cookie, origin: base }, requests: [{ setupRequest }] }, serverPid);
}

/** The seeded bench database and one built server on it, signed in as admin (the single-case tools' set-up). */
export async function signedInServer(): Promise<{ server: ChildProcess; base: string; cookie: string }> {
  await prepareDatabase(Number(process.env.BENCH_ROWS || 1_000_000));
  const port = await freePort();
  const server = await startProjectServer(port);
  const base = `http://127.0.0.1:${port}`;
  return { server, base, cookie: await login(base) };
}

/** MariaDB's own count of the statements it has been sent (`Questions`; the SHOW counts once). */
export async function questionsOf(conn: { query: (sql: string) => Promise<unknown> }): Promise<number> {
  const [rows] = (await conn.query("SHOW GLOBAL STATUS LIKE 'Questions'")) as [{ Value: string }[]];
  return Number(rows[0].Value);
}
