import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { matchesRoleOrPermission } from './rbac/menu';
import { badgeListPage, badgesFor, SPEC_BADGE_VISIBILITY as V } from './badges.server';
import type { BadgeDef, PluginContext } from './plugin';
import type { Registry } from './registry.server';

const user = (roleCodes: string[], permissionList: string[] = [], isAdmin = false) => ({
  id: 1,
  username: 'u',
  userType: 1,
  roles: roleCodes.map((c) => ({ roleCode: c, roleName: c })),
  permissionList,
  isAdmin,
});
const sees = (rule: { roles?: readonly string[]; permissions?: readonly string[] }, u: ReturnType<typeof user>) =>
  matchesRoleOrPermission(u, rule.roles, rule.permissions);

describe('SPEC §6 top-bar badge visibility', () => {
  it('shows the ship-report badge only with permission shipShow:remind', () => {
    expect(sees(V.shipReport, user(['PTGL']))).toBe(false);
    expect(sees(V.shipReport, user(['WLFZ'], ['shipShow:remind']))).toBe(true);
  });
  it('shows the two-port badge to ZWYCAU, customs_admin, PTGL, role 0 or the permission', () => {
    for (const r of ['ZWYCAU', 'customs_admin', 'PTGL', '0']) expect(sees(V.twoPortShipReport, user([r])), r).toBe(true);
    expect(sees(V.twoPortShipReport, user(['WLFZ']))).toBe(false);
    expect(sees(V.twoPortShipReport, user(['WLFZ'], ['shipShow:remind']))).toBe(true);
  });
  it('shows the weighing badge to ZWYCAU, WLFZ, GBYW and customs_admin only', () => {
    for (const r of ['ZWYCAU', 'WLFZ', 'GBYW', 'customs_admin']) expect(sees(V.weighing, user([r])), r).toBe(true);
    expect(sees(V.weighing, user(['PTGL'], ['shipShow:remind']))).toBe(false);
  });
  it('shows the fund reminder to ZWYCAU, customs_admin and PTGL only', () => {
    for (const r of ['ZWYCAU', 'customs_admin', 'PTGL']) expect(sees(V.fundReminder, user([r])), r).toBe(true);
    expect(sees(V.fundReminder, user(['GBYW', '0']))).toBe(false);
  });
  it('shows every badge to the 管理员 role', () => {
    for (const rule of Object.values(V)) expect(sees(rule, user([], [], true))).toBe(true);
  });
});

describe('badge lists', () => {
  const asked: [number, number][] = [];
  const withList: BadgeDef = {
    key: 'withList',
    titleKey: 't:withList',
    icon: 'Payments',
    roles: ['PTGL'],
    count: async () => 7,
    list: {
      columns: [{ field: 'name', labelKey: 't:name' }, { field: 'amount', labelKey: 't:amount', kind: 'money' }],
      async load(_ctx, _user, page, pageSize) {
        asked.push([page, pageSize]);
        return { rows: [{ name: 'a', amount: '1.00' }], total: 7 };
      },
      moreHref: '/somewhere',
    },
  };
  const plain: BadgeDef = { key: 'plain', titleKey: 't:plain', icon: 'Payments', count: async () => 1, href: '/plain' };
  const registry = { badges: [withList, plain], context: () => ({}) as PluginContext } as unknown as Registry;
  const t = ((k: string) => k) as unknown as TFunction;
  const ptgl = user(['PTGL']);
  const rejection = (p: Promise<unknown>) => p.then(() => null, (e: { code: number; status: number; message: string }) => ({ code: e.code, status: e.status, msg: e.message }));

  it('tells the layout which badges open a list, with its columns and link, never its loader', async () => {
    const views = await badgesFor(registry, ptgl);
    expect(views.find((b) => b.key === 'withList')).toEqual({ key: 'withList', titleKey: 't:withList', icon: 'Payments', count: 7, list: { columns: withList.list!.columns, moreHref: '/somewhere' } });
    expect(views.find((b) => b.key === 'plain')).toEqual({ key: 'plain', titleKey: 't:plain', icon: 'Payments', count: 1, href: '/plain' });
  });

  it('loads page 1 of 10 rows by default, the page asked for, and never more than 100 rows', async () => {
    asked.length = 0;
    expect(await badgeListPage(registry, ptgl, 'withList', {}, t)).toEqual({ rows: [{ name: 'a', amount: '1.00' }], total: 7, page: 1, pageSize: 10 });
    expect(await badgeListPage(registry, ptgl, 'withList', { page: '3', pageSize: '20' }, t)).toMatchObject({ page: 3, pageSize: 20 });
    expect(await badgeListPage(registry, ptgl, 'withList', { page: '0', pageSize: '1000' }, t)).toMatchObject({ page: 1, pageSize: 100 });
    expect(await badgeListPage(registry, ptgl, 'withList', { page: 'x', pageSize: '-5' }, t)).toMatchObject({ page: 1, pageSize: 10 });
    expect(asked).toEqual([[1, 10], [3, 20], [1, 100], [1, 10]]);
  });

  it('refuses a user the badge is hidden from (403) and answers 404 for a badge without a list', async () => {
    asked.length = 0;
    expect(await rejection(badgeListPage(registry, user(['GBYW']), 'withList', {}, t))).toEqual({ code: 403, status: 403, msg: 'core:http.forbidden' });
    expect(await rejection(badgeListPage(registry, ptgl, 'plain', {}, t))).toEqual({ code: 404, status: 404, msg: 'core:http.apiNotFound' });
    expect(await rejection(badgeListPage(registry, ptgl, 'missing', {}, t))).toEqual({ code: 404, status: 404, msg: 'core:http.apiNotFound' });
    expect(asked).toEqual([]);
  });
});
