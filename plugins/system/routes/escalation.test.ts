// Nobody gains rights they were not given: a token never acts as its issuer's account, a user
// manager cannot hand out (or take) roles beyond their own, nor place users outside their scope.
import { describe, expect, it } from 'vitest';
import system from '../index';
import { setUpTestDb } from '../../../tests/support/suite';
import { envelope, req, respond } from '../../../tests/support/http';
import { loginAs } from '../../../tests/support/session';
import { makeDept, makeRole, makeUser, resourceApi, USER_MENUS } from '../../../tests/support/resource';
import { action as issueAction } from './api.apiTokenIssue';
import { action as userAction } from './api.userActions';

const db = setUpTestDb({ plugins: [system], logins: ['admin'] });
const { cookies } = db;
const USER_PERMS = ['system:user:list', 'system:user:add', 'system:user:edit'];

describe('privilege escalation', () => {
  it('a self-scope token cannot reach the account of the administrator who issued it', async () => {
    const role = await makeRole(db.knex, { dataScope: 'self', menus: USER_MENUS, permissions: USER_PERMS });
    const res = await respond(issueAction, req('/api/system/apiToken/issue', { cookie: cookies.admin, json: { name: 'self-scope', roleId: role } }));
    const token = ((await envelope(res)) as { data: { token: string } }).data.token;
    const admin = await db.knex('sys_user').where({ username: 'admin' }).first();
    const reset = await respond(
      userAction,
      req(`/api/system/userAction/${admin.id}/resetPassword`, { headers: { authorization: `Bearer ${token}` }, json: { password: 'Taken#2026' } }),
      { id: String(admin.id), op: 'resetPassword' },
    );
    expect(reset.status).toBe(404);
    const list = await resourceApi('system', 'user', { token }).list();
    expect(list.body.data?.rows).toEqual([]);
    expect((await db.knex('sys_user').where({ id: admin.id }).first()).password_hash).toBe(admin.password_hash);
  });

  it('a user manager cannot give themselves, or anyone, a role beyond their own rights', async () => {
    const dept = await makeDept(db.knex, '经理部');
    const manager = await makeRole(db.knex, { dataScope: 'dept', menus: USER_MENUS, permissions: USER_PERMS });
    const powerful = await makeRole(db.knex, { dataScope: 'all', menus: [...USER_MENUS, 'management.userGroup', 'management.role'], permissions: [...USER_PERMS, 'system:role:list', 'system:role:edit'] });
    const me = await makeUser(db.knex, { roleIds: [manager], deptId: dept });
    const cookie = await loginAs(me.username);
    const users = resourceApi('system', 'user', { cookie });
    const mine = await users.get(me.id);
    const res = await users.update(me.id, { ...mine.body.data, roleIds: [manager, powerful] });
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('不能授予超出自身的菜单或权限');
    const roles = await db.knex('sys_user_role').where({ user_id: me.id }).select('role_id');
    expect(roles.map((r: { role_id: number }) => Number(r.role_id))).toEqual([manager]);
    // The same role they hold is fine.
    const ok = await users.create({ username: 'staff_in_scope', nickname: '部门员工', password: 'Staff#2026', roleIds: [manager], userType: '3', deptId: dept });
    expect(ok.body.code).toBe(200);
  });

  it('a department-scoped manager cannot create a user in a department outside their scope', async () => {
    const a = await makeDept(db.knex, '甲部');
    const b = await makeDept(db.knex, '乙部');
    const manager = await makeRole(db.knex, { dataScope: 'dept', menus: USER_MENUS, permissions: USER_PERMS });
    const me = await makeUser(db.knex, { roleIds: [manager], deptId: a });
    const users = resourceApi('system', 'user', { cookie: await loginAs(me.username) });
    const res = await users.create({ username: 'outside_b', nickname: '外部', password: 'Outside#2026', roleIds: [manager], userType: '3', deptId: b });
    expect(res.body.code).toBe(500);
    expect(res.body.data).toMatchObject({ fieldErrors: { deptId: '部门格式不正确' } });
    expect(await db.knex('sys_user').where({ username: 'outside_b' }).first()).toBeUndefined();
  });
});
