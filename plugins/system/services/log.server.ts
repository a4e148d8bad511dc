// Login log and online sessions for /management/log.
import type { Knex } from 'knex';
import { toDate, whereContains } from '../../../core/db/knex.server';

export interface LoginLogQuery {
  username?: string;
  status?: 'success' | 'failure' | '';
  page: number;
  pageSize: number;
}

export async function listLoginLog(knex: Knex, q: LoginLogQuery) {
  const base = knex('sys_login_log');
  if (q.username) whereContains(base, 'username', q.username);
  if (q.status === 'success') base.where('success', true);
  if (q.status === 'failure') base.where('success', false);
  const [{ n }] = await base.clone().count({ n: '*' });
  const rows = await base
    .clone()
    .select('id', 'username', 'ip', 'user_agent', 'success', 'message', 'created_at')
    .orderBy('id', 'desc')
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return {
    total: Number(n),
    rows: rows.map((r: Record<string, unknown>) => ({
      id: Number(r.id),
      username: String(r.username),
      ip: (r.ip as string) ?? '',
      userAgent: (r.user_agent as string) ?? '',
      success: r.success === true || r.success === 1,
      message: (r.message as string) ?? '',
      createdAt: toDate(r.created_at)!.toISOString(),
    })),
  };
}

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
  const n = await knex('sys_session')
    .whereRaw('substr(id, 1, 12) = ?', [ref])
    .whereNull('revoked_at')
    .update({ revoked_at: new Date() });
  return n > 0;
}
