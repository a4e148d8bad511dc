// The log screen on the server: the operation log's changes as text, the sessions online, and
// signing one out (system:session:forceLogout).
import type { Knex } from 'knex';
import { revokeSessions, serverResource, toDate, type RequestContext } from '@core/server';
import { hasPermission } from '@core/shared';
import { auditDef, loginLogDef, onlineDef } from './log';

export async function listOnlineSessions(knex: Knex) {
  const rows = await knex('sys_session as s')
    .join('sys_user as u', 'u.id', 's.user_id')
    .whereNull('s.revoked_at')
    .andWhere('s.expires_at', '>', new Date())
    .select('s.id', 's.ip', 's.user_agent', 's.created_at', 's.last_seen_at', 'u.id as user_id', 'u.username', 'u.nickname')
    .orderBy('s.last_seen_at', 'desc')
    .limit(500);
  return rows.map((r: Record<string, unknown>) => ({
    // Only a digest of the session id leaves the server: it is a bearer secret.
    ref: String(r.id).slice(0, 12),
    userId: Number(r.user_id),
    username: String(r.username),
    nickname: String(r.nickname),
    ip: (r.ip as string) ?? '',
    userAgent: (r.user_agent as string) ?? '',
    createdAt: toDate(r.created_at)!.toISOString(),
    lastSeenAt: toDate(r.last_seen_at)!.toISOString(),
  }));
}

/** Revokes the session whose id starts with ref; returns false when none matched. */
export async function forceLogout(knex: Knex, ref: string): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{12}$/.test(ref)) return false;
  return (await revokeSessions(knex, { idPrefix: ref })) > 0;
}

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

export const loginLogResource = {
  ...serverResource(loginLogDef),
  screen: {
    data: async ({ user }: RequestContext) => ({ canForceLogout: hasPermission(user, 'system:session:forceLogout') }),
    action: {
      permission: () => 'system:session:forceLogout',
      run: async ({ knex, t }: RequestContext, form: FormData) =>
        (await forceLogout(knex, String(form.get('ref') ?? ''))) ? { ok: true, message: t('system:log.forcedOut') } : { ok: false, message: t('system:log.sessionGone') },
    },
  },
};

export const onlineResource = { ...serverResource(onlineDef), screen: { rows: async ({ knex }: RequestContext) => (await listOnlineSessions(knex)).map((s, i) => ({ id: i + 1, ...s })) } };
