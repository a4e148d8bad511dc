// Yard plans on the server: who sees which (a shipper their customer's, the platform all), the
// checks a plan needs beyond its schema (its customer, goods, yard and berth exist; a
// blacklisted customer gets no new plan), its number, and how its executed quantities and state
// follow the confirmed work (settlePlan, called when work is confirmed or voided).
import type { Knex } from 'knex';
import type { TFunction } from 'i18next';
import Decimal from 'decimal.js';
import { ApiError, FieldError, defineLookup, serverResource, transitionRows, type LookupDef, type Row, type ServerResource, type WriteContext } from '@core/server';
import { dayStamp, type LookupOption, type SessionUserLike } from '@core/shared';
import { blacklistRefusal } from '../customers/blacklist.server';
import { K, PROGRESS_TRANSITIONS, SHIPPER_ROLE, TONNE_SCALE, WORKABLE_STATES, yardPlanDef, type PlanState } from './plan';

export const PLAN = 'ops_yard_plan';
export const WORK = 'ops_work_confirmation';
const CUSTOMER = 'ops_customer';

type Actor = Parameters<typeof transitionRows>[1];

/**
 * The customers whose rows a user is limited to, or null for all: a user a customer's login
 * points at (ops_customer.user_id), or holding the SHIPPER role, is that customer's shipper;
 * anyone else (operators, tally clerks, administrators) is the platform.
 */
export async function shipperCustomerIds(knex: Knex, user: SessionUserLike): Promise<number[] | null> {
  if (user.isAdmin) return null;
  const own: number[] = (await knex(CUSTOMER).where({ user_id: user.id }).select('id')).map((r: Row) => Number(r.id));
  if (own.length || user.roles.some((r) => r.roleCode === SHIPPER_ROLE)) return own;
  return null;
}

/** Narrows a query to the user's customers by `column` (a shipper without a customer sees nothing). */
export async function restrictToCustomers(qb: Knex.QueryBuilder, user: SessionUserLike, knex: Knex, column: string): Promise<void> {
  const ids = await shipperCustomerIds(knex, user);
  if (ids) qb.whereIn(column, ids);
}

/** Exact decimal text of a quantity (null for none). */
const dec = (v: unknown) => (v === null || v === undefined || v === '' ? null : new Decimal(String(v)));

/** The plan's number: RK (入库) or CK (出库), the day it was made and the row id. */
export const planNo = (direction: string, id: number, created: Date) => `${direction === 'outbound' ? 'CK' : 'RK'}${dayStamp(created)}${String(id).padStart(4, '0')}`;

const inOptions = (options: LookupOption[], value: unknown) => options.some((o) => o.value === String(value));

async function checkPlan(input: Row, ctx: WriteContext): Promise<void> {
  const { trx, t } = ctx;
  const errors: Record<string, string> = {};
  const customerId = Number(input.customerId);
  const customer = inOptions(await ctx.lookup('portops.customers'), customerId) ? await trx(CUSTOMER).where({ id: customerId }).first('id', 'status') : null;
  if (!customer) errors.customerId = t(`${K}.msg.customerMissing`);
  else if (customer.status !== 'normal') errors.customerId = t(`${K}.msg.customerDisabled`);
  else {
    const refusal = await blacklistRefusal(trx, t, { type: 'customer', id: customerId, on: String(input.planDate) });
    if (refusal) errors.customerId = refusal;
  }
  if (!inOptions(await ctx.lookup('system.goods'), input.goodsCode)) errors.goodsCode = t(`${K}.msg.goodsMissing`);
  if (!inOptions(await ctx.lookup('system.yards'), input.yardCode)) errors.yardCode = t(`${K}.msg.yardMissing`);
  if (input.berthCode && !inOptions(await ctx.lookup('system.berths'), input.berthCode)) errors.berthCode = t(`${K}.msg.berthMissing`);
  if (Object.keys(errors).length) throw new FieldError(errors);
}

/** The state a plan's executed quantities put it in: nothing yet, some, or every planned quantity reached. */
export function progressState(plan: Row): 'confirmed' | 'executing' | 'executed' {
  const donePieces = Number(plan.donePieces ?? 0);
  const doneTonnes = dec(plan.doneTonnes) ?? new Decimal(0);
  if (donePieces <= 0 && doneTonnes.lte(0)) return 'confirmed';
  const pieces = plan.plannedPieces === null || plan.plannedPieces === undefined ? null : Number(plan.plannedPieces);
  const tonnes = dec(plan.plannedTonnes);
  const reached = (pieces === null || donePieces >= pieces) && (tonnes === null || doneTonnes.gte(tonnes));
  return reached ? 'executed' : 'executing';
}

const PROGRESS_TO: Record<(typeof PROGRESS_TRANSITIONS)[number], PlanState> = { progress: 'executing', complete: 'executed', reset: 'confirmed' };

const planRules = serverResource(yardPlanDef, {
  restrict: (qb, user, knex) => restrictToCustomers(qb, user, knex, `${PLAN}.customer_id`),
  validate: checkPlan,
  toDb(input, { op, before }, defaults) {
    // A plan keeps the direction it was made with (a screen's variant fixes it anyway).
    const values: Row = { ...defaults, direction: op === 'create' ? input.direction ?? 'inbound' : before?.direction };
    if (op === 'create') {
      values.status = 'draft';
      values.done_pieces = 0;
      values.done_tonnes = 0;
      // The number needs the row id (afterWrite); a unique placeholder until then.
      values.plan_no = `TMP${Date.now()}${Math.random().toString(36).slice(2, 8)}`;
    }
    return values;
  },
  async afterWrite(id, _input, { trx, op }) {
    if (op !== 'create') return;
    const row = await trx(PLAN).where({ id }).first('direction');
    await trx(PLAN).where({ id }).update({ plan_no: planNo(String(row.direction), id, new Date()) });
  },
  async beforeTransition(rows, name, { t }) {
    // The work's moves only where the executed quantities say so (settlePlan takes them).
    const to = PROGRESS_TO[name as keyof typeof PROGRESS_TO];
    if (to && rows.some((r) => progressState(r) !== to)) throw new ApiError(t(`${K}.msg.progressByWork`));
  },
});

export const yardPlanResource: ServerResource = {
  ...planRules,
};

/**
 * The plan's executed quantities again from its confirmed work, and its state with them: the
 * first work moves a confirmed plan to executing, reaching every planned quantity to executed,
 * voiding work back. Runs in the work's transaction, as the clerk whose work it was.
 */
export async function settlePlan(trx: Knex.Transaction, actor: Actor, t: TFunction, planId: number): Promise<void> {
  const work: Row[] = await trx(WORK).where({ plan_id: planId, status: 'confirmed' }).select('pieces', 'tonnes');
  const donePieces = work.reduce((s, w) => s + Number(w.pieces ?? 0), 0);
  const doneTonnes = work.reduce((s, w) => s.plus(dec(w.tonnes) ?? 0), new Decimal(0)).toFixed(TONNE_SCALE);
  await trx(PLAN).where({ id: planId }).update({ done_pieces: donePieces, done_tonnes: doneTonnes });
  const plan = await trx(PLAN).where({ id: planId }).first();
  const state = plan.status as PlanState;
  // A closed or cancelled plan keeps its state; only the open ones follow their work.
  if (!(['confirmed', 'executing', 'executed'] as PlanState[]).includes(state)) return;
  const target = progressState({ donePieces, doneTonnes, plannedPieces: plan.planned_pieces, plannedTonnes: plan.planned_tonnes });
  if (target === state) return;
  const name = target === 'executing' ? 'progress' : target === 'executed' ? 'complete' : 'reset';
  await transitionRows(yardPlanResource, actor, [planId], name, t, { knex: trx, trusted: true });
}

/**
 * Plans as a picker (`portops.yardPlans`), narrowed like their list: the work and weighing forms
 * are offered the plans work can be confirmed against; a page labels the plans its rows name,
 * whatever their state (`values`).
 */
export const yardPlanLookup: LookupDef = defineLookup({ resource: 'portops.yardPlan' }, async ({ knex }, user, search) => {
  const qb = knex(`${PLAN} as p`)
    .leftJoin(`${CUSTOMER} as c`, 'c.id', 'p.customer_id')
    .select('p.id', 'p.plan_no', 'p.direction', 'p.goods_code', 'p.status', 'c.name as customer')
    .orderBy('p.id', 'desc');
  await restrictToCustomers(qb, user, knex, 'p.customer_id');
  if (search?.values) qb.whereIn('p.id', search.values.map(Number).filter(Number.isInteger));
  else qb.whereIn('p.status', WORKABLE_STATES as string[]);
  const q = search?.q?.trim();
  if (q) qb.where((w) => w.where('p.plan_no', 'like', `%${q.replace(/[\\%_]/g, '')}%`).orWhere('c.name', 'like', `%${q.replace(/[\\%_]/g, '')}%`));
  qb.limit(search?.limit ?? 200);
  const rows: Row[] = await qb;
  return rows.map((r) => ({ value: String(r.id), label: `${String(r.plan_no)} ${String(r.customer ?? '')} ${String(r.goods_code ?? '')}`.trim() }));
});

/** Whether a plan is in a state work may be confirmed against. */
export const workable = (status: unknown) => WORKABLE_STATES.includes(String(status) as PlanState);
