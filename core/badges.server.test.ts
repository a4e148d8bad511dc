import { describe, expect, it } from 'vitest';
import { matchesRoleOrPermission } from './rbac/menu';
import { SPEC_BADGE_VISIBILITY as V } from './badges.server';

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
