// Credential check with throttling. Every attempt lands in sys_login_log, which is also
// what the throttle counts: too many failures for one username (or one address) within the
// window lock further attempts until the window has passed.
import type { Knex } from 'knex';
import type { TFunction } from 'i18next';
import { dummyHash, verifyPassword } from './password.server';

export const THROTTLE = {
  windowMs: 15 * 60 * 1000,
  get maxPerUser() {
    return Number(process.env.LOGIN_MAX_FAILURES || 5);
  },
  get maxPerIp() {
    return Number(process.env.LOGIN_MAX_FAILURES_IP || 30);
  },
};

export type LoginResult =
  | { ok: true; userId: number }
  | { ok: false; reason: 'required' | 'invalid' | 'locked' | 'disabled'; message: string };

interface Attempt {
  username: string;
  password: string;
  ip: string | null;
  userAgent: string | null;
}

async function failuresSince(knex: Knex, where: { username?: string; ip?: string }, since: Date): Promise<{ n: number; last: Date | null }> {
  const q = knex('sys_login_log').where('created_at', '>=', since).andWhere('success', false);
  if (where.username) q.andWhere('username', where.username);
  if (where.ip) q.andWhere('ip', where.ip);
  const row = await q.count({ n: '*' }).max({ last: 'created_at' }).first();
  const last = row?.last ? (row.last instanceof Date ? row.last : new Date(Number(row.last))) : null;
  return { n: Number(row?.n ?? 0), last };
}

async function lastSuccess(knex: Knex, username: string): Promise<Date | null> {
  const row = await knex('sys_login_log').where({ username, success: true }).max({ last: 'created_at' }).first();
  if (!row?.last) return null;
  return row.last instanceof Date ? row.last : new Date(Number(row.last));
}

/** Minutes left on a lock, 0 when not locked. */
export async function lockMinutesLeft(knex: Knex, username: string, ip: string | null, now = new Date()): Promise<number> {
  const windowStart = new Date(now.getTime() - THROTTLE.windowMs);
  const success = await lastSuccess(knex, username);
  const since = success && success > windowStart ? success : windowStart;
  const byUser = await failuresSince(knex, { username }, since);
  const byIp = ip ? await failuresSince(knex, { ip }, windowStart) : { n: 0, last: null };
  const locked = [byUser.n >= THROTTLE.maxPerUser ? byUser.last : null, byIp.n >= THROTTLE.maxPerIp ? byIp.last : null].filter(Boolean) as Date[];
  if (!locked.length) return 0;
  const until = Math.max(...locked.map((d) => d.getTime() + THROTTLE.windowMs));
  return Math.max(1, Math.ceil((until - now.getTime()) / 60000));
}

export async function attemptLogin(knex: Knex, t: TFunction, a: Attempt): Promise<LoginResult> {
  const username = a.username.trim();
  const password = a.password.trim();
  if (!username) return { ok: false, reason: 'required', message: t('core:login.usernameRequired') };
  if (!password) return { ok: false, reason: 'required', message: t('core:login.passwordRequired') };

  const log = (success: boolean, message: string, userId: number | null = null) =>
    knex('sys_login_log').insert({
      username: username.slice(0, 64),
      user_id: userId,
      ip: a.ip,
      user_agent: a.userAgent?.slice(0, 255) ?? null,
      success,
      message,
      created_at: new Date(),
    });

  const minutes = await lockMinutesLeft(knex, username, a.ip);
  if (minutes > 0) {
    const message = t('core:login.locked', { minutes });
    await log(false, 'locked');
    return { ok: false, reason: 'locked', message };
  }
  const user = await knex('sys_user').where({ username }).first();
  const valid = user ? await verifyPassword(user.password_hash, password) : (await verifyPassword(await dummyHash(), password), false);
  if (!user || !valid) {
    await log(false, 'invalid', user?.id ?? null);
    return { ok: false, reason: 'invalid', message: t('core:login.invalid') };
  }
  if (String(user.status) !== '0') {
    await log(false, 'disabled', user.id);
    return { ok: false, reason: 'disabled', message: t('core:login.disabled') };
  }
  await log(true, 'ok', user.id);
  return { ok: true, userId: user.id };
}
