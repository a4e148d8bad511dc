// Menu administration at /api/system/menu/save and /remove: a plugin entry can be hidden (it
// leaves the sidebar of users granted it) but keeps its path and title and cannot be removed;
// custom entries can be added and removed, and both kinds of edit survive the registry sync
// every start runs.
import { beforeAll, describe, expect, it } from 'vitest';
import system from '../index';
import { setUpTestDb } from '../../../tests/support/suite';
import { answerOf, req, run } from '../../../tests/support/http';
import { loginAs } from '../../../tests/support/session';
import { makeRole, makeUser, sessionUser } from '../../../tests/support/resource';
import { filterMenuTree, loadMenuTree, sidebarTree, type MenuItem } from '../../../core/rbac/access.server';
import { syncRegistryData } from '../../../core/rbac/sync.server';
import { action as menuAction } from './api.menuAdmin';
import { loader as menuPageLoader } from '../../../app/screen';

const db = setUpTestDb({ plugins: [system], logins: ['admin'] });
const { cookies } = db;
let viewer: string;
let viewerRole: number;

const menuCall = (op: 'save' | 'remove', body: Record<string, unknown>, cookie = cookies.admin) => answerOf(menuAction, req(`/api/system/menu/${op}`, { cookie, json: body }), { op });

const leaves = (nodes: MenuItem[]): string[] => nodes.flatMap((n) => (n.children.length ? leaves(n.children) : [n.key]));
const sidebarLeaves = async () => leaves(sidebarTree(filterMenuTree(await loadMenuTree(db.knex), await sessionUser(db.knex, viewer))));
const menuRow = (key: string) => db.knex('sys_menu').where({ key }).first();

beforeAll(async () => {
  // a user granted both code screens
  viewerRole = await makeRole(db.knex, {
    menus: ['dataBase', 'dataBase.systemData', 'dataBase.refCodeType', 'dataBase.refCode'],
    permissions: ['system:refCodeType:list', 'system:refCode:list'],
  });
  viewer = (await makeUser(db.knex, { roleIds: [viewerRole] })).username;
});

describe('menu administration', () => {
  let customKey: string;

  it('hiding a plugin entry takes it out of the sidebar of a user granted it; its path and title stay', async () => {
    expect(await sidebarLeaves()).toEqual(['dataBase.refCodeType', 'dataBase.refCode']);
    const before = await menuRow('dataBase.refCode');
    const res = await menuCall('save', { key: 'dataBase.refCode', hidden: true, icon: '', orderNum: 20, title: '改名', path: '/elsewhere', parentKey: 'management' });
    expect(res.body).toMatchObject({ code: 200, msg: '修改成功' });
    expect(await menuRow('dataBase.refCode')).toMatchObject({ hidden: 1, path: before.path, title_key: before.title_key, parent_key: 'dataBase.systemData', plugin: 'system' });
    expect(await sidebarLeaves()).toEqual(['dataBase.refCodeType']);
    // hidden is not revoked: the grant and the screen's permission stay
    expect(await db.knex('sys_role_menu').where({ role_id: viewerRole, menu_key: 'dataBase.refCode' }).first()).toBeDefined();
  });

  it('adds a custom entry under a group; a granted user sees it', async () => {
    const res = await menuCall('save', { parentKey: 'dataBase.systemData', title: '外部系统', path: '/dataBase/systemData/external', icon: 'Link', orderNum: 90, hidden: false, permission: '' });
    expect(res.body).toMatchObject({ code: 200 });
    const row = await db.knex('sys_menu').where({ title_key: '外部系统' }).first();
    expect(row).toMatchObject({ parent_key: 'dataBase.systemData', path: '/dataBase/systemData/external', plugin: 'custom', order_num: 90 });
    customKey = row.key;
    expect(customKey).toMatch(/^custom\.[0-9a-f]{8}$/);
    await db.knex('sys_role_menu').insert({ role_id: viewerRole, menu_key: customKey });
    expect(await sidebarLeaves()).toEqual(['dataBase.refCodeType', customKey]);
    const audit = await db.knex('sys_audit_log').where({ resource: 'system.menu', record_id: customKey }).first();
    expect(audit).toMatchObject({ action: 'create', username: 'admin' });
  });

  it('both edits survive syncRegistryData (every start runs it)', async () => {
    await syncRegistryData(db.knex, db.registry);
    await syncRegistryData(db.knex, db.registry);
    expect(await menuRow(customKey)).toMatchObject({ plugin: 'custom', title_key: '外部系统' });
    expect(await menuRow('dataBase.refCode')).toMatchObject({ hidden: 1 });
    expect(await db.knex('sys_role_menu').where({ role_id: viewerRole, menu_key: customKey }).first()).toBeDefined();
    expect(await sidebarLeaves()).toEqual(['dataBase.refCodeType', customKey]);
  });

  it('a plugin entry cannot be removed; a custom one can, with its grants', async () => {
    const refused = await menuCall('remove', { key: 'dataBase.refCode' });
    expect(refused.body.msg).toBe('插件提供的菜单不能删除，可设为隐藏');
    expect(await menuRow('dataBase.refCode')).toBeDefined();
    expect((await menuCall('remove', { key: 'dataBase' })).body.msg).toBe('插件提供的菜单不能删除，可设为隐藏');
    const removed = await menuCall('remove', { key: customKey });
    expect(removed.body).toMatchObject({ code: 200, msg: '删除成功' });
    expect(await menuRow(customKey)).toBeUndefined();
    expect(await db.knex('sys_role_menu').where({ menu_key: customKey })).toEqual([]);
  });

  it('showing the plugin entry again puts it back in the sidebar', async () => {
    expect((await menuCall('save', { key: 'dataBase.refCode', hidden: false, icon: '', orderNum: 20 })).body.code).toBe(200);
    expect(await sidebarLeaves()).toEqual(['dataBase.refCodeType', 'dataBase.refCode']);
  });

  it('a custom entry needs a title, a path, an existing parent and a known permission', async () => {
    const base = { parentKey: 'dataBase.systemData', title: '链接', path: '/x', icon: '', orderNum: 1, hidden: false, permission: '' };
    expect((await menuCall('save', { ...base, title: '' })).body.msg).toBe('菜单名称不能为空');
    expect((await menuCall('save', { ...base, path: 'javascript:alert(1)' })).body.msg).toBe('路由地址格式不正确');
    expect((await menuCall('save', { ...base, parentKey: 'no.such' })).body.msg).toBe('上级菜单不能为空');
    expect((await menuCall('save', { ...base, permission: 'no:such' })).body.msg).toBe('权限标识格式不正确');
    expect((await menuCall('save', { key: 'no.such.key', hidden: true })).status).toBe(404);
    expect(await db.knex('sys_menu').where({ plugin: 'custom' })).toEqual([]);
  });

  it('needs system:menu:edit: the operator is refused with 403 and nothing changes', async () => {
    const operator = await loginAs('operator');
    const res = await menuCall('save', { key: 'management.log', hidden: true, orderNum: 1 }, operator);
    expect(res.status).toBe(403);
    expect(await menuRow('management.log')).toMatchObject({ hidden: 0 });
    expect((await run(menuPageLoader, req('/management/systemMaintenance/menu', { cookie: operator }))).res?.status).toBe(403);
  });

  it('the menu screen shows the tree with each entry’s owner and the edit right', async () => {
    const { res, data } = await run(menuPageLoader, req('/management/systemMaintenance/menu', { cookie: cookies.admin }));
    expect(res).toBeNull();
    const d = data as { tree: MenuItem[]; plugins: Record<string, string>; canEdit: boolean };
    expect(d.canEdit).toBe(true);
    expect(d.plugins['management.job']).toBe('system');
    const mgmt = d.tree.find((m) => m.key === 'management')!;
    const maint = mgmt.children.find((c) => c.key === 'management.systemMaintenance')!;
    expect(maint.children.map((c) => c.key)).toEqual(['management.menu', 'management.job', 'management.jobLog', 'management.apiToken']);
  });
});
