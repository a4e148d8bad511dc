// Who may read the fund reminder: the roles of the top-bar badge (SPEC §6) or anyone who may
// read the fund sub-ledger; customers only ever count their own sub-accounts.
import { ApiError, CODE, SPEC_BADGE_VISIBILITY, getT, requireUser } from '@core/server';
import { matchesRoleOrPermission, type SessionUser } from '@core/shared';
import { FUNDS_PERMISSIONS } from '../funds';

export async function requireFundReminder(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  const v = SPEC_BADGE_VISIBILITY.fundReminder;
  if (!matchesRoleOrPermission(user, v.roles, [FUNDS_PERMISSIONS.ledgerList])) throw new ApiError((await getT(request))('core:http.forbidden'), CODE.FORBIDDEN, 403);
  return user;
}
