// Who may read the fund reminder: the roles of the top-bar badge (SPEC §6) or anyone who may
// read the fund sub-ledger; customers only ever count their own sub-accounts.
import { ApiError, CODE, SPEC_BADGE_VISIBILITY, api, ok, type RequestContext } from '@core/server';
import { matchesRoleOrPermission } from '@core/shared';
import { FUNDS_PERMISSIONS } from '../funds';

/** An API call of the fund reminder: signed in, then the badge's roles or the sub-ledger's permission (else 403). */
export const reminderApi = (fn: (ctx: RequestContext) => Promise<unknown>) =>
  api({}, async (ctx) => {
    const v = SPEC_BADGE_VISIBILITY.fundReminder;
    if (!matchesRoleOrPermission(ctx.user, v.roles, [FUNDS_PERMISSIONS.ledgerList])) throw new ApiError(ctx.t('core:http.forbidden'), CODE.FORBIDDEN, 403);
    return ok(await fn(ctx));
  });
