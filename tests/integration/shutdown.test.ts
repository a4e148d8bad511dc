// A rolling restart loses no request: the built server (server.ts, started as operators start
// it) gets SIGTERM while 20 slow requests are in flight; every one gets its complete answer,
// new connections are refused from the signal on, and the process exits 0. The requests are
// failed sign-ins, each held for LOGIN_DELAY_MS by the server itself; they go over keep-alive
// connections, and SHUTDOWN_GRACE_MS is shorter than Node's keep-alive timeout, so the exit
// code also says the idle connections were closed instead of waited for.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/net';
import { setUpTestDb } from '../support/suite';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The Remix build to serve: BUILD_DIR, else the e2e build (made if missing, ~1 min). */
function buildDir(): { dir: string; env: Record<string, string> } {
  if (process.env.BUILD_DIR) return { dir: process.env.BUILD_DIR, env: {} };
  const dir = process.env.E2E_BUILD_DIR || 'build/e2e';
  const env = { ENABLE_EXAMPLE_PLUGIN: '1' };
  if (!fs.existsSync(path.join(ROOT, dir, 'server/index.js'))) {
    const built = spawnSync(path.join(ROOT, 'node_modules/.bin/remix'), ['vite:build'], { cwd: ROOT, env: { ...process.env, ...env, BUILD_DIR: dir }, stdio: 'inherit' });
    if (built.status !== 0) throw new Error(`remix vite:build exited ${built.status}`);
  }
  return { dir, env };
}

function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

const db = setUpTestDb();
let server: ChildProcess;
let output = '';
let port: number;
let dataDir: string;
const exited = { promise: undefined as unknown as Promise<number | null> };

beforeAll(async () => {
  const build = buildDir();
  port = await freePort();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'port-shutdown-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...build.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: db.url,
    BUILD_DIR: build.dir,
    DATA_DIR: dataDir,
    SESSION_SECRET: 'shutdown-test',
    NODE_ENV: 'production',
    LOG_REQUESTS: '0',
    IDLE_GC: '0',
    // Each wrong password is answered after 1.5 s; nobody gets locked out by the burst.
    LOGIN_DELAY_MS: '1500',
    LOGIN_MAX_FAILURES: '1000',
    LOGIN_MAX_FAILURES_IP: '1000',
    // Below Node's 5 s keep-alive timeout: waiting for idle connections would overrun it.
    SHUTDOWN_GRACE_MS: '4000',
  };
  delete env.REDIS_URL;
  server = spawn(process.execPath, ['server.mjs'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  exited.promise = new Promise((resolve) => server.once('exit', (code) => resolve(code)));
  server.stdout!.on('data', (b: Buffer) => (output += b.toString()));
  server.stderr!.on('data', (b: Buffer) => (output += b.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('is running at')) {
        clearInterval(timer);
        resolve();
      }
    }, 50);
    void exited.promise.then((code) => {
      clearInterval(timer);
      reject(new Error(`server exited (${code}) before listening:\n${output}`));
    });
  });
}, 240_000);

afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('SIGTERM during load', () => {
  it('answers the 20 requests in flight in full, refuses new connections and exits 0', async () => {
    const base = `http://127.0.0.1:${port}`;
    const requests = Array.from({ length: 20 }, (_, i) =>
      fetch(`${base}/api/login/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: `nobody${i}`, password: 'wrong' }),
      }).then(async (res) => ({ status: res.status, body: (await res.json()) as { msg?: string } })),
    );
    // All 20 are being answered (each waits 1.5 s in the server) when the signal comes.
    await new Promise((r) => setTimeout(r, 500));
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    expect(server.exitCode).toBeNull();
    expect(await connects(port)).toBe(false);

    const answers = await Promise.all(requests);
    // The complete answer of a wrong password (401 with the envelope), not a reset connection.
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(401));
    expect(answers.map((a) => a.body.msg)).toEqual(Array(20).fill('账号或密码错误'));
    expect(await exited.promise).toBe(0);
    expect(output).toContain('SIGTERM: no new connections');
    expect(output).not.toContain('forced');
  });
});
