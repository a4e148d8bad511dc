// Roles through /api/system/role: unique names, at least one grant, menus bring their
// ancestors and mandatory permissions (server side), the 管理员 role and roles in use cannot
// be deleted, and nobody grants what they do not hold. The role screen's loader too.
import { beforeAll, describe, expect, it } from 'vitest';
import system from '../index';
import { setUpTestDb } from '../../../tests/support/suite';
import { req, run } from '../../../tests/support/http';
import { loginAs } from '../../../tests/support/session';
import { makeRole, makeUser, resourceApi, sessionUser } from '../../../tests/support/resource';
import { filterMenuTree, loadMenuTree, sidebarTree, type MenuItem } from '../../../core/rbac/access.server';
import { loader as rolePageLoader } from '../../../app/screen';

const db = setUpTestDb({ plugins: [system], logins: ['admin'] });
const { cookies } = db;

const roles = (cookie = cookies.admin) => resourceApi('system', 'role', { cookie });
const role = (over: Record<string, unknown>) => ({ code: 'R_TEST', name: '测试角色', dataScope: 'self', status: '0', orderNum: 5, remark: '', menuKeys: [], permissionCodes: [], ...over });
const grantsOf = async (id: number) => ({
  menus: (await db.knex('sys_role_menu').where({ role_id: id }).orderBy('menu_key').pluck('menu_key')) as string[],
  perms: (await db.knex('sys_role_permission').where({ role_id: id }).orderBy('permission_code').pluck('permission_code')) as string[],
});
const leaves = (nodes: MenuItem[]): string[] => nodes.flatMap((n) => (n.children.length ? leaves(n.children) : [n.key]));

describe('role rules', () => {
  it('a duplicate role name gets 角色名称已存在 (a demo role’s name too)', async () => {
    const res = await roles().create(role({ code: 'DUP1', name: '平台管理', menuKeys: ['management.log'] }));
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('角色名称已存在');
    expect(res.body.data).toEqual({ fieldErrors: { name: '角色名称已存在' } });
    expect(await db.knex('sys_role').where({ code: 'DUP1' }).first()).toBeUndefined();
    // renaming another role to an existing name is refused the same way
    const other = await roles().create(role({ code: 'DUP2', name: '另一个角色', menuKeys: ['management.log'] }));
    const renamed = await roles().update(Number(other.body.data!.id), { ...role({ code: 'DUP2', name: '平台管理', menuKeys: ['management.log'] }), version: 1 });
    expect(renamed.body.msg).toBe('角色名称已存在');
  });

  it('no menu and no permission gets 请至少选择一个权限, also when every key sent is unknown', async () => {
    const none = await roles().create(role({ code: 'EMPTY1', name: '空角色' }));
    expect(none.body.msg).toBe('请至少选择一个权限');
    expect(none.body.data).toEqual({ fieldErrors: { permissionCodes: '请至少选择一个权限' } });
    const unknown = await roles().create(role({ code: 'EMPTY2', name: '空角色', menuKeys: ['no.such.menu'], permissionCodes: ['no:such:perm'] }));
    expect(unknown.body.msg).toBe('请至少选择一个权限');
    expect(await db.knex('sys_role').whereIn('code', ['EMPTY1', 'EMPTY2']).first()).toBeUndefined();
  });

  it('ticking one menu stores its ancestors and its mandatory permission, server side', async () => {
    const res = await roles().create(role({ code: 'CODES', name: '代码查看', menuKeys: ['dataBase.refCode'], permissionCodes: ['no:such:perm'] }));
    expect(res.body).toMatchObject({ code: 200, msg: '新增成功' });
    const id = Number(res.body.data!.id);
    const expected = { menus: ['dataBase', 'dataBase.refCode', 'dataBase.systemData'], perms: ['system:refCode:list'] };
    expect(await grantsOf(id)).toEqual(expected);
    expect({ menus: [...(res.body.data!.menuKeys as string[])].sort(), perms: res.body.data!.permissionCodes }).toEqual(expected);
    // a user with only this role sees exactly that screen
    const u = await makeUser(db.knex, { roleIds: [id] });
    const side = sidebarTree(filterMenuTree(await loadMenuTree(db.knex), await sessionUser(db.knex, u.username)));
    expect(side.map((g) => g.key)).toEqual(['dataBase']);
    expect(leaves(side)).toEqual(['dataBase.refCode']);
    // and can list codes but not add them
    const cookie = await loginAs(u.username);
    expect((await resourceApi('system', 'refCode', { cookie }).list()).status).toBe(200);
    expect((await resourceApi('system', 'refCode', { cookie }).create({ rvDomain: 'URGENCY', code: 'NO', name: '不行', nameEn: 'No', isDefault: false })).status).toBe(403);
  });

  it('an optional permission ticked with its menu is kept; unticking the menu on edit drops its grants', async () => {
    const created = await roles().create(role({ code: 'CODES2', name: '代码维护', menuKeys: ['dataBase.refCode'], permissionCodes: ['system:refCode:add'] }));
    const id = Number(created.body.data!.id);
    expect((await grantsOf(id)).perms).toEqual(['system:refCode:add', 'system:refCode:list']);
    const updated = await roles().update(id, { ...role({ code: 'CODES2', name: '代码维护', menuKeys: ['management.log'], permissionCodes: [] }), version: 1 });
    expect(updated.body).toMatchObject({ code: 200, msg: '修改成功' });
    expect(await grantsOf(id)).toEqual({ menus: ['management', 'management.log'], perms: ['system:log:list'] });
  });

  it('the 管理员 role cannot be deleted or renamed', async () => {
    const admin = await db.knex('sys_role').where({ code: 'admin' }).first();
    const del = await roles().remove(admin.id);
    expect(del.body.msg).toBe('管理员角色不能删除或改名');
    const rename = await roles().update(admin.id, { ...role({ code: 'admin', name: '超级管理员', dataScope: 'all', menuKeys: ['management.log'] }), version: admin.version });
    expect(rename.body.msg).toBe('管理员角色不能删除或改名');
    expect(await db.knex('sys_role').where({ id: admin.id }).first()).toMatchObject({ name: '管理员', version: admin.version });
  });

  it('a role assigned to users cannot be deleted; an unused one can, with its grants', async () => {
    const ptgl = await db.knex('sys_role').where({ code: 'PTGL' }).first();
    const used = await roles().remove(ptgl.id);
    expect(used.body.msg).toBe('该角色已分配给用户，不能删除');
    expect(await db.knex('sys_role').where({ id: ptgl.id }).first()).toBeDefined();
    // one used role in a batch refuses the whole batch
    const spare = Number((await roles().create(role({ code: 'SPARE', name: '备用', menuKeys: ['management.log'] }))).body.data!.id);
    expect((await roles().removeMany([spare, ptgl.id])).body.msg).toBe('该角色已分配给用户，不能删除');
    expect(await db.knex('sys_role').where({ id: spare }).first()).toBeDefined();
    expect((await roles().remove(spare)).body).toMatchObject({ code: 200, msg: '删除成功' });
    expect(await db.knex('sys_role').where({ id: spare }).first()).toBeUndefined();
    expect(await grantsOf(spare)).toEqual({ menus: [], perms: [] });
  });
});

describe('granting only what you hold', () => {
  let editorCookie: string;

  beforeAll(async () => {
    const editorRole = await makeRole(db.knex, {
      menus: ['management', 'management.userGroup', 'management.role', 'management.log'],
      permissions: ['system:role:list', 'system:role:add', 'system:role:edit', 'system:log:list'],
    });
    editorCookie = await loginAs((await makeUser(db.knex, { roleIds: [editorRole] })).username);
  });

  it('a non-administrator with role rights cannot grant a permission or a menu they do not hold (403)', async () => {
    const perm = await roles(editorCookie).create(role({ code: 'BEYOND1', name: '越权一', menuKeys: ['management.role'], permissionCodes: ['system:role:remove'] }));
    expect(perm.status).toBe(403);
    expect(perm.body.msg).toBe('不能授予超出自身的菜单或权限');
    // a menu brings its mandatory permission: ticking the job screen would hand out system:job:list
    const menu = await roles(editorCookie).create(role({ code: 'BEYOND2', name: '越权二', menuKeys: ['management.job'] }));
    expect(menu.status).toBe(403);
    expect(await db.knex('sys_role').whereIn('code', ['BEYOND1', 'BEYOND2']).first()).toBeUndefined();
  });

  it('nor widen an existing role by editing it; within their own rights they may', async () => {
    const ok = await roles(editorCookie).create(role({ code: 'WITHIN', name: '范围内', menuKeys: ['management.log'] }));
    expect(ok.body).toMatchObject({ code: 200, msg: '新增成功' });
    const id = Number(ok.body.data!.id);
    const wider = await roles(editorCookie).update(id, { ...role({ code: 'WITHIN', name: '范围内', menuKeys: ['management.log'], permissionCodes: ['system:session:forceLogout'] }), version: 1 });
    expect(wider.status).toBe(403);
    expect(await grantsOf(id)).toEqual({ menus: ['management', 'management.log'], perms: ['system:log:list'] });
    expect((await db.knex('sys_role').where({ id }).first()).version).toBe(1);
  });

  it('the administrator may grant anything', async () => {
    const res = await roles().create(role({ code: 'ANY', name: '全部给', menuKeys: ['management.job'], permissionCodes: ['system:job:run', 'system:role:remove'] }));
    expect(res.body.code).toBe(200);
    expect((await grantsOf(Number(res.body.data!.id))).perms).toEqual(['system:job:list', 'system:job:run', 'system:role:remove']);
  });
});

describe('role screen loader', () => {
  it('sends the grant tree: menus nested as in the sidebar, each with its permissions and which are mandatory', async () => {
    const { res, data } = await run(rolePageLoader, req('/management/userGroupManagement/role', { cookie: cookies.admin }));
    expect(res).toBeNull();
    type Node = { key: string; children: Node[]; permissions: { code: string; mandatory: boolean }[] };
    const d = data as { grants: { tree: Node[]; loose: { code: string }[] }; result: { total: number } };
    const find = (nodes: Node[], key: string): Node | undefined => nodes.map((n) => (n.key === key ? n : find(n.children, key))).find(Boolean);
    expect(find(d.grants.tree, 'management.systemMaintenance')!.children.map((c) => c.key)).toEqual(expect.arrayContaining(['management.job', 'management.jobLog']));
    expect(find(d.grants.tree, 'management.job')!.permissions).toEqual(expect.arrayContaining([{ code: 'system:job:list', titleKey: 'system:perm.jobList', mandatory: true }]));
    expect(find(d.grants.tree, 'dataBase.refCode')!.permissions.filter((p) => p.mandatory).map((p) => p.code)).toEqual(['system:refCode:list']);
    expect(d.grants.loose.map((p) => p.code)).toContain('shipShow:remind');
  });

  it('is refused (403) to a user without the role menu', async () => {
    const { res } = await run(rolePageLoader, req('/management/userGroupManagement/role', { cookie: await loginAs('operator') }));
    expect(res?.status).toBe(403);
  });
});
