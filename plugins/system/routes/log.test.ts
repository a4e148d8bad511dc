// /management/log: the screen needs menu management.log + system:log:list; signing another
// user out needs system:session:forceLogout, checked on the server.
import { describe, expect, it, onTestFinished } from 'vitest';
import { location, req, respond, run } from '../../../tests/support/http';
import { loginAs, sessionCode } from '../../../tests/support/session';
import { setUpTestDb } from '../../../tests/support/suite';
import { action as authAction } from '../../../app/routes/api.login.auth';
import { action, loader } from '../../../app/screen';

const db = setUpTestDb({ logins: ['admin', 'operator', 'trader'] });
const { cookies } = db;

async function sessionRef(username: string): Promise<string> {
  const u = await db.knex('sys_user').where({ username }).first();
  const s = await db.knex('sys_session').where({ user_id: u.id }).whereNull('revoked_at').orderBy('created_at', 'desc').first();
  return String(s.id).slice(0, 12);
}

interface LogData {
  tab: string;
  logins: { result: { total: number; rows: { username: string; success: boolean; message: string; ip: string }[] } } | null;
  online: { result: { rows: { username: string; ref: string }[] } } | null;
  canForceLogout: boolean;
}

describe('log screen loader', () => {
  it('refuses the trader with 403', async () => {
    const { res } = await run(loader, req('/management/log', { cookie: cookies.trader }));
    expect(res?.status).toBe(403);
  });

  it('sends a visitor without a session to /login', async () => {
    expect(location(await respond(loader, req('/management/log')))).toBe('/login');
  });

  it('refuses a user granted the menu but not system:log:list', async () => {
    const role = await db.knex('sys_role').where({ code: '0' }).first();
    await db.knex('sys_role_menu').insert([
      { role_id: role.id, menu_key: 'management' },
      { role_id: role.id, menu_key: 'management.log' },
    ]);
    onTestFinished(() => db.knex('sys_role_menu').where({ role_id: role.id }).delete());
    expect((await run(loader, req('/management/log', { cookie: cookies.trader }))).res?.status).toBe(403);
  });

  it('shows the operator the login log (newest first) without the force-logout button', async () => {
    for (const ip of ['10.4.0.1', '10.4.0.2']) {
      await respond(authAction, req('/api/login/auth', { json: { username: 'trader', password: 'bad' }, ip }));
    }
    // the search is a substring match on the username
    const { res, data } = await run(loader, req('/management/log?username=rade&success=0', { cookie: cookies.operator }));
    expect(res).toBeNull();
    const d = data as LogData;
    expect(d.canForceLogout).toBe(false);
    expect(d.logins!.result.total).toBe(2);
    expect(d.logins!.result.rows.map((r) => r.ip)).toEqual(['10.4.0.2', '10.4.0.1']);
    expect(d.logins!.result.rows[0]).toMatchObject({ username: 'trader', success: false, message: 'invalid' });
    const ok = (await run(loader, req('/management/log?username=trader&success=1', { cookie: cookies.operator }))).data as LogData;
    expect(ok.logins!.result.rows.length).toBeGreaterThan(0);
    expect(ok.logins!.result.rows.every((r) => r.success && r.username === 'trader')).toBe(true);
  });

  it('lists the online users for the admin, with the force-logout button', async () => {
    const { data } = await run(loader, req('/management/log?tab=online', { cookie: cookies.admin }));
    const d = data as LogData;
    expect(d.canForceLogout).toBe(true);
    expect(d.online!.result.rows.map((s) => s.username)).toEqual(expect.arrayContaining(['admin', 'operator', 'trader']));
    expect(d.online!.result.rows.every((s) => s.ref.length === 12)).toBe(true);
  });
});

describe('force logout action', () => {
  it('is refused (403) to the operator, who lacks system:session:forceLogout, and the session survives', async () => {
    const ref = await sessionRef('trader');
    const { res } = await run(action, req('/management/log', { form: { ref }, cookie: cookies.operator }));
    expect(res?.status).toBe(403);
    expect(await sessionCode(cookies.trader)).toBe(200);
  });

  it('is refused (403) to the trader', async () => {
    const ref = await sessionRef('operator');
    const { res } = await run(action, req('/management/log', { form: { ref }, cookie: cookies.trader }));
    expect(res?.status).toBe(403);
    expect(await sessionCode(cookies.operator)).toBe(200);
  });

  it('works for a role granted system:session:forceLogout', async () => {
    const role = await db.knex('sys_role').where({ code: 'PTGL' }).first();
    await db.knex('sys_role_permission').insert({ role_id: role.id, permission_code: 'system:session:forceLogout' });
    onTestFinished(() => db.knex('sys_role_permission').where({ role_id: role.id, permission_code: 'system:session:forceLogout' }).delete());
    const victim = await loginAs('shipagent');
    const { res, data } = await run(action, req('/management/log', { form: { ref: await sessionRef('shipagent') }, cookie: cookies.operator }));
    expect(res).toBeNull();
    expect(data).toMatchObject({ ok: true });
    expect(await sessionCode(victim)).toBe(20011);
  });

  it('lets the admin sign the trader out: the trader’s cookie stops working', async () => {
    const { res, data } = await run(action, req('/management/log', { form: { ref: await sessionRef('trader') }, cookie: cookies.admin }));
    expect(res).toBeNull();
    expect(data).toEqual({ ok: true, message: '已强制退出' });
    expect(await sessionCode(cookies.trader)).toBe(20011);
    expect(await sessionCode(cookies.admin)).toBe(200);
  });

  it('reports a session that is already gone', async () => {
    const { data } = await run(action, req('/management/log', { form: { ref: 'AAAAAAAAAAAA' }, cookie: cookies.admin }));
    expect(data).toEqual({ ok: false, message: '该会话已失效' });
    const bad = await run(action, req('/management/log', { form: { ref: "x' OR 1=1 --" }, cookie: cookies.admin }));
    expect(bad.data).toMatchObject({ ok: false });
    expect(await sessionCode(cookies.operator)).toBe(200);
  });
});
