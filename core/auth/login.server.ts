// Credential check with throttling. Every attempt lands in sys_login_log. The throttle counts
// failures per (username, client address) and per address in a 15-minute window through atomic
// counters (throttle.server.ts): an attempt takes a slot before its password is checked, so
// parallel attempts cannot get past the limit, and someone elsewhere cannot lock a user out.
// Each further failure waits longer before answering (progressive delay).
import type { Knex } from 'knex';
import type { TFunction } from 'i18next';
import { dummyHash, verifyPassword } from './password.server';
import { throttleStore } from './throttle.server';

export const THROTTLE = {
  windowMs: 15 * 60 * 1000,
  /** Failures allowed per (username, address) in the window. */
  get maxPerUser() {
    return Number(process.env.LOGIN_MAX_FAILURES || 5);
  },
  /** Failures allowed per address, whatever the usernames, in the window. */
  get maxPerIp() {
    return Number(process.env.LOGIN_MAX_FAILURES_IP || 30);
  },
  /** The first failure's delay; each further one in the window doubles it, up to maxDelayMs. */
  get delayMs() {
    return Number(process.env.LOGIN_DELAY_MS ?? 250);
  },
  maxDelayMs: 8000,
};

export type LoginResult = { ok: true; userId: number } | { ok: false; reason: 'required' | 'invalid' | 'locked' | 'disabled'; message: string };

interface Attempt {
  username: string;
  password: string;
  ip: string | null;
  userAgent: string | null;
}

/** One line of sys_login_log: a sign-in, or the old-password check of a password change. */
export function logAttempt(knex: Knex, a: Omit<Attempt, 'password'> & { userId: number | null; success: boolean; message: string }) {
  return knex('sys_login_log').insert({
    username: a.username.slice(0, 64),
    user_id: a.userId,
    ip: a.ip,
    user_agent: a.userAgent?.slice(0, 255) ?? null,
    success: a.success,
    message: a.message,
    created_at: new Date(),
  });
}

/** An attempt's place in the throttle: refused (locked), or allowed to check one password. */
export type Gate =
  | { allowed: false; minutes: number }
  | {
      allowed: true;
      /** Failures in the window for this (username, address), this attempt included. */
      failures: number;
      /** Reports the check's outcome: a success resets the count, a failure waits its delay. */
      settle(success: boolean): Promise<void>;
    };

const userKey = (username: string, ip: string | null) => `u:${username.trim().toLowerCase().slice(0, 64)}|${ip ?? '-'}`;
const ipKey = (ip: string) => `ip:${ip}`;
const minutesUntil = (at: number) => Math.max(1, Math.ceil((at - Date.now()) / 60000));

/** The delay after the n-th failure in a window: delayMs, 2×, 4×, … capped at maxDelayMs. */
export function failureDelayMs(n: number): number {
  return Math.min(THROTTLE.maxDelayMs, THROTTLE.delayMs * 2 ** Math.max(0, n - 1));
}

/** Takes a throttle slot for checking one password of this username from this address. */
export async function takeAttempt(knex: Knex, username: string, ip: string | null): Promise<Gate> {
  const store = throttleStore(knex);
  const { windowMs } = THROTTLE;
  const bySource = ip ? await store.take(ipKey(ip), THROTTLE.maxPerIp, windowMs) : null;
  if (bySource && !bySource.taken) return { allowed: false, minutes: minutesUntil(bySource.resetAt) };
  const byUser = await store.take(userKey(username, ip), THROTTLE.maxPerUser, windowMs);
  if (!byUser.taken) {
    if (ip) await store.giveBack(ipKey(ip));
    return { allowed: false, minutes: minutesUntil(byUser.resetAt) };
  }
  return {
    allowed: true,
    failures: byUser.count,
    async settle(success) {
      if (success) {
        await store.clear(userKey(username, ip));
        if (ip) await store.giveBack(ipKey(ip));
        return;
      }
      const ms = failureDelayMs(byUser.count);
      if (ms > 0) await new Promise((r) => setTimeout(r, ms));
    },
  };
}

export async function attemptLogin(knex: Knex, t: TFunction, a: Attempt): Promise<LoginResult> {
  const username = a.username.trim();
  const password = a.password.trim();
  if (!username) return { ok: false, reason: 'required', message: t('core:login.usernameRequired') };
  if (!password) return { ok: false, reason: 'required', message: t('core:login.passwordRequired') };

  const log = (success: boolean, message: string, userId: number | null = null) => logAttempt(knex, { username, userId, ip: a.ip, userAgent: a.userAgent, success, message });

  const gate = await takeAttempt(knex, username, a.ip);
  if (!gate.allowed) {
    const message = t('core:login.locked', { minutes: gate.minutes });
    await log(false, 'locked');
    return { ok: false, reason: 'locked', message };
  }
  const user = await knex('sys_user').where({ username }).first();
  const valid = user ? await verifyPassword(user.password_hash, password) : (await verifyPassword(await dummyHash(), password), false);
  if (!user || !valid) {
    await log(false, 'invalid', user?.id ?? null);
    await gate.settle(false);
    return { ok: false, reason: 'invalid', message: t('core:login.invalid') };
  }
  await gate.settle(true);
  if (String(user.status) !== '0') {
    await log(false, 'disabled', user.id);
    return { ok: false, reason: 'disabled', message: t('core:login.disabled') };
  }
  await log(true, 'ok', user.id);
  return { ok: true, userId: user.id };
}
