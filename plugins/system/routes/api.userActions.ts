// POST /api/system/userAction/<id>/resetPassword { password } and /forceLogout: administrator
// actions on one user, checked against system:user:edit and the caller's data scope.
import { z } from 'zod';
import { ApiError, CODE, api, getRow, hashPassword, ok, readJson, revokeSessions, writeAudit } from '@core/server';
import { userResource } from '../resources/user.server';

export const action = api({ permission: 'system:user:edit' }, async ({ request, params, user, t, knex, actor }) => {
  const target = await getRow(userResource, user, Number(params.id), t, knex);
  if (params.op === 'resetPassword') {
    const body = await readJson(request);
    const parsed = z.string().trim().min(6).max(32).safeParse(body.password);
    if (!parsed.success) throw new ApiError(t('core:password.length'));
    await knex.transaction(async (trx) => {
      await trx('sys_user')
        .where({ id: target.id })
        .update({
          password_hash: await hashPassword(parsed.data),
          password_changed_at: new Date(),
          updated_at: new Date(),
          updated_by: user.id,
          version: trx.raw('version + 1'),
        });
      await revokeSessions(trx, { userIds: [Number(target.id)] });
      await writeAudit(trx, {
        resource: 'system.user',
        recordId: Number(target.id),
        action: 'resetPassword',
        actor,
        before: null,
        after: null,
        summary: String(target.username),
      });
    });
    return ok(null, t('system:user.passwordReset'));
  }
  if (params.op === 'forceLogout') {
    const n = await revokeSessions(knex, { userIds: [Number(target.id)] });
    await writeAudit(knex, {
      resource: 'system.user',
      recordId: Number(target.id),
      action: 'forceLogout',
      actor,
      before: null,
      after: null,
      summary: String(target.username),
    });
    return ok({ sessions: n }, t('system:log.forcedOut'));
  }
  throw new ApiError(t('core:http.apiNotFound'), CODE.NOT_FOUND, 404);
});
