// /api/login/auth, /api/login/getInfo and /api/login/logout against a fresh seeded MariaDB.
import { beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, envelope, req, respond, setCookie } from '../../tests/support/http';
import { DEMO_PASSWORD, loginAs } from '../../tests/support/session';
import { flushSessionTouches, revokeSessions } from '@core/auth/session.server';
import { restoreEnvAfterEach, setUpTestDb } from '../../tests/support/suite';
import { THROTTLE } from '@core/auth/login.server';
import { action as authAction } from './api.login.auth';
import { action as getInfoAction } from './api.login.getInfo';
import { action as logoutAction } from './api.login.logout';

const db = setUpTestDb();

beforeAll(async () => {
  // Extra accounts with the demo password for the lock tests, so locking them leaves the
  // demo users usable.
  const admin = await db.knex('sys_user').where({ username: 'admin' }).first();
  const now = new Date();
  for (const username of ['locka', 'lockb', 'lockc', 'lockd', 'locke', 'lockf', 'lockg', 'lockr']) {
    await db.knex('sys_user').insert({ username, nickname: username, password_hash: admin.password_hash, user_type: 3, status: '0', created_at: now, updated_at: now, version: 1 });
  }
});
restoreEnvAfterEach();

let ipSeq = 0;
/** A fresh client address per test, so the per-address throttle never mixes tests. */
const freshIp = () => `10.1.0.${++ipSeq}`;

const login = (body: Record<string, unknown>, ip = freshIp(), path = '/api/login/auth') =>
  respond(authAction, req(path, { json: body, ip }));
const getInfo = (cookie?: string) => respond(getInfoAction, req('/api/login/getInfo', { method: 'POST', cookie }));

describe('POST /api/login/auth', () => {
  it('signs in with the right password: code 200, an HttpOnly SameSite=Lax sid cookie and a readable hasLogin=1 cookie', async () => {
    const res = await login({ username: 'admin', password: DEMO_PASSWORD, type: 'account' });
    expect(res.status).toBe(200);
    const body = await envelope(res);
    expect(body.code).toBe(200);
    expect(body.msg).toBe('登录成功');

    const sid = setCookie(res, 'sid');
    expect(sid).toBeDefined();
    expect(sid).toMatch(/;\s*HttpOnly/i);
    expect(sid).toMatch(/;\s*SameSite=Lax/i);
    expect(sid).toMatch(/;\s*Path=\//i);

    const hasLogin = setCookie(res, 'hasLogin');
    expect(hasLogin).toMatch(/^hasLogin=1;/);
    expect(hasLogin).not.toMatch(/HttpOnly/i);
    expect(hasLogin).toMatch(/Max-Age=[1-9]\d*/);

    const admin = await db.knex('sys_user').where({ username: 'admin' }).first();
    expect(body.data).toEqual({ userId: admin.id });
  });

  it('trims the username and password before checking them', async () => {
    const body = await envelope(await login({ username: '  trader ', password: ` ${DEMO_PASSWORD}  ` }));
    expect(body.code).toBe(200);
  });

  it('refuses a wrong password with code 500 账号或密码错误 and sets no session cookie', async () => {
    const res = await login({ username: 'admin', password: 'wrong-password' });
    const body = await envelope(res);
    expect(body.code).toBe(500);
    expect(body.msg).toBe('账号或密码错误');
    expect(setCookie(res, 'sid')).toBeUndefined();
    expect(setCookie(res, 'hasLogin')).toBeUndefined();
  });

  it('answers an unknown username exactly like a wrong password', async () => {
    const res = await login({ username: 'nobody-here', password: DEMO_PASSWORD });
    expect(await envelope(res)).toMatchObject({ code: 500, msg: '账号或密码错误' });
    expect(setCookie(res, 'sid')).toBeUndefined();
  });

  it('requires the username (请输入用户名), blank counts as missing', async () => {
    for (const username of [undefined, '', '   ']) {
      const res = await login({ username, password: DEMO_PASSWORD });
      expect(await envelope(res)).toMatchObject({ code: 500, msg: '请输入用户名' });
      expect(setCookie(res, 'sid')).toBeUndefined();
    }
  });

  it('requires the password (请输入密码), blank counts as missing', async () => {
    for (const password of [undefined, '', '  ']) {
      const res = await login({ username: 'admin', password });
      expect(await envelope(res)).toMatchObject({ code: 500, msg: '请输入密码' });
      expect(setCookie(res, 'sid')).toBeUndefined();
    }
  });

  it('answers in English with ?lng=en', async () => {
    const res = await login({ username: 'admin', password: 'nope' }, freshIp(), '/api/login/auth?lng=en');
    expect((await envelope(res)).msg).toBe('Incorrect account or password');
  });

  it('refuses a disabled user with 账号已停用… even with the right password', async () => {
    await db.knex('sys_user').where({ username: 'broker' }).update({ status: '1' });
    try {
      const res = await login({ username: 'broker', password: DEMO_PASSWORD });
      const body = await envelope(res);
      expect(body.code).toBe(500);
      expect(body.msg).toMatch(/^账号已停用/);
      expect(setCookie(res, 'sid')).toBeUndefined();
    } finally {
      await db.knex('sys_user').where({ username: 'broker' }).update({ status: '0' });
    }
    expect((await envelope(await login({ username: 'broker', password: DEMO_PASSWORD }))).code).toBe(200);
  });

  it('locks a username on an address after LOGIN_MAX_FAILURES failures, even for the right password, and logs every attempt', async () => {
    const max = THROTTLE.maxPerUser; // LOGIN_MAX_FAILURES, 5 by default
    const ip = freshIp();
    for (let i = 0; i < max; i++) {
      const body = await envelope(await login({ username: 'locka', password: `bad-${i}` }, ip));
      expect(body.msg).toBe('账号或密码错误');
    }
    const res = await login({ username: 'locka', password: DEMO_PASSWORD }, ip);
    const body = await envelope(res);
    expect(body.code).toBe(500);
    expect(body.msg).toContain('分钟');
    expect(body.msg).toContain('15');
    expect(res.status).toBe(429);
    expect(setCookie(res, 'sid')).toBeUndefined();

    const rows = await db.knex('sys_login_log').where({ username: 'locka' }).orderBy('id');
    expect(rows.map((r: { message: string }) => r.message)).toEqual([...Array(max).fill('invalid'), 'locked']);
    expect(rows.every((r: { success: unknown }) => !r.success)).toBe(true);
    const user = await db.knex('sys_user').where({ username: 'locka' }).first();
    expect(rows.slice(0, max).every((r: { user_id: number }) => r.user_id === user.id)).toBe(true);
    expect(rows.every((r: { ip: string }) => r.ip === ip)).toBe(true);
  });

  it('counts LOGIN_MAX_FAILURES from the environment', async () => {
    process.env.LOGIN_MAX_FAILURES = '2';
    const ip = freshIp();
    await login({ username: 'lockb', password: 'bad-1' }, ip);
    expect((await envelope(await login({ username: 'lockb', password: 'bad-2' }, ip))).msg).toBe('账号或密码错误');
    expect((await envelope(await login({ username: 'lockb', password: DEMO_PASSWORD }, ip))).msg).toContain('分钟');
  });

  it('locks per username: another user on the same address still logs in', async () => {
    const ip = freshIp();
    for (let i = 0; i < THROTTLE.maxPerUser; i++) await login({ username: 'lockc', password: `bad-${i}` }, ip);
    expect((await envelope(await login({ username: 'lockc', password: DEMO_PASSWORD }, ip))).msg).toContain('分钟');
    const res = await login({ username: 'trader', password: DEMO_PASSWORD }, ip);
    expect((await envelope(res)).code).toBe(200);
    expect(setCookie(res, 'sid')).toBeDefined();
  });

  it('a success resets the failure count: failures before it do not add up to a lock', async () => {
    const ip = freshIp();
    for (let i = 0; i < THROTTLE.maxPerUser - 1; i++) await login({ username: 'lockd', password: `bad-${i}` }, ip);
    expect((await envelope(await login({ username: 'lockd', password: DEMO_PASSWORD }, ip))).code).toBe(200);
    await login({ username: 'lockd', password: 'bad-again' }, ip);
    expect((await envelope(await login({ username: 'lockd', password: DEMO_PASSWORD }, ip))).code).toBe(200);
  });
});

describe('sign-in throttle under attack', () => {
  it('25 parallel wrong passwords for one user from one address: exactly LOGIN_MAX_FAILURES are checked, the rest refused as locked', async () => {
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => login({ username: 'locke', password: `parallel-${i}` }, ip).then(envelope)));
    const checked = answers.filter((a) => a.msg === '账号或密码错误');
    const locked = answers.filter((a) => a.msg.includes('分钟'));
    expect(checked).toHaveLength(THROTTLE.maxPerUser);
    expect(locked).toHaveLength(25 - THROTTLE.maxPerUser);
    const logged = await db.knex('sys_login_log').where({ username: 'locke' }).select('message');
    expect(logged.filter((r: { message: string }) => r.message === 'invalid')).toHaveLength(THROTTLE.maxPerUser);
    expect(logged.filter((r: { message: string }) => r.message === 'locked')).toHaveLength(25 - THROTTLE.maxPerUser);
    // Locked on that address even with the right password…
    expect((await envelope(await login({ username: 'locke', password: DEMO_PASSWORD }, ip))).msg).toContain('分钟');
    // …while the real user elsewhere still signs in.
    const res = await login({ username: 'locke', password: DEMO_PASSWORD }, freshIp());
    expect((await envelope(res)).code).toBe(200);
    expect(setCookie(res, 'sid')).toBeDefined();
  });

  it('an attacker cannot lock the administrator out from elsewhere', async () => {
    const attacker = freshIp();
    for (let i = 0; i < THROTTLE.maxPerUser + 2; i++) await login({ username: 'admin', password: `guess-${i}` }, attacker);
    expect((await envelope(await login({ username: 'admin', password: DEMO_PASSWORD }, attacker))).msg).toContain('分钟');
    expect((await envelope(await login({ username: 'admin', password: DEMO_PASSWORD }, freshIp()))).code).toBe(200);
  });

  it('each further failure waits longer before the answer (progressive delay)', async () => {
    process.env.LOGIN_DELAY_MS = '60';
    const ip = freshIp();
    const took: number[] = [];
    for (let i = 0; i < 4; i++) {
      const started = performance.now();
      expect((await envelope(await login({ username: 'lockf', password: `slow-${i}` }, ip))).msg).toBe('账号或密码错误');
      took.push(performance.now() - started);
    }
    // 60, 120, 240, 480 ms on top of the password check.
    expect(took[0]).toBeGreaterThanOrEqual(60);
    expect(took[3]).toBeGreaterThanOrEqual(480);
    expect(took[3] - took[0]).toBeGreaterThan(300);
    // A success answers without the delay and starts the count again.
    const started = performance.now();
    expect((await envelope(await login({ username: 'lockf', password: DEMO_PASSWORD }, ip))).code).toBe(200);
    expect(performance.now() - started).toBeLessThan(took[3]);
  });

  it('one address trying many usernames hits LOGIN_MAX_FAILURES_IP', async () => {
    process.env.LOGIN_MAX_FAILURES_IP = '3';
    const ip = freshIp();
    for (const username of ['spray1', 'spray2', 'spray3']) expect((await envelope(await login({ username, password: 'x' }, ip))).msg).toBe('账号或密码错误');
    expect((await envelope(await login({ username: 'lockg', password: DEMO_PASSWORD }, ip))).msg).toContain('分钟');
    expect((await envelope(await login({ username: 'lockg', password: DEMO_PASSWORD }, freshIp()))).code).toBe(200);
  });

  it('with REDIS_URL the count lives in Redis (shared by every web process) and holds under concurrency', async () => {
    process.env.REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
    const ip = `10.77.${process.pid % 250}.${++ipSeq % 250}`;
    const { Redis } = await import('ioredis');
    const redis = new Redis(process.env.REDIS_URL);
    const keys = [`port:login:u:lockr|${ip}`, `port:login:ip:${ip}`];
    try {
      await redis.del(...keys);
      const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => login({ username: 'lockr', password: `r-${i}` }, ip).then(envelope)));
      expect(answers.filter((a) => a.msg === '账号或密码错误')).toHaveLength(THROTTLE.maxPerUser);
      expect(Number(await redis.get(keys[0]))).toBe(THROTTLE.maxPerUser);
      expect(await redis.pttl(keys[0])).toBeGreaterThan(14 * 60 * 1000);
      // Nothing went to the database counter.
      expect(await db.knex('sys_login_throttle').where('throttle_key', 'like', 'u:lockr|%').count({ n: '*' }).first()).toMatchObject({ n: 0 });
      expect((await envelope(await login({ username: 'lockr', password: DEMO_PASSWORD }, ip))).msg).toContain('分钟');
      expect((await envelope(await login({ username: 'lockr', password: DEMO_PASSWORD }, freshIp()))).code).toBe(200);
    } finally {
      await redis.del(...keys);
      redis.disconnect();
      (globalThis as { __portThrottleRedis?: { client: { disconnect(): void } } }).__portThrottleRedis?.client.disconnect();
    }
  });
});

describe('POST /api/login/getInfo', () => {
  it('returns the SPEC §3 session fields plus userPermission for a signed-in trader (userType 4)', async () => {
    const cookie = await loginAs('trader');
    const res = await getInfo(cookie);
    expect(res.status).toBe(200);
    const body = await envelope(res);
    expect(body.code).toBe(200);
    const data = body.data as Record<string, unknown>;
    for (const field of [
      'nickname',
      'id',
      'username',
      'mobile',
      'email',
      'userType',
      'portArea',
      'companyId',
      'userStatus',
      'companyName',
      'roles',
      'menuList',
      'permissionList',
      'userPermission',
    ]) {
      expect(data, field).toHaveProperty(field);
    }
    const trader = await db.knex('sys_user').where({ username: 'trader' }).first();
    expect(data).toMatchObject({
      id: trader.id,
      username: 'trader',
      nickname: '贸易商演示',
      userType: 4,
      userStatus: '0',
      companyName: '德宏边境贸易有限公司',
      email: 'trader@example.com',
      portArea: '瑞丽',
      roles: [{ roleName: '普通用户', roleCode: '0' }],
    });
    expect(data.userPermission).toEqual(data.permissionList);
    expect(data).not.toHaveProperty('isAdmin');
  });

  it('gives the admin (role 管理员) every sys_menu key and every permission', async () => {
    const body = await envelope(await getInfo(await loginAs('admin')));
    const data = body.data as { roles: { roleName: string }[]; menuList: string[]; permissionList: string[]; userType: number };
    expect(data.roles.map((r) => r.roleName)).toContain('管理员');
    const keys = (await db.knex('sys_menu').select('key')).map((r: { key: string }) => r.key).sort();
    expect(keys.length).toBeGreaterThan(0);
    expect([...data.menuList].sort()).toEqual(keys);
    const codes = (await db.knex('sys_permission').select('code')).map((r: { code: string }) => r.code).sort();
    expect([...data.permissionList].sort()).toEqual(codes);
  });

  it('answers HTTP 401 with code 20011 without a cookie', async () => {
    const res = await getInfo();
    expect(res.status).toBe(401);
    expect(await envelope(res)).toMatchObject({ code: 20011, msg: '未登录或登录已过期，请重新登录' });
  });

  it('answers 20011 for a tampered session cookie', async () => {
    const cookie = await loginAs('trader');
    const forged = cookie.replace(/sid=([^;]+)/, (_m, v: string) => `sid=${v.slice(0, -3)}abc`);
    expect(forged).not.toBe(cookie);
    expect((await envelope(await getInfo(forged))).code).toBe(20011);
  });

  it('refuses a session revoked after it was used (and cached) at once', async () => {
    const cookie = await loginAs('shipagent', DEMO_PASSWORD, freshIp());
    expect((await envelope(await getInfo(cookie))).code).toBe(200);
    const user = await db.knex('sys_user').where({ username: 'shipagent' }).first();
    const n = await revokeSessions(db.knex, { userIds: [user.id] });
    expect(n).toBeGreaterThan(0);
    expect((await db.knex('sys_session').where({ user_id: user.id }).whereNull('revoked_at')).length).toBe(0);
    const res = await getInfo(cookie);
    expect(res.status).toBe(401);
    expect((await envelope(res)).code).toBe(20011);
  });

  it('writes "last seen" in one batch, not on every call, and at most once a minute per session', async () => {
    const cookie = await loginAs('trader', DEMO_PASSWORD, freshIp());
    const user = await db.knex('sys_user').where({ username: 'trader' }).first();
    const session = await db.knex('sys_session').where({ user_id: user.id }).whereNull('revoked_at').orderBy('created_at', 'desc').first();
    const old = new Date(Date.now() - 5 * 60_000);
    await db.knex('sys_session').where({ id: session.id }).update({ last_seen_at: old });
    for (let i = 0; i < 3; i++) expect((await envelope(await getInfo(cookie))).code).toBe(200);
    const seen = async () => new Date((await db.knex('sys_session').where({ id: session.id }).first()).last_seen_at).getTime();
    expect(await seen()).toBe(old.getTime());
    await flushSessionTouches();
    expect(await seen()).toBeGreaterThan(Date.now() - 10_000);
    // Written a moment ago: the next calls do not queue it again.
    await db.knex('sys_session').where({ id: session.id }).update({ last_seen_at: old });
    await getInfo(cookie);
    await flushSessionTouches();
    expect(await seen()).toBe(old.getTime());
  });

  it('refuses the session of a user disabled after signing in', async () => {
    const cookie = await loginAs('broker', DEMO_PASSWORD, freshIp());
    await db.knex('sys_user').where({ username: 'broker' }).update({ status: '1' });
    try {
      expect((await envelope(await getInfo(cookie))).code).toBe(20011);
    } finally {
      await db.knex('sys_user').where({ username: 'broker' }).update({ status: '0' });
    }
  });
});

describe('POST /api/login/logout', () => {
  it('clears hasLogin (Max-Age=0), and the old cookie no longer works for getInfo (20011)', async () => {
    const cookie = await loginAs('operator', DEMO_PASSWORD, freshIp());
    expect((await envelope(await getInfo(cookie))).code).toBe(200);

    const res = await respond(logoutAction, req('/api/login/logout', { method: 'POST', cookie }));
    expect((await envelope(res)).code).toBe(200);
    expect(setCookie(res, 'hasLogin')).toMatch(/^hasLogin=;.*Max-Age=0/);
    const sid = setCookie(res, 'sid');
    expect(sid).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    expect(cookieHeader(res)).toBe('');

    const after = await getInfo(cookie);
    expect(after.status).toBe(401);
    expect((await envelope(after)).code).toBe(20011);
  });

  it('only ends its own session: the same user signed in elsewhere stays signed in', async () => {
    const a = await loginAs('admin', DEMO_PASSWORD, freshIp());
    const b = await loginAs('admin', DEMO_PASSWORD, freshIp());
    await respond(logoutAction, req('/api/login/logout', { method: 'POST', cookie: a }));
    expect((await envelope(await getInfo(a))).code).toBe(20011);
    expect((await envelope(await getInfo(b))).code).toBe(200);
  });
});
