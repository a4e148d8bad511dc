// Server sides of the operation log (read-only) and API tokens (revoke instead of delete;
// the token itself is created by routes/api.apiTokenCreate.ts, which shows it once).
import { ApiError, serverResource } from '@core/server';
import { auditDef } from './audit';
import { apiTokenDef } from './apiToken';

export const auditResource = serverResource(auditDef, {
  decorate: async (rows) => {
    for (const r of rows) {
      try {
        const changes = JSON.parse(String(r.changes ?? '{}')) as Record<string, [unknown, unknown]>;
        r.changes = Object.entries(changes)
          .map(([k, [a, b]]) => `${k}: ${a === null ? '∅' : JSON.stringify(a)} → ${b === null ? '∅' : JSON.stringify(b)}`)
          .join('; ');
      } catch {
        /* keep the stored text */
      }
    }
  },
});

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
