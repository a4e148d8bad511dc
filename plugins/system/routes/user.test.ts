// /management/user and /api/system/user: data scope against crafted ids, permission checks on
// the screen and the API, and the user rules (unique names, passwords, roles, enable/disable,
// not deleting yourself, password reset) through real Requests into the route modules.
import { beforeAll, describe, expect, it } from 'vitest';
import system from '../index';
import { setUpTestDb, userId } from '../../../tests/support/suite';
import { envelope, location, req, respond, run } from '../../../tests/support/http';
import { DEMO_PASSWORD, loginAnswer, loginAs, sessionCode } from '../../../tests/support/session';
import { makeDept, makeRole, makeUser, resourceApi, signedInUser, USER_MENUS } from '../../../tests/support/resource';
import { action as userAction } from './api.userActions';
import { loader as userPageLoader } from '../../../app/screen';

const db = setUpTestDb({ plugins: [system], logins: ['admin'] });
const { cookies } = db;
let adminId: number;
let userRoleId: number;

const users = (cookie: string) => resourceApi('system', 'user', { cookie });
const USER_PERMS = ['system:user:list', 'system:user:add', 'system:user:edit', 'system:user:remove'];

const row = (id: number) => db.knex('sys_user').where({ id }).first();
/** POST /api/system/userAction/<id>/<op> as the user of this cookie. */
const userOp = (id: number, op: string, cookie: string, json: Record<string, unknown> = {}) => respond(userAction, req(`/api/system/userAction/${id}/${op}`, { cookie, json }), { id: String(id), op });

beforeAll(async () => {
  adminId = await userId(db, 'admin');
  // a plain role the created users get: within what the department managers hold, so they may hand it out
  userRoleId = await makeRole(db.knex, { code: 'PLAIN', name: '普通角色', dataScope: 'self', menus: ['management', 'management.user'], permissions: ['system:user:list'] });
});

describe('data scope', () => {
  let deptA: number;
  let deptA1: number;
  let deptB: number;
  let inA: { id: number; username: string };
  let inA1: { id: number; username: string };
  let inB: { id: number; username: string };
  let manager: { id: number; username: string };
  let managerCookie: string;

  beforeAll(async () => {
    deptA = await makeDept(db.knex, '甲部门');
    deptA1 = await makeDept(db.knex, '甲一科', deptA);
    deptB = await makeDept(db.knex, '乙部门');
    const deptRole = await makeRole(db.knex, { code: 'DEPT_MGR', dataScope: 'dept', menus: USER_MENUS, permissions: USER_PERMS });
    manager = await makeUser(db.knex, { username: 'mgr_a', roleIds: [deptRole], deptId: deptA });
    inA = await makeUser(db.knex, { username: 'a_member', roleIds: [userRoleId], deptId: deptA });
    inA1 = await makeUser(db.knex, { username: 'a1_member', roleIds: [userRoleId], deptId: deptA1 });
    inB = await makeUser(db.knex, { username: 'b_member', roleIds: [userRoleId], deptId: deptB });
    managerCookie = await loginAs(manager.username);
  });

  const names = (rows: Record<string, unknown>[]) => rows.map((r) => String(r.username)).sort();
  type Query = Record<string, string | number>;

  it('a dept-scope user in A lists the users of A and its child A1 only', async () => {
    const { status, body } = await users(managerCookie).list({ pageSize: 100 });
    expect(status).toBe(200);
    expect(names(body.data!.rows)).toEqual(['a1_member', 'a_member', 'mgr_a']);
    expect(body.data!.total).toBe(3);
  });

  it('GET, PUT, DELETE and a transition on a user of B by id answer 404 (not 403, not success) and change nothing', async () => {
    const before = await row(inB.id);
    const api = users(managerCookie);
    const got = await api.get(inB.id);
    expect(got).toMatchObject({ status: 404, body: { code: 404, msg: '数据不存在或无权访问' } });
    expect(got.body.data).toBeUndefined();
    expect(await api.update(inB.id, { username: 'b_member', nickname: '被改了', roleIds: [userRoleId], userType: '3', version: 1 })).toMatchObject({ status: 404, body: { code: 404 } });
    const del = await api.remove(inB.id);
    expect(del.status).toBe(404);
    const many = await api.removeMany([inA.id, inB.id]);
    expect(many.status).toBe(404);
    const disable = await api.transition('disable', [inB.id]);
    expect(disable.status).toBe(404);
    const reset = await userOp(inB.id, 'resetPassword', managerCookie, { password: 'Hacked#123' });
    expect(reset.status).toBe(404);
    expect(await row(inB.id)).toEqual(before);
    expect(await row(inA.id)).toBeDefined();
  });

  it('a user of A1 (below A) can be read and edited by the A manager', async () => {
    const got = await users(managerCookie).get(inA1.id);
    expect(got.body).toMatchObject({ code: 200, data: { username: 'a1_member' } });
    const put = await users(managerCookie).update(inA1.id, { ...got.body.data, nickname: '甲一改名', roleIds: [String(userRoleId)] });
    expect(put.body).toMatchObject({ code: 200, msg: '修改成功' });
    expect((await row(inA1.id)).nickname).toBe('甲一改名');
  });

  it('query parameters never widen the scope', async () => {
    const queries: Query[] = [{ deptId: deptB }, { dataScope: 'all' }, { scope: 'all' }, { deptId: `${deptA},${deptB}` }, { username: 'b_member' }, { after: 1, sort: 'id:asc' }];
    for (const query of queries) {
      const { status, body } = await users(managerCookie).list(query);
      const label = JSON.stringify(query);
      expect(status, label).toBe(200);
      expect(names(body.data!.rows), label).not.toContain('b_member');
      expect(
        names(body.data!.rows).every((n) => ['a1_member', 'a_member', 'mgr_a'].includes(n)),
        label,
      ).toBe(true);
    }
    expect((await users(managerCookie).list({ deptId: deptB })).body.data!.total).toBe(0);
  });

  it('a self-scope role sees only its own user', async () => {
    const selfRole = await makeRole(db.knex, { code: 'SELF_ONLY', dataScope: 'self', menus: USER_MENUS, permissions: USER_PERMS });
    const me = await makeUser(db.knex, { username: 'self_a', roleIds: [selfRole], deptId: deptA });
    const cookie = await loginAs(me.username);
    const { body } = await users(cookie).list();
    expect(names(body.data!.rows)).toEqual(['self_a']);
    expect(body.data!.total).toBe(1);
    expect((await users(cookie).get(inA.id)).status).toBe(404);
    expect((await users(cookie).get(me.id)).body.code).toBe(200);
  });

  it('an all-scope role sees everyone; the widest of several roles wins', async () => {
    const allRole = await makeRole(db.knex, { code: 'ALL_MGR', dataScope: 'all', menus: USER_MENUS, permissions: ['system:user:list'] });
    const everyone = Number((await db.knex('sys_user').count({ n: '*' }).first())!.n);
    const seer = await makeUser(db.knex, { username: 'all_b', roleIds: [allRole], deptId: deptB });
    const { body } = await users(await loginAs(seer.username)).list({ pageSize: 100 });
    expect(body.data!.total).toBe(everyone + 1);
    expect(names(body.data!.rows)).toEqual(expect.arrayContaining(['admin', 'a_member', 'a1_member', 'b_member', 'mgr_a', 'all_b']));
    // self + dept → dept
    const lister = (dataScope: 'self' | 'dept') => makeRole(db.knex, { dataScope, menus: USER_MENUS, permissions: ['system:user:list'] });
    const both = await makeUser(db.knex, { username: 'both_a', roleIds: [await lister('self'), await lister('dept')], deptId: deptA1 });
    const mine = await users(await loginAs(both.username)).list();
    expect(names(mine.body.data!.rows)).toEqual(['a1_member', 'both_a']);
  });
});

describe('permissions', () => {
  let listOnlyCookie: string;
  let menuOnlyCookie: string;

  beforeAll(async () => {
    listOnlyCookie = (await signedInUser(db.knex, { menus: USER_MENUS, permissions: ['system:user:list'] })).cookie;
    menuOnlyCookie = (await signedInUser(db.knex, { menus: USER_MENUS, permissions: [] })).cookie;
  });

  it('without system:user:add, POST /api/system/user is refused with 403 and creates nothing', async () => {
    const res = await users(listOnlyCookie).create({ username: 'sneaky', nickname: '偷建', password: 'Sneaky#123', roleIds: [userRoleId], userType: '3' });
    expect(res).toMatchObject({ status: 403, body: { code: 403, msg: '没有访问权限' } });
    expect(await db.knex('sys_user').where({ username: 'sneaky' }).first()).toBeUndefined();
    // edit, delete and transitions need their own permissions too
    const target = await makeUser(db.knex, { roleIds: [userRoleId] });
    expect((await users(listOnlyCookie).update(target.id, { nickname: 'x', version: 1 })).status).toBe(403);
    expect((await users(listOnlyCookie).remove(target.id)).status).toBe(403);
    expect((await users(listOnlyCookie).transition('disable', [target.id])).status).toBe(403);
    expect(await row(target.id)).toMatchObject({ status: '0', version: 1 });
  });

  it('the list API needs system:user:list: the menu alone is not enough', async () => {
    expect(await users(menuOnlyCookie).list()).toMatchObject({ status: 403, body: { code: 403 } });
    expect((await users(menuOnlyCookie).get(adminId)).status).toBe(403);
    expect((await users(listOnlyCookie).list()).status).toBe(200);
  });

  it('the /management/user page loader refuses a user without the menu (403) and a visitor (to /login)', async () => {
    const trader = await loginAs('trader');
    const { res } = await run(userPageLoader, req('/management/user', { cookie: trader }));
    expect(res?.status).toBe(403);
    // the menu without the list permission is refused too
    expect((await run(userPageLoader, req('/management/user', { cookie: menuOnlyCookie }))).res?.status).toBe(403);
    expect(location(await respond(userPageLoader, req('/management/user')))).toBe('/login');
  });

  it('the page loader gives a list-only user the rows and no add/edit/delete abilities', async () => {
    const { res, data } = await run(userPageLoader, req('/management/user', { cookie: listOnlyCookie }));
    expect(res).toBeNull();
    const d = data as { result: { total: number }; can: Record<string, unknown> };
    expect(d.result.total).toBeGreaterThan(0);
    expect(d.can).toMatchObject({ create: false, update: false, delete: false, export: true, transitions: [] });
  });

  it('only an administrator hands out the 管理员 role', async () => {
    const { cookie } = await signedInUser(db.knex, { menus: USER_MENUS, permissions: USER_PERMS });
    const adminRole = Number((await db.knex('sys_role').where({ code: 'admin' }).first()).id);
    const res = await users(cookie).create({ username: 'wannabe', nickname: '想当管理员', password: 'Wannabe#1', roleIds: [adminRole], userType: '3' });
    expect(res.status).toBe(403);
    expect(await db.knex('sys_user').where({ username: 'wannabe' }).first()).toBeUndefined();
  });
});

describe('user rules', () => {
  const base = { nickname: '规则用户', roleIds: [] as number[], userType: '3' };
  const valid = () => ({ ...base, roleIds: [userRoleId] });

  it('usernames are unique: a second user with the same name gets 用户名已存在', async () => {
    const first = await users(cookies.admin).create({ ...valid(), username: 'unique_u', password: 'Unique#123' });
    expect(first.body).toMatchObject({ code: 200, msg: '新增成功' });
    const second = await users(cookies.admin).create({ ...valid(), username: 'unique_u', password: 'Unique#456' });
    expect(second).toMatchObject({ status: 400, body: { msg: '用户名已存在' } });
    expect(second.body.data).toEqual({ fieldErrors: { username: '用户名已存在' } });
    expect(await db.knex('sys_user').where({ username: 'unique_u' }).count({ n: '*' }).first()).toMatchObject({ n: 1 });
  });

  it('a password is required on create (6 to 32 characters) and roles are required', async () => {
    const noPassword = await users(cookies.admin).create({ ...valid(), username: 'nopw' });
    expect(noPassword.body).toMatchObject({ code: 500, msg: '密码不能为空' });
    const blank = await users(cookies.admin).create({ ...valid(), username: 'nopw', password: '   ' });
    expect(blank.body.msg).toBe('密码不能为空');
    const short = await users(cookies.admin).create({ ...valid(), username: 'nopw', password: '12345' });
    expect(short.body.msg).toBe('密码长度为6到32个字符');
    const noRoles = await users(cookies.admin).create({ ...base, username: 'noroles', password: 'NoRoles#1' });
    expect(noRoles.body.msg).toBe('角色不能为空');
    expect(noRoles.body.data).toEqual({ fieldErrors: { roleIds: '角色不能为空' } });
    const unknownRole = await users(cookies.admin).create({ ...base, roleIds: [987654], username: 'noroles', password: 'NoRoles#1' });
    expect(unknownRole.body.msg).toBe('角色格式不正确');
    expect(await db.knex('sys_user').whereIn('username', ['nopw', 'noroles']).first()).toBeUndefined();
  });

  it('a blank password on edit keeps the old hash and the sessions', async () => {
    const u = await makeUser(db.knex, { roleIds: [userRoleId] });
    const cookie = await loginAs(u.username);
    const hash = (await row(u.id)).password_hash;
    const res = await users(cookies.admin).update(u.id, { ...valid(), username: u.username, nickname: '改了昵称', password: '', version: 1 });
    expect(res.body).toMatchObject({ code: 200, msg: '修改成功' });
    expect(await row(u.id)).toMatchObject({ password_hash: hash, nickname: '改了昵称', version: 2 });
    expect(await sessionCode(cookie)).toBe(200);
    expect((await loginAnswer(u.username, DEMO_PASSWORD)).code).toBe(200);
  });

  it('a new password signs that user out everywhere; it logs in, the old one does not', async () => {
    const u = await makeUser(db.knex, { roleIds: [userRoleId] });
    const cookie = await loginAs(u.username);
    const bystander = await loginAs('operator');
    expect(await sessionCode(cookie)).toBe(200);
    const res = await users(cookies.admin).update(u.id, { ...valid(), username: u.username, password: 'Changed#789', version: 1 });
    expect(res.body.code).toBe(200);
    expect(await sessionCode(cookie)).toBe(20011);
    expect(await sessionCode(bystander)).toBe(200);
    expect((await loginAnswer(u.username, 'Changed#789')).code).toBe(200);
    expect(await loginAnswer(u.username, DEMO_PASSWORD)).toMatchObject({ code: 500, msg: '账号或密码错误' });
  });

  it('a username cannot be changed to one that exists', async () => {
    const u = await makeUser(db.knex, { roleIds: [userRoleId] });
    const res = await users(cookies.admin).update(u.id, { ...valid(), username: 'admin', version: 1 });
    expect(res.body.msg).toBe('用户名已存在');
    expect((await row(u.id)).username).toBe(u.username);
  });

  it('enabling an enabled user answers 当前状态一致，无需更改 and changes nothing', async () => {
    const u = await makeUser(db.knex, { roleIds: [userRoleId] });
    expect(await users(cookies.admin).transition('enable', [u.id])).toMatchObject({ status: 400, body: { msg: '当前状态一致，无需更改' } });
    expect(await row(u.id)).toMatchObject({ status: '0', version: 1 });
    // the same for disabling twice
    expect((await users(cookies.admin).transition('disable', [u.id])).body.code).toBe(200);
    expect((await users(cookies.admin).transition('disable', [u.id])).body.msg).toBe('当前状态一致，无需更改');
  });

  it('disabling signs the user out and stops new logins; enabling lets them in again', async () => {
    const u = await makeUser(db.knex, { roleIds: [userRoleId] });
    const cookie = await loginAs(u.username);
    const res = await users(cookies.admin).transition('disable', [u.id]);
    expect(res.body).toMatchObject({ code: 200, data: [{ id: u.id, status: '1' }] });
    expect(await db.knex('sys_session').where({ user_id: u.id }).whereNull('revoked_at')).toEqual([]);
    expect(await sessionCode(cookie)).toBe(20011);
    expect(await loginAnswer(u.username, DEMO_PASSWORD)).toMatchObject({ code: 500, msg: '账号已停用，请联系管理员' });
    expect((await users(cookies.admin).transition('enable', [u.id])).body.code).toBe(200);
    expect((await loginAnswer(u.username, DEMO_PASSWORD)).code).toBe(200);
  });

  it('nobody deletes or disables themselves', async () => {
    const del = await users(cookies.admin).remove(adminId);
    expect(del.body.msg).toBe('不能对当前登录账号执行此操作');
    const dis = await users(cookies.admin).transition('disable', [adminId]);
    expect(dis.body.msg).toBe('不能对当前登录账号执行此操作');
    expect(await row(adminId)).toMatchObject({ username: 'admin', status: '0' });
    expect(await sessionCode(cookies.admin)).toBe(200);
  });

  it('deleting a user removes it with its role links and ends its sessions', async () => {
    const u = await makeUser(db.knex, { roleIds: [userRoleId] });
    const cookie = await loginAs(u.username);
    expect((await users(cookies.admin).remove(u.id)).body).toMatchObject({ code: 200, msg: '删除成功' });
    expect(await row(u.id)).toBeUndefined();
    expect(await db.knex('sys_user_role').where({ user_id: u.id })).toEqual([]);
    expect(await sessionCode(cookie)).toBe(20011);
  });

  it('reset password at /api/system/userAction/<id>/resetPassword: the new password logs in, the old one does not', async () => {
    const u = await makeUser(db.knex, { roleIds: [userRoleId] });
    const cookie = await loginAs(u.username);
    const call = (body: Record<string, unknown>, who = cookies.admin) => userOp(u.id, 'resetPassword', who, body);
    expect((await envelope(await call({ password: '123' }))).msg).toBe('密码长度为6到32个字符');
    const res = await call({ password: 'Reset#2024' });
    expect(await envelope(res)).toMatchObject({ code: 200, msg: '密码已重置，该用户需重新登录' });
    expect(await sessionCode(cookie)).toBe(20011);
    expect((await loginAnswer(u.username, 'Reset#2024')).code).toBe(200);
    expect(await loginAnswer(u.username, DEMO_PASSWORD)).toMatchObject({ code: 500, msg: '账号或密码错误' });
    // the reset bumps the version (an open edit form must reload) and is audited without the password
    expect((await row(u.id)).version).toBe(2);
    const audit = await db
      .knex('sys_audit_log')
      .where({ resource: 'system.user', record_id: String(u.id), action: 'resetPassword' })
      .first();
    expect(audit).toMatchObject({ username: 'admin', summary: u.username });
    expect(audit.changes).not.toContain('Reset#2024');
    // without system:user:edit: 403
    const viewer = (await signedInUser(db.knex, { menus: USER_MENUS, permissions: ['system:user:list'] })).cookie;
    expect((await call({ password: 'Other#2024' }, viewer)).status).toBe(403);
    expect((await loginAnswer(u.username, 'Reset#2024')).code).toBe(200);
  });

  it('force logout at /api/system/userAction/<id>/forceLogout ends every session of that user', async () => {
    const u = await makeUser(db.knex, { roleIds: [userRoleId] });
    const one = await loginAs(u.username);
    const two = await loginAs(u.username);
    const res = await userOp(u.id, 'forceLogout', cookies.admin);
    expect(await envelope(res)).toMatchObject({ code: 200, data: { sessions: 2 } });
    expect(await sessionCode(one)).toBe(20011);
    expect(await sessionCode(two)).toBe(20011);
  });
});
