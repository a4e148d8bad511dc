// SPEC §2 navigation rules, through the real route loaders: /, unknown paths, /login,
// /dashboard, and the auto-login link on /.
import { describe, expect, it } from 'vitest';
import { location, req, respond, run, setCookie, cookieHeader } from '../../tests/support/http';
import { DEMO_PASSWORD, loginAs } from '../../tests/support/session';
import { revokeSessions } from '@core/auth/session.server';
import { restoreEnvAfterEach, setUpTestDb } from '../../tests/support/suite';
import { encryptAes } from '@core/auth/autologin.server';
import { loader as indexLoader } from './_index';
import { loader as splatLoader } from './$';
import { loader as loginLoader } from './login';
import { loader as dashboardLoader } from './_main.dashboard';
import { TRADER_LANDING } from '../landing.server';
import { action as getInfoAction } from './api.login.getInfo';

const db = setUpTestDb({ logins: ['admin', 'trader', 'shipper'] });
const { cookies } = db;

restoreEnvAfterEach();

const redirectOf = async (fn: Parameters<typeof respond>[0], path: string, cookie?: string) => {
  const res = await respond(fn, req(path, { cookie }));
  return location(res);
};

describe('/', () => {
  it('keeps a userType 4 user without the settlement screen (the port-ops shipper) on the dashboard', async () => {
    const { data } = await run(dashboardLoader, req('/dashboard', { cookie: cookies.shipper }));
    expect(data).toHaveProperty('stats');
  });

  it('sends a visitor without a session to /login', async () => {
    expect(await redirectOf(indexLoader, '/')).toBe('/login');
  });
  it('sends a signed-in user to /dashboard', async () => {
    expect(await redirectOf(indexLoader, '/', cookies.admin)).toBe('/dashboard');
  });
});

describe('unknown paths', () => {
  it('go to /login without a session', async () => {
    expect(await redirectOf(splatLoader, '/no/such/page')).toBe('/login');
  });
  it('go to /404 with a session', async () => {
    expect(await redirectOf(splatLoader, '/no/such/page', cookies.trader)).toBe('/404');
  });
  it('go to /login with a cookie whose session was revoked', async () => {
    const cookie = await loginAs('shipagent');
    expect(await redirectOf(splatLoader, '/no/such/page', cookie)).toBe('/404');
    const user = await db.knex('sys_user').where({ username: 'shipagent' }).first();
    await revokeSessions(db.knex, { userIds: [user.id] });
    expect(await redirectOf(splatLoader, '/no/such/page', cookie)).toBe('/login');
  });
});

describe('/login', () => {
  it('sends a signed-in user to /', async () => {
    expect(await redirectOf(loginLoader, '/login', cookies.trader)).toBe('/');
  });
  it('shows the form without a session, with the auto-login notice when asked', async () => {
    const plain = await run(loginLoader, req('/login'));
    expect(plain.res).toBeNull();
    expect(plain.data).toEqual({ notice: null });
    const off = await run(loginLoader, req('/login?autologin=off'));
    expect(off.data).toEqual({ notice: '自动登录未启用或链接无效，请手动登录' });
    const invalid = await run(loginLoader, req('/login?autologin=invalid&lng=en'));
    expect(invalid.data).toEqual({ notice: 'Incorrect account or password' });
  });
});

describe('/dashboard', () => {
  it('sends a trader (userType 4) to /unifiedSettlement/settlementManage', async () => {
    expect(TRADER_LANDING).toBe('/unifiedSettlement/settlementManage');
    expect(await redirectOf(dashboardLoader, '/dashboard', cookies.trader)).toBe('/unifiedSettlement/settlementManage');
  });

  it('sends a visitor without a session to /login', async () => {
    expect(await redirectOf(dashboardLoader, '/dashboard')).toBe('/login');
  });

  it('gives the admin the statistics, with online users and active accounts', async () => {
    const { res, data } = await run(dashboardLoader, req('/dashboard', { cookie: cookies.admin }));
    expect(res).toBeNull();
    const stats = (data as { stats: { key: string; value: { kind: string; value?: number } | null }[] }).stats;
    const byKey = new Map(stats.map((s) => [s.key, s]));
    expect(byKey.get('core.onlineUsers')?.value).toMatchObject({ kind: 'card' });
    expect(byKey.get('system.users')?.value).toMatchObject({ kind: 'card' });
    // admin and trader are signed in (and possibly others from earlier tests)
    expect(byKey.get('core.onlineUsers')!.value!.value).toBeGreaterThanOrEqual(2);
    const active = await db.knex('sys_user').where({ status: '0' }).count({ n: '*' }).first();
    expect(byKey.get('system.users')!.value!.value).toBe(Number(active!.n));
  });

  it('lets a non-trader without any menu see the statistics page too', async () => {
    const { res, data } = await run(dashboardLoader, req('/dashboard', { cookie: await loginAs('freightagent') }));
    expect(res).toBeNull();
    expect((data as { stats: unknown[] }).stats.length).toBeGreaterThan(0);
  });
});

describe('auto-login link /?username=…&password=<AES>&flag=1', () => {
  const enable = () => {
    process.env.AUTOLOGIN_AES_KEY = '0123456789abcdef';
    process.env.AUTOLOGIN_AES_IV = 'fedcba9876543210';
  };
  const link = (username: string, encoded: string, flag = '1') =>
    `/?username=${encodeURIComponent(username)}&password=${encodeURIComponent(encoded)}&flag=${flag}`;

  it('signs in and reloads / with a session cookie', async () => {
    enable();
    const res = await respond(indexLoader, req(link('admin', encryptAes(DEMO_PASSWORD)), { ip: '10.3.0.1' }));
    expect(location(res)).toBe('/');
    expect(setCookie(res, 'sid')).toMatch(/HttpOnly/i);
    expect(setCookie(res, 'hasLogin')).toMatch(/^hasLogin=1/);
    const info = await respond(getInfoAction, req('/api/login/getInfo', { method: 'POST', cookie: cookieHeader(res) }));
    expect(((await info.json()) as { data: { username: string } }).data.username).toBe('admin');
    const row = await db.knex('sys_login_log').where({ ip: '10.3.0.1' }).orderBy('id', 'desc').first();
    expect(row).toMatchObject({ username: 'admin', message: 'ok' });
  });

  it('sends a wrong encrypted password to /login?autologin=invalid without a session', async () => {
    enable();
    const res = await respond(indexLoader, req(link('admin', encryptAes('Wrong@12345')), { ip: '10.3.0.3' }));
    expect(location(res)).toBe('/login?autologin=invalid');
    expect(setCookie(res, 'sid')).toBeUndefined();
  });

  it('sends an undecryptable password to /login?autologin=off', async () => {
    enable();
    expect(await redirectOf(indexLoader, link('admin', 'not-base64-ciphertext'))).toBe('/login?autologin=off');
  });

  it('is off without AUTOLOGIN_AES_KEY / AUTOLOGIN_AES_IV: /login?autologin=off', async () => {
    enable();
    const encoded = encryptAes(DEMO_PASSWORD);
    delete process.env.AUTOLOGIN_AES_KEY;
    delete process.env.AUTOLOGIN_AES_IV;
    const res = await respond(indexLoader, req(link('admin', encoded)));
    expect(location(res)).toBe('/login?autologin=off');
    expect(setCookie(res, 'sid')).toBeUndefined();
  });

  it('ignores the parameters unless flag is 1', async () => {
    enable();
    const res = await respond(indexLoader, req(link('admin', encryptAes(DEMO_PASSWORD), '0')));
    expect(location(res)).toBe('/login');
    expect(setCookie(res, 'sid')).toBeUndefined();
  });

  it('refuses a disabled user with /login?autologin=disabled', async () => {
    enable();
    await db.knex('sys_user').where({ username: 'broker' }).update({ status: '1' });
    try {
      expect(await redirectOf(indexLoader, link('broker', encryptAes(DEMO_PASSWORD)))).toBe('/login?autologin=disabled');
    } finally {
      await db.knex('sys_user').where({ username: 'broker' }).update({ status: '0' });
    }
  });
});
