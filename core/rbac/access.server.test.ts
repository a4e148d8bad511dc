// What the demo users see: their session user, filtered menu tree and sidebar, loaded from
// a freshly seeded database.
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { sessionUser } from '../../tests/support/resource';
import { setUpTestDb } from '../../tests/support/suite';
import { filterMenuTree, loadMenuTree, loadSessionUser, matchesRoleOrPermission, menuTrail, sidebarTree, type MenuItem, type SessionUser } from './access.server';

const db = setUpTestDb();
let tree: MenuItem[];
const demo = (username: string) => sessionUser(db.knex, username);

const keys = (nodes: MenuItem[]) => nodes.map((n) => n.key);
/** These tests are about core and the system plugin: the domain plugins' grants are tested with them. */
let domainMenus: Set<string>;
const coreAndSystem = (nodes: MenuItem[]) => nodes.filter((n) => !domainMenus.has(n.key));
beforeAll(async () => {
  tree = await loadMenuTree(db.knex);
  domainMenus = new Set(await db.knex('sys_menu').whereNotIn('plugin', ['core', 'system']).pluck('key'));
});

describe('loadSessionUser', () => {
  it('marks only the user with role 管理员 as admin and gives them every menu and permission', async () => {
    const admin = await demo('admin');
    expect(admin.isAdmin).toBe(true);
    expect(admin.roles).toEqual([{ roleName: '管理员', roleCode: 'admin' }]);
    expect(admin.menuList).toEqual((await db.knex('sys_menu').pluck('key')).sort());
    expect(admin.permissionList).toEqual((await db.knex('sys_permission').pluck('code')).sort());
    for (const u of ['shipagent', 'freightagent', 'operator', 'trader', 'broker']) expect((await demo(u)).isAdmin, u).toBe(false);
  });

  it('gives the operator the union of its roles PTGL and GBYW', async () => {
    const op = await demo('operator');
    expect(op.roles.map((r) => r.roleCode).sort()).toEqual(['GBYW', 'PTGL']);
    expect(op.menuList.filter((k) => !domainMenus.has(k))).toEqual(['dataBase', 'management', 'management.job', 'management.jobLog', 'management.log']);
    expect(op.permissionList.filter((c) => !['customs:', 'finance:', 'portops:', 'portal:', 'contracts:'].some((p) => c.startsWith(p)))).toEqual(['shipShow:remind', 'system:job:list', 'system:log:list']);
    expect(op.userType).toBe(3);
  });

  it('a disabled role grants nothing', async () => {
    await db.knex('sys_role').where({ code: 'PTGL' }).update({ status: '1' });
    onTestFinished(() => db.knex('sys_role').where({ code: 'PTGL' }).update({ status: '0' }));
    const op = await demo('operator');
    expect(op.roles.map((r) => r.roleCode)).toEqual(['GBYW']);
    expect(op.menuList.filter((k) => !domainMenus.has(k))).toEqual([]);
  });

  it('answers null for an unknown user id', async () => {
    expect(await loadSessionUser(db.knex, 987654)).toBeNull();
  });
});

describe('menus and sidebar of the demo users', () => {
  it('admin: the management group with log and job; jobLog is in the tree but hidden from the sidebar', async () => {
    const menus = filterMenuTree(tree, await demo('admin'));
    const mgmt = menus.find((g) => g.key === 'management')!;
    expect(keys(mgmt.children)).toEqual(['management.user', 'management.userGroup', 'management.systemMaintenance', 'management.log']);
    const maint = mgmt.children.find((c) => c.key === 'management.systemMaintenance')!;
    expect(keys(maint.children)).toEqual(['management.menu', 'management.job', 'management.jobLog', 'management.apiToken']);
    const side = sidebarTree(menus).find((g) => g.key === 'management')!;
    expect(keys(side.children)).toEqual(['management.user', 'management.userGroup', 'management.systemMaintenance', 'management.log']);
    const sideMaint = side.children.find((c) => c.key === 'management.systemMaintenance')!;
    expect(keys(sideMaint.children)).toEqual(['management.menu', 'management.job', 'management.apiToken']);
    expect(side.path).toBe('/management');
    expect(sideMaint.children.find((c) => c.key === 'management.job')!.path).toBe('/management/systemMaintenance/job');
    // the admin's sidebar groups, in sidebar order
    expect(keys(coreAndSystem(sidebarTree(menus)))).toEqual(['dataBase', 'management']);
  });

  it('operator (role PTGL) sees the management group, and the base-data group for the display information only', async () => {
    const side = coreAndSystem(sidebarTree(filterMenuTree(tree, await demo('operator'))));
    expect(keys(side)).toEqual(['dataBase', 'management']);
    expect(keys(side[0].children)).toEqual(['dataBase.displayInformation']);
    expect(keys(side[1].children)).toEqual(['management.systemMaintenance', 'management.log']);
    // inside systemMaintenance only the granted job entry (jobLog is granted but hidden)
    expect(keys(side[1].children[0].children)).toEqual(['management.job']);
  });

  it('trader sees no core or system group', async () => {
    const trader = await demo('trader');
    expect(trader.userType).toBe(4);
    expect(coreAndSystem(filterMenuTree(tree, trader))).toEqual([]);
    expect(coreAndSystem(sidebarTree(filterMenuTree(tree, trader)))).toEqual([]);
  });

  it('granting a role one menu shows exactly that entry', async () => {
    const role = await db.knex('sys_role').where({ code: 'WLFZ' }).first();
    await db.knex('sys_role_menu').insert({ role_id: role.id, menu_key: 'management.job' });
    onTestFinished(() => db.knex('sys_role_menu').where({ role_id: role.id }).delete());
    const side = sidebarTree(filterMenuTree(tree, await demo('freightagent')));
    expect(keys(side)).toEqual(['management']);
    expect(keys(side[0].children)).toEqual(['management.systemMaintenance']);
    expect(keys(side[0].children[0].children)).toEqual(['management.job']);
  });

  it('menuTrail gives group → item for /management/systemMaintenance/jobLog', () => {
    const trail = menuTrail(tree, '/management/systemMaintenance/jobLog');
    expect(trail.map((m) => [m.key, m.titleKey])).toEqual([
      ['management', 'system:menu.management'],
      ['management.systemMaintenance', 'system:menu.systemMaintenance'],
      ['management.jobLog', 'system:menu.jobLog'],
    ]);
  });
});

describe('top-bar rules on the demo users (SPEC §6)', () => {
  const twoPort = (u: SessionUser) => matchesRoleOrPermission(u, ['ZWYCAU', 'customs_admin', 'PTGL', '0'], ['shipShow:remind']);
  const weighing = (u: SessionUser) => matchesRoleOrPermission(u, ['ZWYCAU', 'WLFZ', 'GBYW', 'customs_admin']);
  const fund = (u: SessionUser) => matchesRoleOrPermission(u, ['ZWYCAU', 'customs_admin', 'PTGL']);

  it('two-port: shipagent, operator, trader, broker, admin yes; freightagent no', async () => {
    const seen: Record<string, boolean> = {};
    for (const u of ['shipagent', 'freightagent', 'operator', 'trader', 'broker', 'admin']) seen[u] = twoPort(await demo(u));
    expect(seen).toEqual({ shipagent: true, freightagent: false, operator: true, trader: true, broker: true, admin: true });
  });

  it('weighing: the operator sees it through GBYW, the trader does not', async () => {
    expect(weighing(await demo('operator'))).toBe(true);
    expect(weighing(await demo('trader'))).toBe(false);
  });

  it('fund reminder: the broker (customs_admin) sees it, the freight agent does not', async () => {
    expect(fund(await demo('broker'))).toBe(true);
    expect(fund(await demo('freightagent'))).toBe(false);
  });
});
