// The cases about the project's server process rather than one API: cold start of `npm start`,
// idle RSS and RSS after a varied load, peak RSS of a 1,000,000-row export, and the SSR pages.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { cannon, DATABASE_URL, type Fixtures, freePort, leafPid, loadAvg, login, mixedLoad, peakRssMb, ROOT, rssMb, serverEnv, sleep, startProjectServer, stopServer, track, warmUp } from './lib';

/** Resolves when the URL answers with any HTTP status; the time it took, in ms. */
async function waitForHttp(url: string, since: number, child: ChildProcess, limitMs: number): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited ${child.exitCode} before answering`);
    if (performance.now() - since > limitMs) throw new Error(`npm start did not answer within ${limitMs / 1000} s`);
    try {
      const res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(1000) });
      await res.arrayBuffer();
      return performance.now() - since;
    } catch {
      await sleep(50);
    }
  }
}

export interface ColdStart {
  /** From spawning `node scripts/start.mjs` until the port answers an HTTP request. */
  ms: number;
  serverPid: number;
  /** The server's RSS when it first answered, before any signed-in request. */
  rssMb: number;
  child: ChildProcess;
  base: string;
}

/**
 * `npm start` (scripts/start.mjs, what the npm script runs) with a build present: the time until
 * the port answers. The process is left running for the memory case; it runs in its own process
 * group, ended with stopServer(child, true).
 */
export async function coldStart(): Promise<ColdStart> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const child = track(spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], { cwd: ROOT, env: serverEnv(port), stdio: ['ignore', 'pipe', 'inherit'], detached: true }), true);
  let out = '';
  child.stdout!.on('data', (b: Buffer) => {
    out += b.toString();
    // A stale build would be rebuilt first: that is not a cold start.
    if (out.includes('[start] building')) {
      process.kill(-child.pid!, 'SIGTERM');
      console.error('the build is older than the sources: run npm run build before the cold-start case');
    }
  });
  try {
    const ms = await waitForHttp(`${base}/login`, t0, child, 120_000);
    const serverPid = leafPid(child.pid!);
    return { ms: Math.round(ms), serverPid, rssMb: rssMb(serverPid), child, base };
  } catch (e) {
    await stopServer(child, true);
    throw e;
  }
}

export interface MemoryFigures {
  idleRssMb: number;
  afterLoadRssMb: number;
  afterIdleRssMb: number;
  growthMb: number;
  load: Awaited<ReturnType<typeof mixedLoad>>;
  loadAvgBefore: number[];
}

/** Idle RSS after sign-in and a warm-up; RSS after `loadSeconds` of varied load at `connections` and `idleSeconds` of idling. */
export async function memoryCase(base: string, pid: number, fx: Fixtures, connections: number, loadSeconds: number, idleSeconds: number): Promise<MemoryFigures> {
  const cookie = await login(base);
  await warmUp(base, cookie, fx);
  await sleep(3000);
  const idleRssMb = rssMb(pid);
  const loadAvgBefore = loadAvg();
  const load = await mixedLoad(base, cookie, fx, connections, loadSeconds, pid);
  const afterLoadRssMb = rssMb(pid);
  await sleep(idleSeconds * 1000);
  const afterIdleRssMb = rssMb(pid);
  return { idleRssMb, afterLoadRssMb, afterIdleRssMb, growthMb: afterIdleRssMb - idleRssMb, load, loadAvgBefore };
}

export interface ExportFigures {
  format: 'xlsx' | 'csv';
  /** The rows the export selects (the list's total under the same filter). */
  rows: number;
  /** Bytes received (decoded) and, for CSV, the lines of data among them. */
  bytes: number;
  csvLines?: number;
  seconds: number;
  /** False when the file had not arrived whole within the time limit (or the server broke it off). */
  finished: boolean;
  error?: string;
  /** The highest RSS sampled every 100 ms while the file streamed, and the kernel's own high-water mark. */
  peakRssMb: number;
  vmHwmMb: number;
  rssBeforeMb: number;
  loadAvgBefore: number[];
}

/**
 * An operation-log export through the export API (the list's export button, as a browser asks
 * for it: gzip accepted), on a fresh server so its peak RSS is the export's and not an earlier
 * case's. `filter` narrows it (quick mode); `limitSeconds` bounds a slow one.
 */
export async function exportCase(format: 'xlsx' | 'csv', filter: string, limitSeconds: number): Promise<ExportFigures> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startProjectServer(port);
  try {
    const pid = server.pid!;
    const cookie = await login(base);
    const query = filter ? `&${filter}` : '';
    const count = await (await fetch(`${base}/api/system/operLog?pageSize=10${query}`, { headers: { cookie } })).json();
    await sleep(2000);
    const rssBeforeMb = rssMb(pid);
    const loadAvgBefore = loadAvg();
    let peak = rssBeforeMb;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
    const t0 = performance.now();
    let bytes = 0;
    let newlines = 0;
    let error: string | undefined;
    try {
      const res = await fetch(`${base}/api/system/operLog/export?format=${format}${query}`, { headers: { cookie }, signal: AbortSignal.timeout(limitSeconds * 1000) });
      if (res.status !== 200 || !res.body) throw new Error(`HTTP ${res.status} ${(await res.text()).slice(0, 300)}`);
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        if (format === 'csv') for (const b of chunk) if (b === 10) newlines++;
      }
    } catch (e) {
      error = (e as Error).name === 'TimeoutError' ? `not finished after ${limitSeconds} s` : String((e as Error).message);
    } finally {
      clearInterval(sampler);
    }
    const seconds = +((performance.now() - t0) / 1000).toFixed(1);
    peak = Math.max(peak, rssMb(pid));
    const rows = Number(count?.data?.total);
    const csvLines = format === 'csv' ? Math.max(0, newlines - 1) : undefined;
    const finished = !error && (csvLines === undefined || csvLines === rows);
    return { format, rows, bytes, csvLines, seconds, finished, error, peakRssMb: peak, vmHwmMb: peakRssMb(pid), rssBeforeMb, loadAvgBefore };
  } finally {
    await stopServer(server);
  }
}

export interface PageFigures {
  path: string;
  p50ms: number;
  p99ms: number;
  rps: number;
  htmlBytes: number;
  errors: number;
  loadAvgBefore: number[];
}

/** A page rendered on the server for a signed-in user: its HTML size, then (for `seconds` > 0) p50 at `connections`. */
export async function pageCase(base: string, pid: number, cookie: string, pagePath: string, connections: number, seconds: number): Promise<PageFigures> {
  const res = await fetch(base + pagePath, { headers: { cookie, 'accept-encoding': 'identity' }, redirect: 'manual' });
  const html = await res.text();
  if (res.status !== 200 || !html.includes('<html')) throw new Error(`${pagePath}: HTTP ${res.status} ${html.slice(0, 200)}`);
  const loadAvgBefore = loadAvg();
  const htmlBytes = Buffer.byteLength(html);
  if (seconds <= 0) return { path: pagePath, p50ms: NaN, p99ms: NaN, rps: NaN, htmlBytes, errors: 0, loadAvgBefore };
  const r = await cannon({ url: base + pagePath, connections, duration: seconds, headers: { cookie } }, pid);
  return { path: pagePath, p50ms: r.p50ms, p99ms: r.p99ms, rps: r.rps, htmlBytes, errors: r.errors + r.non2xx, loadAvgBefore };
}

/** The path of a menu's screen (the HS-code list by default), read from the menus the server synced. */
export async function menuPath(key: string): Promise<string> {
  const conn = await mysql.createConnection({ uri: DATABASE_URL });
  try {
    const [rows] = await conn.query<mysql.RowDataPacket[]>('SELECT path FROM sys_menu WHERE `key` = ?', [key]);
    if (!rows.length) throw new Error(`no menu ${key}`);
    return String(rows[0].path);
  } finally {
    await conn.end();
  }
}
