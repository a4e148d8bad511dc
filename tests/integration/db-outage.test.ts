// The database going away and coming back, through a TCP proxy in front of MariaDB that the
// test closes and reopens: requests during the outage answer 503 with the translated message,
// the job scheduler keeps the process alive, and everything works again once the database is
// back. Start-up against an unreachable database says where it is (never the password) and
// exits 1.
import { spawn } from 'node:child_process';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loader as listLoader } from '../../app/routes/api.$plugin.$resource';
import { loader as mainLoader } from '../../app/routes/_main';
import { DatabaseUnavailableError, guardBuild, guardHandler, waitForDatabase } from '../../core/db/health.server';
import { getKnex, knexConfig, setKnex } from '../../core/db/knex.server';
import { createScheduler } from '../../core/jobs/scheduler.server';
import { setUpTestDb } from '../support/suite';
import { envelope, req, run } from '../support/http';
import { tcpProxy, type TcpProxy } from '../support/net';

const db = setUpTestDb({ logins: ['admin'] });
const { cookies } = db;
const ROOT = path.resolve(import.meta.dirname, '../..');
const UNAVAILABLE = { zh: '服务暂时不可用，请稍后重试', en: 'Service temporarily unavailable, please try again later' };

let proxy: TcpProxy;
let viaProxy: Knex;

beforeAll(async () => {
  const url = new URL(db.url);
  proxy = tcpProxy({ host: url.hostname, port: Number(url.port || 3306) });
  await proxy.up();
  url.port = String(proxy.port);
  // The app's shared handle goes through the proxy, as if DATABASE_URL pointed there.
  viaProxy = knexFactory(knexConfig(url.toString()));
  setKnex(viaProxy);
});
afterAll(async () => {
  await proxy?.up();
  await viaProxy?.destroy();
  setKnex(db?.knex);
});

// What server.ts serves: every route's loader wrapped by guardBuild.
const list = guardHandler(listLoader);
const page = guardBuild({ routes: { main: { module: { loader: mainLoader } } } }).routes.main.module as { loader: typeof mainLoader };

async function listRoles(lang?: 'en') {
  const request = req(`/api/system/role?page=1&pageSize=10${lang ? `&lng=${lang}` : ''}`, { cookie: cookies.admin });
  const { res } = await run(list, request, { plugin: 'system', resource: 'role' });
  return { status: res!.status, body: await envelope(res!) };
}

describe('database outage', () => {
  it('answers 503 with the translated message while the database is down, and recovers by itself', async () => {
    expect(getKnex()).toBe(viaProxy);
    const before = await listRoles();
    expect(before.status).toBe(200);
    expect(before.body.code).toBe(200);

    await proxy.down();
    // The pooled connection was cut, new ones are refused.
    const zh = await listRoles();
    expect(zh.status).toBe(503);
    expect(zh.body).toMatchObject({ code: 500, msg: UNAVAILABLE.zh });
    const en = await listRoles('en');
    expect(en.status).toBe(503);
    expect(en.body.msg).toBe(UNAVAILABLE.en);

    // A page: its loader throws the 503 the error boundary shows (status and text).
    const { res } = await run(page.loader as never, req('/dashboard?lng=en', { cookie: cookies.admin }));
    expect(res!.status).toBe(503);
    expect(await res!.text()).toBe(UNAVAILABLE.en);

    await proxy.up();
    const after = await listRoles();
    expect(after.status).toBe(200);
    expect(after.body.code).toBe(200);
    expect((after.body.data as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
  });

  it('keeps the job scheduler (and the process) alive through an outage', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => unhandled.push(e);
    process.on('unhandledRejection', onUnhandled);
    const job = db.registry.jobs[0];
    expect(job).toBeDefined();
    const scheduler = createScheduler(db.registry, { knex: viaProxy });
    try {
      await proxy.down();
      // Starting and running a job with the database gone: reported, never thrown at the process.
      await expect(scheduler.start()).resolves.toBeUndefined();
      await expect(scheduler.runOnce(job.name)).rejects.toBeTruthy();
      await scheduler.enqueue?.(job.name);
      await new Promise((r) => setTimeout(r, 300));
      await proxy.up();
      const { logId } = await scheduler.runOnce(job.name);
      expect(logId).toBeGreaterThan(0);
      const log = await db.knex('sys_job_log').where({ id: logId }).first();
      expect(log.job_name).toBe(job.name);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      await proxy.up();
      await scheduler.close();
    }
  });

  it('says where the database is, without the password, after a few tries at start-up', async () => {
    await proxy.down();
    const lines: string[] = [];
    const k = knexFactory(knexConfig(`mysql://root:s3cret-pw@127.0.0.1:${proxy.port}/nowhere`));
    try {
      const err = await waitForDatabase(k, { attempts: 3, delayMs: 20, log: (l) => lines.push(l) }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DatabaseUnavailableError);
      expect((err as Error).message).toBe(`database unreachable at 127.0.0.1:${proxy.port}`);
      expect(lines).toHaveLength(2);
      expect(lines[0]).toContain(`database unreachable at 127.0.0.1:${proxy.port} (ECONNREFUSED); retrying`);
      expect(lines.join('\n')).not.toContain('s3cret-pw');
    } finally {
      await k.destroy();
      await proxy.up();
    }
  });

  it('server.ts exits 1 with "database unreachable at host:port" instead of a driver stack', async () => {
    await proxy.down();
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: `mysql://root:s3cret-pw@127.0.0.1:${proxy.port}/nowhere`, DB_CONNECT_ATTEMPTS: '2', DB_CONNECT_DELAY_MS: '50', PORT: '0', REDIS_URL: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout!.on('data', (b: Buffer) => (out += b.toString()));
      child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(1);
      expect(out).toContain(`database unreachable at 127.0.0.1:${proxy.port} (ECONNREFUSED); retrying`);
      expect(out.trim().split('\n').at(-1)).toBe(`database unreachable at 127.0.0.1:${proxy.port}`);
      expect(out).not.toContain('s3cret-pw');
      expect(out).not.toMatch(/\n\s+at /);
    } finally {
      await proxy.up();
    }
  }, 60_000);
});
