// Pure menu/permission logic: SPEC §6 top-bar rules, sidebar filtering, breadcrumb trail.
import { describe, expect, it } from 'vitest';
import { filterMenuTree, hasPermission, matchesRoleOrPermission, menuForPath, menuTrail, sidebarTree, type MenuItem, type SessionUser } from './menu';

function user(roleCodes: string[], permissionList: string[] = [], over: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 1,
    username: 'u',
    nickname: 'u',
    mobile: null,
    email: null,
    userType: 3,
    portArea: null,
    companyId: null,
    companyName: null,
    userStatus: '0',
    roles: roleCodes.map((c) => ({ roleCode: c, roleName: `role ${c}` })),
    permissionList,
    menuList: [],
    isAdmin: false,
    deptId: null,
    dataScope: 'self',
    ...over,
  };
}

// The four top-bar buttons of SPEC §6 as (roles, permissions) rules.
const RULES = {
  shipReport: { roles: undefined, permissions: ['shipShow:remind'] },
  twoPort: { roles: ['ZWYCAU', 'customs_admin', 'PTGL', '0'], permissions: ['shipShow:remind'] },
  weighing: { roles: ['ZWYCAU', 'WLFZ', 'GBYW', 'customs_admin'], permissions: undefined },
  fund: { roles: ['ZWYCAU', 'customs_admin', 'PTGL'], permissions: undefined },
};
const sees = (u: SessionUser, rule: keyof typeof RULES) => matchesRoleOrPermission(u, RULES[rule].roles, RULES[rule].permissions);

describe('matchesRoleOrPermission (SPEC §6 top-bar buttons)', () => {
  it('two-port button: each of ZWYCAU, customs_admin, PTGL, 0 sees it; WLFZ and GBYW do not', () => {
    for (const code of ['ZWYCAU', 'customs_admin', 'PTGL', '0']) expect(sees(user([code]), 'twoPort'), code).toBe(true);
    for (const code of ['WLFZ', 'GBYW', 'admin']) expect(sees(user([code]), 'twoPort'), code).toBe(false);
    expect(sees(user([]), 'twoPort')).toBe(false);
  });

  it('two-port button: the permission shipShow:remind alone is enough', () => {
    expect(sees(user(['WLFZ'], ['shipShow:remind']), 'twoPort')).toBe(true);
    expect(sees(user(['WLFZ'], ['system:log:list']), 'twoPort')).toBe(false);
  });

  it('weighing button: ZWYCAU, WLFZ, GBYW, customs_admin only', () => {
    for (const code of ['ZWYCAU', 'WLFZ', 'GBYW', 'customs_admin']) expect(sees(user([code]), 'weighing'), code).toBe(true);
    for (const code of ['PTGL', '0']) expect(sees(user([code], ['shipShow:remind']), 'weighing'), code).toBe(false);
  });

  it('fund reminder button: ZWYCAU, customs_admin, PTGL only', () => {
    for (const code of ['ZWYCAU', 'customs_admin', 'PTGL']) expect(sees(user([code]), 'fund'), code).toBe(true);
    for (const code of ['WLFZ', 'GBYW', '0']) expect(sees(user([code]), 'fund'), code).toBe(false);
  });

  it('ship-report button: permission shipShow:remind only, whatever the roles', () => {
    expect(sees(user(['0'], ['shipShow:remind']), 'shipReport')).toBe(true);
    expect(sees(user(['ZWYCAU', 'PTGL']), 'shipReport')).toBe(false);
  });

  it('one matching role among several is enough', () => {
    expect(sees(user(['GBYW', 'PTGL']), 'fund')).toBe(true);
  });

  it('matches the role code, not the role name', () => {
    const u = user([]);
    u.roles = [{ roleCode: 'x', roleName: 'PTGL' }];
    expect(sees(u, 'fund')).toBe(false);
  });

  it('the administrator (管理员) sees every button; a rule with no roles and no permissions is for everyone', () => {
    const admin = user(['admin'], [], { isAdmin: true });
    for (const r of Object.keys(RULES) as (keyof typeof RULES)[]) expect(sees(admin, r), r).toBe(true);
    expect(matchesRoleOrPermission(user([]), undefined, undefined)).toBe(true);
    expect(matchesRoleOrPermission(user([]), [], [])).toBe(true);
  });

  it('hasPermission: admin holds every code, others only their own', () => {
    expect(hasPermission(user(['admin'], [], { isAdmin: true }), 'anything:at:all')).toBe(true);
    expect(hasPermission(user(['0'], ['a:b']), 'a:b')).toBe(true);
    expect(hasPermission(user(['0'], ['a:b']), 'a:c')).toBe(false);
  });
});

function item(key: string, path: string, children: MenuItem[] = [], extra: Partial<MenuItem> = {}): MenuItem {
  return { key, parentKey: null, path, titleKey: key, icon: null, permission: null, hidden: false, order: 0, children, ...extra };
}

const tree: MenuItem[] = [
  item('management', '/management', [
    item('management.log', '/management/log'),
    item('management.job', '/management/systemMaintenance/job'),
    item('management.jobLog', '/management/systemMaintenance/jobLog', [], { hidden: true }),
  ]),
  item('shipService', '/shipService', [item('shipService.cfdShipShow', '/shipService/cfdShipShow', [], { permission: 'shipShow:remind' })]),
];

describe('filterMenuTree and sidebarTree', () => {
  it('keeps granted leaves and the groups holding them; drops groups with nothing granted', () => {
    const u = user(['PTGL'], [], { menuList: ['management.log', 'management.jobLog'] });
    const filtered = filterMenuTree(tree, u);
    expect(filtered.map((g) => g.key)).toEqual(['management']);
    expect(filtered[0].children.map((c) => c.key)).toEqual(['management.log', 'management.jobLog']);
    expect(sidebarTree(filtered)[0].children.map((c) => c.key)).toEqual(['management.log']);
  });

  it('a granted leaf that names a permission also needs the permission', () => {
    const without = user(['0'], [], { menuList: ['shipService.cfdShipShow'] });
    expect(filterMenuTree(tree, without)).toEqual([]);
    const withPerm = user(['0'], ['shipShow:remind'], { menuList: ['shipService.cfdShipShow'] });
    expect(filterMenuTree(tree, withPerm).map((g) => g.key)).toEqual(['shipService']);
  });

  it('the sidebar drops a group whose only granted children are hidden', () => {
    const u = user(['0'], [], { menuList: ['management.jobLog'] });
    const filtered = filterMenuTree(tree, u);
    expect(filtered).toHaveLength(1);
    expect(sidebarTree(filtered)).toEqual([]);
  });

  it('the administrator keeps the whole tree', () => {
    expect(filterMenuTree(tree, user(['admin'], [], { isAdmin: true }))).toEqual(tree);
  });
});

describe('menuTrail and menuForPath', () => {
  it('gives group → item for the hidden job log page', () => {
    expect(menuTrail(tree, '/management/systemMaintenance/jobLog').map((m) => m.key)).toEqual(['management', 'management.jobLog']);
  });

  it('does not confuse job with jobLog (prefix only at a path boundary)', () => {
    expect(menuTrail(tree, '/management/systemMaintenance/job').map((m) => m.key)).toEqual(['management', 'management.job']);
    expect(menuForPath(tree, '/management/systemMaintenance/job/12')?.key).toBe('management.job');
    expect(menuForPath(tree, '/management/logs')).toBeNull();
  });

  it('answers null / empty for paths outside the menus', () => {
    expect(menuTrail(tree, '/dashboard')).toEqual([]);
    expect(menuForPath(tree, '/management')).toBeNull();
  });
});
