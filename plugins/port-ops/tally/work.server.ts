// Work confirmations on the server: the plan they count against (one the clerk may see, in a
// state work may be confirmed against), the rule that the confirmed work stays within the plan
// unless overridden with a reason by someone who may (portops:work:override), and the plan's
// executed quantities and state recomputed when work is confirmed or voided.
import Decimal from 'decimal.js';
import { ApiError, CODE, FieldError, serverResource, type Row, type WriteContext } from '@core/server';
import { hasPermission } from '@core/shared';
import { K, TONNE_SCALE, WORK_PERMISSIONS } from './plan';
import { PLAN, WORK, settlePlan, shipperCustomerIds, workable, yardPlanResource } from './plan.server';
import { workDef } from './work';

const num = (v: unknown) => (v === null || v === undefined || v === '' ? null : new Decimal(String(v)));

/** The plan the work is confirmed against, checked: visible to the clerk and open to work. */
async function planOf(input: Row, { trx, actor, t }: WriteContext): Promise<Row> {
  const qb = trx(PLAN).where(`${PLAN}.id`, Number(input.planId));
  await yardPlanResource.hooks.restrict!(qb, actor.user, trx);
  const plan = await qb.first();
  if (!plan) throw new FieldError({ planId: t(`${K}.msg.planMissing`) });
  if (!workable(plan.status)) throw new FieldError({ planId: t(`${K}.msg.planNotWorkable`, { planNo: plan.plan_no }) });
  return plan;
}

/** Refuses work that takes a planned quantity past the plan, unless overridden (with the right to). */
async function checkWithinPlan(input: Row, ctx: WriteContext): Promise<void> {
  const { trx, actor, t } = ctx;
  if (input.override && !hasPermission(actor.user, WORK_PERMISSIONS.override)) throw new ApiError(t(`${K}.msg.overrideForbidden`), CODE.FORBIDDEN, 403);
  const plan = await planOf(input, ctx);
  if (input.override) return;
  const done: Row[] = await trx(WORK).where({ plan_id: plan.id, status: 'confirmed' }).select('pieces', 'tonnes');
  const errors: Record<string, string> = {};
  if (plan.planned_pieces !== null && input.pieces) {
    const before = done.reduce((s, w) => s + Number(w.pieces ?? 0), 0);
    if (before + Number(input.pieces) > Number(plan.planned_pieces)) {
      errors.pieces = t(`${K}.msg.overPlanPieces`, { planned: Number(plan.planned_pieces), done: before, now: Number(input.pieces) });
    }
  }
  if (plan.planned_tonnes !== null && num(input.tonnes)) {
    const before = done.reduce((s, w) => s.plus(num(w.tonnes) ?? 0), new Decimal(0));
    const planned = num(plan.planned_tonnes)!;
    if (before.plus(num(input.tonnes)!).gt(planned)) {
      errors.tonnes = t(`${K}.msg.overPlanTonnes`, { planned: planned.toFixed(TONNE_SCALE), done: before.toFixed(TONNE_SCALE), now: num(input.tonnes)!.toFixed(TONNE_SCALE) });
    }
  }
  if (Object.keys(errors).length) throw new FieldError(errors);
}

export const workResource = serverResource(workDef, {
  // A shipper's view (if granted) is their customer's plans' work.
  async restrict(qb, user, knex) {
    const ids = await shipperCustomerIds(knex, user);
    if (ids) qb.whereIn(`${WORK}.plan_id`, knex(PLAN).whereIn('customer_id', ids).select('id'));
  },
  validate: checkWithinPlan,
  toDb(input, _ctx, defaults) {
    return {
      ...defaults,
      start_at: new Date(String(input.startAt)),
      end_at: new Date(String(input.endAt)),
      override_reason: input.override ? input.overrideReason : null,
      status: 'confirmed',
    };
  },
  async afterWrite(_id, input, { trx, actor, t }) {
    await settlePlan(trx, actor, t, Number(input.planId));
  },
  afterWriteLeavesRow: true,
  async beforeTransition(rows, _name, { trx, t }) {
    // The work of a closed or cancelled plan is its record: it stays.
    const plans: Row[] = await trx(PLAN).whereIn('id', [...new Set(rows.map((r) => Number(r.planId)))]).select('plan_no', 'status');
    const shut = plans.find((p) => !['confirmed', 'executing', 'executed'].includes(String(p.status)));
    if (shut) throw new ApiError(t(`${K}.msg.planShut`, { planNo: shut.plan_no }));
  },
  async afterTransition(rows, _name, { trx, actor, t }) {
    for (const planId of new Set(rows.map((r) => Number(r.planId)))) await settlePlan(trx, actor, t, planId);
  },
});
