// Two processes on one database (and Redis): a change made through process A's services holds
// on process B within 1 s, although B caches identities for a minute and totals for 3 s; and
// the sign-in lockout counts the attempts of both processes together, atomically.
// Process A is this test; process B a separate Node process (peer.fixture.ts) with its own
// registry, pool, caches and invalidator. Run over Redis pub/sub, and over the database's
// version rows (MariaDB; SQLite with TEST_DB=sqlite).
import crypto from 'node:crypto';
import path from 'node:path';
import { fork, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi, onTestFinished } from 'vitest';
import { createTestDb, TEST_ON_SQLITE, type TestDb } from '../../tests/support/db';
import { demoActor, type DemoActor } from '../demo-actor.server';
import { getRow, updateRow, createRow } from '../resource/service.server';
import type { ServerResource } from '../resource/define.server';
import type { PeerAnswer, PeerRequest } from './peer.fixture';
import { closeInvalidator, createInvalidator } from './invalidation.server';
import { createCache } from './cache.server';
import { Redis } from 'ioredis';
import { attemptLogin, THROTTLE } from '../auth/login.server';
import { closeThrottleStore } from '../auth/throttle.server';
import { DEMO_PASSWORD } from '../../tests/support/session';
import { userId } from '../../tests/support/suite';
import { waitFor } from '../jobs/test-db';

const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const PEER = path.join(__dirname, 'peer.fixture.ts');

type Ask = <T>(req: DistributiveOmit<PeerRequest, 'id'>) => Promise<T>;
type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;

function startPeer(env: Record<string, string>): Promise<{ child: ChildProcess; ask: Ask }> {
  const child = fork(PEER, [], {
    cwd: path.resolve(__dirname, '../..'),
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, LOG_REQUESTS: '0', ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let next = 1;
  child.on('message', (m: PeerAnswer) => {
    const w = waiting.get(m.id);
    waiting.delete(m.id);
    if (m.error) w?.reject(new Error(m.error));
    else w?.resolve(m.result);
  });
  const ask: Ask = (req) =>
    new Promise((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      child.send({ ...req, id });
    });
  return new Promise((resolve, reject) => {
    waiting.set(0, { resolve: () => resolve({ child, ask }), reject });
    child.once('exit', (code) => reject(new Error(`peer exited ${code}`)));
  });
}

/** Asks until the answer is `want`; fails if that takes more than `withinMs`. */
const within = <T>(withinMs: number, want: T, get: () => Promise<T>) => waitFor(async () => (await get()) === want, withinMs, 25);

const transports: { name: string; redis: boolean }[] = [
  { name: 'Redis pub/sub', redis: true },
  { name: `the database version (${TEST_ON_SQLITE ? 'SQLite' : 'MariaDB'})`, redis: false },
];

describe.each(transports)('two processes agree, over $name', ({ redis }) => {
  let db: TestDb;
  let peer: { child: ChildProcess; ask: Ask };
  let admin: DemoActor;
  let roles: ServerResource;
  let operatorId: number;

  beforeAll(async () => {
    const prefix = `test:cache:${crypto.randomBytes(4).toString('hex')}:`;
    vi.stubEnv('REDIS_URL', redis ? REDIS_URL : '');
    vi.stubEnv('CACHE_PREFIX', prefix);
    vi.stubEnv('LOGIN_DELAY_MS', '0');
    await closeThrottleStore();
    await closeInvalidator();
    db = await createTestDb();
    admin = (await demoActor(db.knex, db.registry, 'admin'))!;
    roles = db.registry.resources.get('system.role')!;
    operatorId = await userId(db, 'operator');
    // B keeps identities a minute: only an invalidation can make it see a change in time.
    peer = await startPeer({ DATABASE_URL: db.url, REDIS_URL: redis ? REDIS_URL : '', CACHE_PREFIX: prefix, USER_CACHE_MS: '60000', LOGIN_DELAY_MS: '0' });
    expect(await peer.ask({ op: 'ready', userId: operatorId, resource: 'system.role' })).toBe(redis ? 'redis' : 'database');
  }, 60_000);

  afterAll(async () => {
    if (peer?.child.exitCode === null) {
      const exited = new Promise((r) => peer.child.once('exit', r));
      await peer.ask({ op: 'stop' });
      await exited;
    }
    await closeInvalidator();
    await closeThrottleStore();
    await db?.destroy();
    vi.unstubAllEnvs();
  });

  it('a permission removed from a role on A is refused on B, and granted again when added back', async () => {
    const role = await db.knex('sys_role').where({ code: 'PTGL' }).first();
    const mandatory = new Set((await db.knex('sys_permission').where({ mandatory: true }).select('code')).map((r: { code: string }) => r.code));
    const held: string[] = (await db.knex('sys_role_permission').where({ role_id: role.id }).select('permission_code')).map((r: { permission_code: string }) => r.permission_code);
    const permission = held.find((c) => !mandatory.has(c))!;
    expect(permission).toBeTruthy();
    const can = () => peer.ask<boolean>({ op: 'can', userId: operatorId, permission });
    expect(await can()).toBe(true);

    // B caches: a change straight in the database (no invalidation) is not seen yet.
    await db.knex('sys_role_permission').where({ role_id: role.id, permission_code: permission }).delete();
    expect(await can()).toBe(true);

    const current = await getRow(roles, admin.user, Number(role.id), admin.t, db.knex);
    const without = (current.permissionCodes as string[]).filter((c) => c !== permission);
    const updated = await updateRow(roles, admin, Number(role.id), { ...current, permissionCodes: without }, admin.t, { knex: db.knex });
    await within(1000, false, can);

    await updateRow(roles, admin, Number(role.id), { ...updated, permissionCodes: [...without, permission] }, admin.t, { knex: db.knex });
    await within(1000, true, can);
  });

  it("a row created on A is counted in B's list total", async () => {
    const total = () => peer.ask<number>({ op: 'total', resource: 'system.role', userId: operatorId });
    const before = await total();
    // B caches the total: a row inserted straight in the database is not counted yet.
    const now = new Date();
    await db.knex('sys_role').insert({ code: 'DIRECT', name: 'direct', data_scope: 'self', status: '0', order_num: 99, created_at: now, updated_at: now, version: 1 });
    expect(await total()).toBe(before);

    await createRow(roles, admin, { code: 'VIA_A', name: 'via A', dataScope: 'self', status: '0', orderNum: 98, permissionCodes: ['system:log:list'], menuKeys: [] }, admin.t, { knex: db.knex });
    await within(1000, before + 2, total);
  });

  it.skipIf(redis)('a burst of writes bumps the version once, not once each; a call made during a bump gets one begun after it', async () => {
    const inv = createInvalidator({ knex: db.knex });
    onTestFinished(() => inv.close());
    const version = async () => Number((await db.knex('sys_cache_version').where({ topic: 'burst' }).first())?.version ?? 0);
    await Promise.all(Array.from({ length: 50 }, () => inv.invalidate('burst')));
    expect(await version()).toBe(1);
    // The next bump starts a fifth of the poll interval (50 ms) after the last one at the soonest.
    const running = inv.invalidate('burst');
    await new Promise((r) => setTimeout(r, 100));
    await Promise.all([running, inv.invalidate('burst'), inv.invalidate('burst')]);
    expect(await version()).toBe(3);
    // Steady writes, one every 5 ms for 300 ms: a bump every 50 ms or so, not 60.
    const from = await version();
    for (let i = 0; i < 60; i++) {
      void inv.invalidate('burst');
      await new Promise((r) => setTimeout(r, 5));
    }
    await inv.invalidate('burst');
    expect(await version() - from).toBeLessThanOrEqual(12);
  });

  it('20 wrong passwords at once, 10 on each process: exactly 5 are checked, the other 15 refused with the lock message', async () => {
    const ip = `10.${crypto.randomInt(1, 250)}.${crypto.randomInt(1, 250)}.${crypto.randomInt(1, 250)}`;
    const hash = (await db.knex('sys_user').where({ username: 'admin' }).first()).password_hash;
    const now = new Date();
    await db.knex('sys_user').insert({ username: 'lockx', nickname: 'lockx', password_hash: hash, user_type: 3, status: '0', created_at: now, updated_at: now, version: 1 });
    type Answer = { ok: boolean; reason?: string; message?: string };
    const onA = (i: number): Promise<Answer> =>
      attemptLogin(db.knex, admin.t, { username: 'lockx', password: `wrong-${i}`, ip, userAgent: null }).then((r) => (r.ok ? { ok: true } : { ok: false, reason: r.reason, message: r.message }));
    const onB = (i: number) => peer.ask<Answer>({ op: 'login', username: 'lockx', password: `wrong-b${i}`, ip });
    onTestFinished(async () => {
      if (redis) {
        const client = new Redis(REDIS_URL);
        await client.del(`port:login:u:lockx|${ip}`, `port:login:ip:${ip}`);
        client.disconnect();
      }
    });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? onA(i) : onB(i))));
    expect(answers.filter((a) => a.reason === 'invalid').map((a) => a.message)).toEqual(Array(THROTTLE.maxPerUser).fill('账号或密码错误'));
    const locked = answers.filter((a) => a.reason === 'locked');
    expect(locked).toHaveLength(20 - THROTTLE.maxPerUser);
    for (const a of locked) expect(a.message).toBe(admin.t('core:login.locked', { minutes: 15 }));
    // The right password from that address is refused too, on either process.
    expect((await peer.ask<Answer>({ op: 'login', username: 'lockx', password: DEMO_PASSWORD, ip })).reason).toBe('locked');
    expect((await onA(99)).reason).toBe('locked');
  });
});

describe('the Redis transport', () => {
  it('after its subscriber connection drops, flushes what it may have missed and hears invalidations again', async () => {
    const prefix = `test:cache:${crypto.randomBytes(4).toString('hex')}:`;
    const a = createInvalidator({ redisUrl: REDIS_URL, prefix });
    const b = createInvalidator({ redisUrl: REDIS_URL, prefix });
    const admin = new Redis(REDIS_URL);
    const heard: (string | undefined)[] = [];
    onTestFinished(async () => {
      admin.disconnect();
      await Promise.all([a.close(), b.close()]);
    });
    b.onInvalidate('topic', (key) => heard.push(key));
    await b.ready();
    await a.invalidate('topic', 'k1');
    await until(() => heard.includes('k1'));

    const list = String(await admin.client('LIST'));
    // B's subscriber: the connection of that name subscribed to a channel (A's has none).
    const id = list
      .split('\n')
      .find((l) => l.includes(`name=cache-sub:${prefix} `) && / sub=1 /.test(l))
      ?.match(/\bid=(\d+)/)?.[1];
    expect(id).toBeTruthy();
    heard.length = 0;
    await admin.client('KILL', 'ID', id!);
    // Back: every topic flushed once (key undefined), then keyed invalidations arrive again.
    await until(() => heard.includes(undefined) && b.live());
    await a.invalidate('topic', 'k2');
    await until(() => heard.includes('k2'));
  });
});

const until = (ok: () => boolean) => waitFor(async () => ok(), 10_000, 20);

describe('createCache', () => {
  it('keeps entries until invalidated, and never keeps a load that overlapped an invalidation', async () => {
    const inv = createInvalidator({ redisUrl: REDIS_URL, prefix: `test:cache:${crypto.randomBytes(4).toString('hex')}:` });
    const cache = createCache<number>({ topic: 't', max: 10, ttlMs: 60_000, invalidator: inv });
    let n = 0;
    onTestFinished(() => inv.close());
    expect(await cache.get('k', async () => ++n)).toBe(1);
    await inv.ready();
    let release = () => {};
    const slow = cache.get('k', () => new Promise<number>((r) => (release = () => r(++n))));
    await cache.invalidate();
    release();
    expect(await slow).toBe(2);
    expect(await cache.get('k', async () => ++n)).toBe(3);
    expect(await cache.get('k', async () => ++n)).toBe(3);
    await cache.invalidate('other');
    expect(await cache.get('k', async () => ++n)).toBe(3);
    await cache.invalidate('k');
    expect(await cache.get('k', async () => ++n)).toBe(4);
  });

  it('reads through while invalidations cannot arrive (no database reachable)', async () => {
    const inv = createInvalidator({ knexOf: () => undefined });
    const cache = createCache<number>({ topic: 't', max: 10, ttlMs: 60_000, invalidator: inv });
    let n = 0;
    expect(await cache.get('k', async () => ++n)).toBe(1);
    expect(await cache.get('k', async () => ++n)).toBe(2);
    expect(cache.size).toBe(0);
    await inv.close();
  });
});
