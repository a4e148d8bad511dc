// FX applications on the server: who sees which (applicants their own, the platform all, the
// bank those that reached it), the permit certificate attached in the save transaction,
// application numbers, review stamps, and the rule that nobody reviews their own application.
import type { Knex } from 'knex';
import { ApiError, claimUpload, filesOf, serverResource } from '@core/server';
import { dayStamp, hasPermission, resourceKey, type SessionUser } from '@core/shared';
import { FX_PERMISSIONS, REVIEW_TRANSITIONS, fxApplicationDef } from './fx';

const TABLE = 'fin_fx_application';
const RESOURCE = resourceKey(fxApplicationDef);
/** What the bank sees: applications the platform has passed, and what became of them. */
const BANK_STATES = ['platformPassed', 'bankPassed', 'settled', 'bankFailed'];

/** Applicants see their own; platform reviewers all; bank reviewers what reached the bank. */
export function restrictFx(qb: Knex.QueryBuilder, user: SessionUser): void {
  if (user.isAdmin || hasPermission(user, FX_PERMISSIONS.platformReview)) return;
  if (hasPermission(user, FX_PERMISSIONS.bankReview) || hasPermission(user, FX_PERMISSIONS.settle)) {
    qb.where((w) => w.whereIn(`${TABLE}.status`, BANK_STATES).orWhere(`${TABLE}.applicant_user_id`, user.id));
    return;
  }
  qb.where(`${TABLE}.applicant_user_id`, user.id);
}

/** An application's number: FX + creation date + the row id. */
export const fxAppNo = (id: number, created: Date) => `FX${dayStamp(created)}${String(id).padStart(6, '0')}`;

export const fxApplicationResource = serverResource(fxApplicationDef, {
  restrict: restrictFx,
  async decorate(rows, knex) {
    const files = await filesOf(knex, RESOURCE, rows.map((r) => Number(r.id)));
    for (const r of rows) {
      const f = files.find((x) => x.id === Number(r.permitFileId));
      r.permitFile = f ? { id: f.id, name: f.name } : null;
    }
  },
  toDb(_input, { actor, op }, defaults) {
    if (op !== 'create') return defaults;
    return {
      ...defaults,
      // The final number needs the row id (afterWrite); a unique placeholder until then.
      app_no: `TMP${Date.now()}${Math.random().toString(36).slice(2, 8)}`,
      status: 'unsettled',
      applicant_user_id: actor.user.id,
      applicant_name: actor.user.companyName || actor.user.nickname || actor.user.username,
    };
  },
  async afterWrite(id, input, { trx, actor, t, op }) {
    if (op === 'create') await trx(TABLE).where({ id }).update({ app_no: fxAppNo(id, new Date()) });
    // The permit is the application's one file: a replaced certificate is released.
    await claimUpload(trx, { resource: RESOURCE, recordId: id, fileIds: Number(input.permitFileId), user: actor.user, t, only: true, field: 'permitFileId', messageKey: 'finance:fx.msg.permitRequired' });
  },
  async beforeTransition(rows, name, { t, actor }) {
    if (REVIEW_TRANSITIONS.includes(name)) {
      if (rows.some((r) => Number(r.applicantUserId ?? 0) === actor.user.id)) throw new ApiError(t('finance:fx.msg.ownReview'));
      const now = new Date();
      if (name === 'platformPass' || name === 'platformFail') return () => ({ platform_reviewed_at: now, platform_reviewed_by: actor.user.id });
      if (name === 'bankPass' || name === 'bankFail') return () => ({ bank_reviewed_at: now, bank_reviewed_by: actor.user.id });
      return () => ({ settled_at: now });
    }
    // Only the applicant submits or resubmits their application.
    if (rows.some((r) => Number(r.applicantUserId ?? 0) !== actor.user.id)) throw new ApiError(t('finance:fx.msg.onlyApplicant'));
    const now = new Date();
    return () => ({ submitted_at: now });
  },
});
