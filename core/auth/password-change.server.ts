// SPEC §5 change-password rules with the catalogue messages.
import type { Knex } from 'knex';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { ApiError } from '../http/envelope.server';
import { logAttempt, takeAttempt } from './login.server';
import { hashPassword, verifyPassword } from './password.server';
import { revokeUserSessions } from './session.server';

export function changePasswordSchema(t: TFunction) {
  return z
    .object({
      oldPassword: z
        .string({ error: t('core:password.oldRequired') })
        .trim()
        .min(1, t('core:password.oldRequired')),
      password: z
        .string({ error: t('core:password.newRequired') })
        .trim()
        .min(1, t('core:password.newRequired'))
        .min(6, t('core:password.length'))
        .max(32, t('core:password.length')),
      checkPassword: z
        .string({ error: t('core:password.confirmRequired') })
        .trim()
        .min(1, t('core:password.confirmRequired')),
    })
    .refine((v) => v.password === v.checkPassword, { message: t('core:password.mismatch'), path: ['checkPassword'] });
}

export async function changePassword(
  knex: Knex,
  t: TFunction,
  userId: number,
  sessionId: string,
  input: unknown,
  meta: { ip: string | null; userAgent: string | null } = { ip: null, userAgent: null },
): Promise<void> {
  const parsed = changePasswordSchema(t).safeParse(input);
  if (!parsed.success) throw new ApiError(parsed.error.issues[0].message);
  const { oldPassword, password } = parsed.data;
  const user = await knex('sys_user').where({ id: userId }).first();
  if (!user) throw new ApiError(t('core:password.failedOld'));
  // Guessing the old password through a stolen session counts towards the same lock as
  // failed logins, and is recorded in the login log.
  const gate = await takeAttempt(knex, user.username, meta.ip);
  if (!gate.allowed) throw new ApiError(t('core:login.locked', { minutes: gate.minutes }), 500, 429);
  const oldOk = await verifyPassword(user.password_hash, oldPassword);
  await gate.settle(oldOk);
  if (!oldOk) {
    await logAttempt(knex, { username: user.username, userId: user.id, ip: meta.ip, userAgent: meta.userAgent, success: false, message: 'passwordChange' });
    throw new ApiError(t('core:password.failedOld'));
  }
  if (oldPassword === password) throw new ApiError(t('core:password.sameAsOld'));
  const now = new Date();
  await knex('sys_user')
    .where({ id: userId })
    .update({ password_hash: await hashPassword(password), password_changed_at: now, updated_at: now, updated_by: userId, version: knex.raw('version + 1') });
  // Other devices signed in with the old password are signed out.
  await revokeUserSessions(userId, sessionId);
}
