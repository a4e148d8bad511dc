// SPEC §2: a trader (userType 4) opening /dashboard lands on unified settlement instead, when
// granted it (a shipper of port-ops is of that type too, without the settlement screen). The
// dashboard's loader redirects by it, and the main layout asks it before it uses up the
// welcome flag: the banner belongs to the page the user lands on.
import type { MenuItem, SessionUser } from '@core/rbac/menu';
import { menuForPath } from '@core/rbac/menu';

export const TRADER_LANDING = '/unifiedSettlement/settlementManage';

/** The page a user opening `pathname` is sent to instead (granted: the user's menu tree), or null. */
export function landingFor(user: Pick<SessionUser, 'userType'>, pathname: string, granted: MenuItem[]): string | null {
  return pathname === '/dashboard' && user.userType === 4 && menuForPath(granted, TRADER_LANDING) ? TRADER_LANDING : null;
}
