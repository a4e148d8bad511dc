// Weighbridge records on the server: who sees which (a shipper their customer's, the platform
// all), the plan a weighing names (one the user may see; its customer is the record's), the net
// computed here, and recordWeight — the one way a weighing is saved, by the screen's create (the
// resource engine) and by dispatch for its waybills.
import type { Knex } from 'knex';
import type { TFunction } from 'i18next';
import { FieldError, createRow, serverResource, type Row, type WriteContext } from '@core/server';
import { normalizePlate } from '../fleet/plates';
import { K } from './plan';
import { PLAN, restrictToCustomers, yardPlanResource } from './plan.server';
import { netOf, weightDef } from './weight';

export const WEIGHT = 'ops_weight_record';

type Actor = Parameters<typeof createRow>[1];

/** The plan named exists and is the user's to see; its customer is the record's (another one given is an error). */
async function checkLinks(input: Row, { trx, actor, t }: WriteContext): Promise<number | null> {
  const customerId = input.customerId ? Number(input.customerId) : null;
  if (customerId && !(await trx('ops_customer').where({ id: customerId }).first('id'))) throw new FieldError({ customerId: t(`${K}.msg.customerMissing`) });
  if (!input.planId) return customerId;
  const qb = trx(PLAN).where(`${PLAN}.id`, Number(input.planId));
  await yardPlanResource.hooks.restrict!(qb, actor.user, trx);
  const plan = await qb.first('id', 'customer_id', 'status');
  if (!plan) throw new FieldError({ planId: t(`${K}.msg.planMissing`) });
  // A draft may still be deleted, a cancelled plan moves no goods: neither is weighed for.
  if (plan.status === 'draft' || plan.status === 'cancelled') throw new FieldError({ planId: t(`${K}.msg.planNotWeighable`) });
  if (customerId && customerId !== Number(plan.customer_id)) throw new FieldError({ customerId: t(`${K}.msg.customerNotPlans`) });
  return Number(plan.customer_id);
}

export const weightResource = serverResource(weightDef, {
  restrict: (qb, user, knex) => restrictToCustomers(qb, user, knex, `${WEIGHT}.customer_id`),
  /** The linked waybill's number, for the list's link to it (dispatch's table, read by id, when that area is installed). */
  async decorate(rows, knex) {
    const ids = [...new Set(rows.map((r) => Number(r.waybillId)).filter((id) => id > 0))];
    const numbers: Row[] = ids.length && (await knex.schema.hasTable('ops_waybill')) ? await knex('ops_waybill').whereIn('id', ids).select('id', 'waybill_no') : [];
    for (const r of rows) r.waybillNo = numbers.find((w) => Number(w.id) === Number(r.waybillId))?.waybill_no ?? null;
  },
  async toDb(input, ctx, defaults) {
    const values: Row = {
      ...defaults,
      plate_country: normalizePlate(String(input.plateNo))?.country ?? null,
      net: netOf(String(input.gross), String(input.tare)),
      customer_id: await checkLinks(input, ctx),
      weighed_at: input.weighedAt ? new Date(String(input.weighedAt)) : ctx.before?.weighedAt ? new Date(String(ctx.before.weighedAt)) : new Date(),
      operator_name: input.operatorName || ctx.actor.user.nickname || ctx.actor.user.username,
    };
    // The waybill link is dispatch's: the form, which does not show it, keeps it.
    if (ctx.op === 'update' && !input.waybillId) delete values.waybill_id;
    return values;
  },
});

export interface WeighingInput {
  /** 云N·A1234, MDY 2B-1234, 9L-1234 (written with or without the dot and spaces). */
  plate: string;
  /** Loaded and empty readings in tonnes (decimal text or a number, three decimals at most). */
  gross: string | number;
  tare: string | number;
  /** When it was weighed (default now). */
  weighedAt?: Date | string;
  planId?: number | null;
  waybillId?: number | null;
  /** The customer, when no plan names it (a waybill's shipper). */
  customerId?: number | null;
  direction: 'in' | 'out';
  operatorName?: string | null;
  remark?: string | null;
}

export interface WeighingContext {
  actor: Actor;
  t: TFunction;
  /** The caller has checked the actor may record it (dispatch's own permission): the weighing permission is not asked. */
  trusted?: boolean;
}

/**
 * Saves one weighbridge record in the caller's transaction and answers it as the API does (its
 * id, the plate as stored, `net` = gross − tare). Bad input is a FieldError with the translated
 * message by field (plateNo, gross, tare, planId …) and saves nothing.
 */
export async function recordWeight(trx: Knex.Transaction, ctx: WeighingContext, w: WeighingInput): Promise<Row> {
  const input = {
    plateNo: w.plate,
    direction: w.direction,
    gross: w.gross,
    tare: w.tare,
    weighedAt: w.weighedAt instanceof Date ? w.weighedAt.toISOString() : w.weighedAt ?? null,
    operatorName: w.operatorName ?? null,
    planId: w.planId ?? null,
    customerId: w.customerId ?? null,
    waybillId: w.waybillId ?? null,
    remark: w.remark ?? null,
  };
  return createRow(weightResource, ctx.actor, input, ctx.t, { knex: trx, trusted: ctx.trusted });
}
