// API tokens: issued through the engine's create (POST /api/system/apiToken, and the screen's
// POST /api/system/apiToken/issue), which answers the token once; only its hash and prefix are
// stored. Revoked instead of deleted.
import { ADMIN_ROLE_NAME, ApiError, CODE, FieldError, newApiToken, serverResource } from '@core/server';
import { apiTokenDef } from './apiToken';

export const apiTokenResource = serverResource(apiTokenDef, {
  decorate: async (rows) => {
    for (const r of rows) r.roleId = r.roleId === null ? null : String(r.roleId);
  },
  async validate(input, { trx, actor, t }) {
    const role = await trx('sys_role').where({ id: input.roleId }).first('name');
    if (!role) throw new FieldError({ roleId: t('core:resource.invalid', { field: t('system:apiToken.role') }) });
    // A non-administrator cannot issue a token acting as the administrator role.
    if (role.name === ADMIN_ROLE_NAME && !actor.user.isAdmin) throw new ApiError(t('core:http.forbidden'), CODE.FORBIDDEN, 403);
  },
  toDb(input, ctx, defaults) {
    const { token, columns } = newApiToken();
    ctx.reveal = { token };
    const expiresAt = input.expiresAt ? new Date(`${String(input.expiresAt)}T23:59:59Z`) : null;
    return { ...defaults, ...columns, expires_at: expiresAt, created_by: ctx.actor.user.id, created_at: new Date() };
  },
  async beforeDelete(rows, { t }) {
    if (rows.some((r) => r.revokedAt)) throw new ApiError(t('system:apiToken.alreadyRevoked'));
  },
  // Deleting a token revokes it: the row stays as a record of who had access.
  softDelete: { column: 'revoked_at', value: () => new Date(), keepInList: true },
});
