// API tokens: revoked instead of deleted; the token itself is created by
// routes/api.apiTokenIssue.ts, which shows it once.
import { ApiError, serverResource } from '@core/server';
import { apiTokenDef } from './apiToken';

export const apiTokenResource = serverResource(apiTokenDef, {
  decorate: async (rows) => {
    for (const r of rows) r.roleId = r.roleId === null ? null : String(r.roleId);
  },
  async beforeDelete(rows, { t }) {
    if (rows.some((r) => r.revokedAt)) throw new ApiError(t('system:apiToken.alreadyRevoked'));
  },
  // Deleting a token revokes it: the row stays as a record of who had access.
  softDelete: { column: 'revoked_at', value: () => new Date(), keepInList: true },
});
