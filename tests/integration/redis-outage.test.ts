// Redis going away and coming back, through a TCP proxy in front of it that the test closes and
// reopens (REDIS_URL points at the proxy): sign-in keeps working (its failures counted in the
// database meanwhile), "run once" and an import upload are refused at once with a translated
// message and never queued later, a catchUp job whose tick passed during the outage runs once
// after Redis is back (not only when a worker starts), and the outage is one log line when it
// starts and one when it ends.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import system from '../../plugins/system';
import { action as importAction } from '../../app/routes/api.$plugin.$resource.import';
import { action as jobAction } from '../../plugins/system/routes/api.jobAction';
import { closeThrottleStore } from '../../core/auth/throttle.server';
import { createScheduler, QUEUE_NAME, setScheduler, type JobScheduler } from '../../core/jobs/scheduler.server';
import { cleanPrefix, testPrefix, TEST_REDIS_URL, waitFor } from '../../core/jobs/test-db';
import { jobsPlugin, testJob } from '../../core/jobs/jobs.fixture';
import { slowPlugin } from '../../core/resource/import/kill.fixture';
import { hashPassword } from '../../core/auth/password.server';
import { BASE, envelope, req, respond } from '../support/http';
import { DEMO_PASSWORD } from '../support/session';
import { tcpProxy } from '../support/net';
import { setUpTestDb } from '../support/suite';
import { action as authAction } from '../../app/routes/api.login.auth';

const DAILY = 'redisout.daily';
const plugin = jobsPlugin('redisout', [testJob(DAILY, { cron: '0 0 3 * * *', exclusive: true, catchUp: true }, async () => 'daily done')]);
const db = setUpTestDb({ plugins: [system, slowPlugin, plugin], registry: true, logins: ['admin'] });
const prefix = testPrefix('redisout');
const target = new URL(TEST_REDIS_URL);
const proxy = tcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
let web: JobScheduler;
let worker: JobScheduler;
let previousUrl: string | undefined;
const lines: string[] = [];

beforeAll(async () => {
  await proxy.up();
  const url = new URL(TEST_REDIS_URL);
  url.port = String(proxy.port);
  previousUrl = process.env.REDIS_URL;
  process.env.REDIS_URL = url.toString();
  web = createScheduler(db.registry, { redisUrl: url.toString(), knex: db.knex, prefix, worker: false });
  worker = createScheduler(db.registry, { redisUrl: url.toString(), knex: db.knex, prefix, worker: true });
  setScheduler(web);
  await web.start();
  await worker.start();
  for (const level of ['log', 'error', 'warn'] as const) {
    const original = console[level].bind(console);
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      lines.push(args.map(String).join(' '));
      original(...args);
    });
  }
});

afterAll(async () => {
  vi.restoreAllMocks();
  await proxy.up();
  setScheduler(undefined);
  await web?.close();
  await worker?.close();
  await closeThrottleStore();
  if (previousUrl === undefined) delete process.env.REDIS_URL;
  else process.env.REDIS_URL = previousUrl;
  await proxy.down();
  await cleanPrefix(prefix);
});

/** Milliseconds `fn` took, and its result. */
async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t0 = Date.now();
  const r = await fn();
  return [r, Date.now() - t0];
}

const login = (username: string, password: string, ip: string) => respond(authAction, req('/api/login/auth', { json: { username, password, type: 'account' }, ip }));

describe('Redis outage', () => {
  it('signs in while Redis is away, its failures counted in the database', async () => {
    // Used once with Redis up: the throttle's connection is open when Redis goes.
    expect((await envelope(await login('admin', DEMO_PASSWORD, '10.7.0.1'))).code).toBe(200);
    await proxy.down();
    const [ok, ms] = await timed(async () => envelope(await login('admin', DEMO_PASSWORD, '10.7.0.2')));
    expect(ok).toMatchObject({ code: 200, msg: '登录成功' });
    expect(ms).toBeLessThan(3000);

    const now = new Date();
    const username = `redisout${Date.now().toString(36)}`;
    await db.knex('sys_user').insert({ username, nickname: username, password_hash: await hashPassword(DEMO_PASSWORD), user_type: 3, status: '0', created_at: now, updated_at: now, version: 1 });
    const wrong = await envelope(await login(username, 'Wrong@12345', '10.7.0.3'));
    expect(wrong.msg).toBe('账号或密码错误');
    const row = await db.knex('sys_login_throttle').where({ throttle_key: `u:${username}|10.7.0.3` }).first();
    expect(Number(row?.failures)).toBe(1);
  });

  it('refuses "run once" at once with a translated message', async () => {
    const request = req(`/api/system/jobs/${DAILY}/run`, { method: 'POST', cookie: db.cookies.admin, json: {} });
    const [res, ms] = await timed(() => respond(jobAction, request, { name: DAILY, op: 'run' }));
    expect(ms).toBeLessThan(2000);
    expect(res.status).toBe(503);
    expect(await envelope(res)).toMatchObject({ code: 500, msg: '任务队列暂时不可用，请稍后重试' });
  });

  it('refuses an import upload at once with a translated message', async () => {
    const form = new FormData();
    form.append('file', new Blob(['\uFEFFcode,name\r\nR1,one\r\n']), 'items.csv');
    form.append('mode', 'valid');
    const request = new Request(`${BASE}/api/impslow/items/import`, { method: 'POST', body: form, headers: { Cookie: db.cookies.admin, Origin: BASE } });
    const [body, ms] = await timed(async () => envelope(await respond(importAction, request, { plugin: 'impslow', resource: 'items' })));
    expect(ms).toBeLessThan(2000);
    expect(body.msg).toBe('无法启动导入，请稍后重试');
    expect(await db.knex('sys_import').where({ resource: 'impslow.items' }).pluck('status')).toEqual(['failed']);
  });

  it('after Redis is back: the tick missed meanwhile runs once, nothing refused runs, and the outage was two log lines', async () => {
    // The daily tick passed while Redis was away (the job existed before it, and never ran).
    await db.knex('sys_job').where({ name: DAILY }).update({ created_at: new Date(Date.now() - 2 * 86_400_000), caught_up_tick: null });
    await proxy.up();
    const caught = await waitFor(() => db.knex('sys_job_log').where({ job_name: DAILY, status: 'success' }).first(), 15_000, 100);
    expect(caught.trigger).toBe('catchUp');
    await new Promise((r) => setTimeout(r, 1500));
    expect(await db.knex('sys_job_log').where({ job_name: DAILY }).pluck('trigger')).toEqual(['catchUp']);

    // The refused run and upload were not sent later.
    const connection = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
    const queue = new Queue(QUEUE_NAME, { connection, prefix });
    try {
      const jobs = await queue.getJobs(['waiting', 'active', 'delayed', 'completed', 'failed']);
      expect(jobs.filter((j) => j.data?.trigger === 'manual').map((j) => j.name)).toEqual([]);
    } finally {
      await queue.close();
      connection.disconnect();
    }

    const redis = lines.filter((l) => l.includes('[redis]'));
    expect(redis).toHaveLength(2);
    expect(redis[0]).toMatch(/^\[redis\] unreachable at 127\.0\.0\.1:\d+\b/);
    expect(redis[1]).toMatch(/^\[redis\] reachable again at 127\.0\.0\.1:\d+ after \d+ s$/);
    // No stacks, no line per reconnection attempt.
    expect(lines.filter((l) => /\n\s+at /.test(l))).toEqual([]);
    expect(lines.filter((l) => /ECONNREFUSED|ECONNRESET|Connection is closed/.test(l) && !l.startsWith('[redis]'))).toEqual([]);
  }, 30_000);
});
