// Online sessions for /management/log (the login log is a read-only resource of the screen).
import type { Knex } from 'knex';
import { revokeSessions, toDate } from '@core/server';

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
