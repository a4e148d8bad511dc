// Waybills on the server: who sees which (a fleet its own, a driver theirs, a shipper their
// customer's, the platform all); the dispatch — dispatchWaybill(), the one way a waybill is made,
// by the screens and by the fleet orders — with its refusals (papers, licence, blacklist, a
// vehicle or driver already booked in an overlapping loading window, made impossible under
// concurrency by locking the vehicle and driver rows) and its price from the contract in force;
// the driver's steps (waybillStep(), weighing — also the weighbridge's record — and receipt
// included, and the exception the driver reports) and the loss review.
import type { Knex } from 'knex';
import type { TFunction } from 'i18next';
import { ApiError, CODE, FieldError, claimUpload, createRow, filesOf, getRow, isMysql, serverResource, transitionRows, zodFieldErrors, type HookContext, type Row, type WriteContext } from '@core/server';
import { dayStamp, hasPermission, resourceKey, type SessionUserLike } from '@core/shared';
import { DRIVER, VEHICLE, fleetScopeOf } from '../fleet/fleet.server';
import { expiryRefusal } from '../fleet/expiry.server';
import { blacklistRefusal } from '../customers/blacklist.server';
import { priceInForce } from '../customers/adjustment.server';
import { SHIPPER_ROLE } from '../customers/common';
import { DRIVER_ACTIONS, K, RELEASED, REPORT_EXCEPTION, WAYBILL_PERMISSIONS, WAYBILL_TRANSITIONS, waybillDef, weighingSchema } from './waybill';
import { computeLoss, netOf, underLoad } from './loss';
import { UNDERLOAD_TOLERANCE_DEFAULT } from '../customers/line';
import { checkFleetOrder } from './order.server';
import { recordWeight } from '../tally/weight.server';

export const WAYBILL = 'ops_waybill';
const RESOURCE = resourceKey(waybillDef);
const P = WAYBILL_PERMISSIONS;

type Actor = HookContext['actor'];

// ---------------------------------------------------------------------------------------------
// Who sees which

export type WaybillScope = { kind: 'all' } | { kind: 'fleet'; fleetIds: number[] } | { kind: 'driver'; driverIds: number[] } | { kind: 'customer'; customerIds: number[] };

/** A fleet's manager and a driver as the fleet area says; a customer's login (or a SHIPPER without one) their customer's; anyone else the platform. */
export async function waybillScopeOf(knex: Knex, user: SessionUserLike): Promise<WaybillScope> {
  const fleet = await fleetScopeOf(knex, user);
  if (fleet.kind === 'fleet') return { kind: 'fleet', fleetIds: fleet.fleetIds };
  if (fleet.kind === 'driver') return { kind: 'driver', driverIds: fleet.driverIds };
  if (user.isAdmin) return { kind: 'all' };
  const customerIds: number[] = (await knex('ops_customer').where({ user_id: user.id }).select('id')).map((r: Row) => Number(r.id));
  if (customerIds.length || user.roles.some((r) => r.roleCode === SHIPPER_ROLE)) return { kind: 'customer', customerIds };
  return { kind: 'all' };
}

export function narrowWaybills(qb: Knex.QueryBuilder, scope: WaybillScope, table = WAYBILL): void {
  if (scope.kind === 'fleet') qb.whereIn(`${table}.fleet_id`, scope.fleetIds);
  else if (scope.kind === 'driver') qb.whereIn(`${table}.driver_id`, scope.driverIds);
  else if (scope.kind === 'customer') qb.whereIn(`${table}.customer_id`, scope.customerIds);
}

// ---------------------------------------------------------------------------------------------
// The dispatch

/**
 * The row locked for the rest of the transaction (MariaDB: SELECT … FOR UPDATE). SQLite runs one
 * write transaction at a time on its one connection, so there the transaction itself is the lock.
 */
const locked = (trx: Knex, table: string, id: number) => {
  const q = trx(table).where({ id });
  return (isMysql(trx) ? q.forUpdate() : q).first();
};

/** A waybill holding this vehicle or driver in an overlapping window (adjacent windows do not overlap); a locking read sees the latest commit. */
function clash(trx: Knex, column: 'vehicle_id' | 'driver_id', id: number, from: string, to: string, exceptId: number) {
  const q = trx(WAYBILL).where(column, id).whereNotIn('status', RELEASED).where('loading_from', '<', to).where('loading_to', '>', from).whereNot('id', exceptId);
  return (isMysql(trx) ? q.forShare() : q).first('waybill_no', 'loading_from', 'loading_to');
}

async function checkDispatch(input: Row, { trx, actor, t, before }: WriteContext): Promise<void> {
  const scope = await waybillScopeOf(trx, actor.user);
  // Drivers and shippers hold the edit permission only to attach receipts; they never dispatch.
  if (scope.kind === 'driver' || scope.kind === 'customer') throw new ApiError(t('core:http.forbidden'), CODE.FORBIDDEN, 403);
  const fleetId = Number(input.fleetId);
  const vehicleId = Number(input.vehicleId);
  const driverId = Number(input.driverId);
  if (scope.kind === 'fleet' && !scope.fleetIds.includes(fleetId)) throw new FieldError({ fleetId: t(`${K}.msg.notOwnFleet`) });
  // First the locks: a second dispatch of this vehicle or driver waits here until this one is committed.
  const vehicle = await locked(trx, VEHICLE, vehicleId);
  const driver = await locked(trx, DRIVER, driverId);
  if (!vehicle || Number(vehicle.fleet_id) !== fleetId) throw new FieldError({ vehicleId: t(`${K}.msg.vehicleNotInFleet`) });
  if (!driver || Number(driver.fleet_id) !== fleetId) throw new FieldError({ driverId: t(`${K}.msg.driverNotInFleet`) });
  const from = String(input.loadingFrom);
  const to = String(input.loadingTo);
  const day = from.slice(0, 10);
  // Papers in force on the loading day, records in service, and the licence class fitting the vehicle (licenceFits).
  const papers = await expiryRefusal(trx, t, { vehicleId, driverId, on: day });
  if (papers) throw new ApiError(papers);
  for (const [type, id] of [
    ['customer', Number(input.customerId)],
    ['fleet', fleetId],
    ['vehicle', vehicleId],
    ['driver', driverId],
  ] as const) {
    const barred = await blacklistRefusal(trx, t, { type, id, on: day });
    if (barred) throw new ApiError(barred);
  }
  if (Number(input.plannedTonnes) > Number(vehicle.rated_load)) throw new FieldError({ plannedTonnes: t(`${K}.msg.overRatedLoad`, { load: Number(vehicle.rated_load) }) });
  if (!(await priceInForce(trx, { customerId: Number(input.customerId), lineId: Number(input.lineId), on: day }))) throw new FieldError({ lineId: t(`${K}.msg.noPrice`, { day }) });
  const exceptId = Number(before?.id ?? 0);
  const v = await clash(trx, 'vehicle_id', vehicleId, from, to, exceptId);
  if (v) throw new FieldError({ vehicleId: t(`${K}.msg.vehicleBooked`, { plate: vehicle.plate_no, no: v.waybill_no, from: v.loading_from, to: v.loading_to }) });
  const d = await clash(trx, 'driver_id', driverId, from, to, exceptId);
  if (d) throw new FieldError({ driverId: t(`${K}.msg.driverBooked`, { name: driver.name, no: d.waybill_no, from: d.loading_from, to: d.loading_to }) });
}

/** A waybill's number: YD + the day it was made + the row id. */
export const waybillNo = (id: number, made: Date) => `YD${dayStamp(made)}${String(id).padStart(6, '0')}`;

export interface DispatchInput {
  fleetOrderId?: number | null;
  sourceId?: number | null;
  customerId: number;
  lineId: number;
  fleetId: number;
  vehicleId: number;
  driverId: number;
  plannedTonnes: string;
  /** "YYYY-MM-DD HH:mm". */
  loadingFrom: string;
  loadingTo: string;
  goods: string;
  loadingPoint?: string | null;
  unloadingPoint?: string | null;
  remark?: string | null;
}

/**
 * Dispatches one waybill in the caller's transaction, as the screens do: the actor's permission,
 * the schema's field errors, the refusals above (ApiError / FieldError, translated), the price.
 * Returns the waybill as the API answers it.
 */
export async function dispatchWaybill(trx: Knex.Transaction, ctx: { actor: Actor; t: TFunction }, input: DispatchInput): Promise<Row> {
  return createRow(waybillResource, ctx.actor, input, ctx.t, { knex: trx });
}

// ---------------------------------------------------------------------------------------------
// The driver's steps

/**
 * What a weighing at the waybill's loading or unloading is on the weighbridge: the truck leaves
 * the loading point loaded — the goods weighed OUT of that yard — and arrives loaded at the
 * unloading point — weighed IN to it (tally's `in`: "loaded on arrival"). Both are readings of
 * the loaded truck (gross) and its tare, the net the goods moved.
 */
const WEIGH_DIRECTION = { load: 'out', unload: 'in' } as const;

/**
 * The weighing of a load or unload step: checked as the driver's page asks (both readings, to
 * the kilogram; unloading with its receipt), then stored on the waybill and, through the tally
 * area's recordWeight, as the weighbridge record of the trip — whose refusals (a net of zero or
 * less …) are the step's field errors. Runs in the step's transaction: refused, nothing stays.
 */
async function weigh(trx: Knex.Transaction, actor: Actor, t: TFunction, id: number, step: 'load' | 'unload', input: Row): Promise<void> {
  const row = await getRow(waybillResource, actor.user, id, t, trx);
  const tr = WAYBILL_TRANSITIONS.find((x) => x.name === step)!;
  if (!tr.from.includes(String(row.status))) throw new ApiError(t(tr.refusedKey));
  const parsed = weighingSchema(t).safeParse(input);
  const errors: Record<string, string> = parsed.success ? {} : zodFieldErrors(parsed.error);
  const receipt = input.receiptFileId === '' || input.receiptFileId === null || input.receiptFileId === undefined ? null : Number(input.receiptFileId);
  if (step === 'unload' && !receipt) errors.receiptFileId = t(`${K}.msg.receiptRequired`);
  if (!parsed.success || Object.keys(errors).length) throw new FieldError(errors);
  const gross = String(parsed.data.gross);
  const tare = String(parsed.data.tare);
  const trip = await trx(`${WAYBILL} as w`)
    .join(`${VEHICLE} as v`, 'v.id', 'w.vehicle_id')
    .join(`${DRIVER} as d`, 'd.id', 'w.driver_id')
    .leftJoin('ops_source as s', 's.id', 'w.source_id')
    .where('w.id', id)
    .first('v.plate_no', 'd.name as driver', 'w.customer_id', 's.customer_id as source_customer_id');
  // The actor holds the drive permission (checked by waybillStep), not the weighbridge's.
  await recordWeight(
    trx,
    { actor, t, trusted: true },
    {
      plate: String(trip.plate_no),
      gross,
      tare,
      direction: WEIGH_DIRECTION[step],
      weighedAt: new Date(),
      waybillId: id,
      // The cargo source's customer (a waybill dispatched without a source: its own, the same shipper).
      customerId: Number(trip.source_customer_id ?? trip.customer_id),
      operatorName: String(trip.driver),
    },
  );
  const at = step === 'load' ? 'loading' : 'unloading';
  const net = step === 'load' ? 'loaded_net' : 'unloaded_net';
  if (step === 'unload') await claimUpload(trx, { resource: RESOURCE, recordId: id, fileIds: receipt, user: actor.user, t, only: true, field: 'receiptFileId', messageKey: `${K}.msg.receiptRequired` });
  await trx(WAYBILL)
    .where({ id })
    .update({ [`${at}_gross`]: gross, [`${at}_tare`]: tare, [net]: netOf(gross, tare), ...(step === 'unload' ? { receipt_file_id: receipt } : {}) });
}

/**
 * One step of the driver's page, in one transaction: a weighing step stores its weighing (and
 * unloading its receipt) first, then the step is the state machine's transition — refused out
 * of order with its message, 404 on a waybill the user does not see. The driver also reports an
 * exception here (`exception`, its reason in `statusNote`): the transition's own permission and
 * reason rule, on their own waybills only.
 */
export async function waybillStep(knex: Knex, actor: Actor, t: TFunction, id: number, step: string, input: Row = {}): Promise<Row> {
  if (!(DRIVER_ACTIONS as readonly string[]).includes(step)) throw new ApiError(t('core:http.apiNotFound'), CODE.NOT_FOUND, 404);
  if (!hasPermission(actor.user, P.drive)) throw new ApiError(t('core:http.forbidden'), CODE.FORBIDDEN, 403);
  return knex.transaction(async (trx) => {
    if (step === 'load' || step === 'unload') await weigh(trx, actor, t, id, step, input);
    const note = step === REPORT_EXCEPTION ? (input.statusNote ?? '') : undefined;
    const [after] = await transitionRows(waybillResource, actor, [id], step, t, { knex: trx, note });
    return after;
  });
}

const present = (v: unknown) => v !== null && v !== undefined && v !== '';

/** What each transition writes besides the state, after its own checks. */
async function beforeTransition(rows: Row[], name: string, { t, actor }: HookContext): Promise<(row: Row) => Row> {
  const now = new Date();
  switch (name) {
    case 'accept':
      return () => ({ accepted_at: now });
    case 'load':
      // Through the driver's page (waybillStep), which weighs first; the bare transition has no weighing.
      if (rows.some((r) => !present(r.loadedNet))) throw new ApiError(t(`${K}.msg.weighingRequired`));
      return (r) => {
        const short = underLoad(String(r.plannedTonnes), String(r.loadedNet), String(r.underloadTolerance ?? UNDERLOAD_TOLERANCE_DEFAULT));
        return { loaded_at: now, underload_tonnes: short.shortTonnes, underloaded: short.underloaded ? 1 : 0 };
      };
    case 'depart':
      return () => ({ departed_at: now });
    case 'unload':
      if (rows.some((r) => !present(r.unloadedNet))) throw new ApiError(t(`${K}.msg.weighingRequired`));
      if (rows.some((r) => !present(r.receiptFileId))) throw new ApiError(t(`${K}.msg.receiptRequired`));
      return (r) => {
        const loss = computeLoss({ loadedNet: String(r.loadedNet), unloadedNet: String(r.unloadedNet), tolerancePermille: String(r.lossTolerance ?? 0), price: String(r.price), priceUnit: String(r.priceUnit) });
        return {
          unloaded_at: now,
          loss_tonnes: loss.lossTonnes,
          loss_permille: loss.lossPermille,
          excess_loss: loss.excessLoss,
          deduction_amount: loss.deductionAmount,
          loss_review: loss.overTolerance ? 'pending' : 'none',
        };
      };
    case 'complete':
      return () => ({ completed_at: now });
    case 'acceptLoss':
    case 'confirmDeduction':
      if (rows.some((r) => r.lossReview !== 'pending')) throw new ApiError(t(`${K}.msg.noReviewPending`));
      // Accepted: the loss is borne, nothing deducted; confirmed: the computed deduction goes to settlement.
      return () => ({ loss_review: name === 'acceptLoss' ? 'accepted' : 'deducted', ...(name === 'acceptLoss' ? { deduction_amount: '0.00' } : {}), reviewed_at: now, reviewed_by: actor.user.id });
    default:
      return () => ({});
  }
}

// ---------------------------------------------------------------------------------------------
// The resource

export const waybillResource = serverResource(waybillDef, {
  async restrict(qb, user, knex) {
    narrowWaybills(qb, await waybillScopeOf(knex, user));
  },
  async decorate(rows, knex) {
    if (!rows.length) return;
    const ids = rows.map((r) => Number(r.id));
    const names: Row[] = await knex(`${WAYBILL} as w`)
      .leftJoin('ops_customer as c', 'c.id', 'w.customer_id')
      .leftJoin('ops_line as l', 'l.id', 'w.line_id')
      .leftJoin('ops_fleet as f', 'f.id', 'w.fleet_id')
      .leftJoin('ops_vehicle as v', 'v.id', 'w.vehicle_id')
      .leftJoin('ops_driver as d', 'd.id', 'w.driver_id')
      .leftJoin('ops_source as s', 's.id', 'w.source_id')
      .leftJoin('ops_fleet_order as o', 'o.id', 'w.fleet_order_id')
      .whereIn('w.id', ids)
      .select('w.id', 'c.name as customer', 'l.name as line', 'f.name as fleet', 'v.plate_no as plate', 'd.name as driver', 's.source_no', 'o.order_no');
    const files = await filesOf(knex, RESOURCE, ids);
    for (const r of rows) {
      const n = names.find((x) => Number(x.id) === Number(r.id));
      r.customerName = n?.customer ?? null;
      r.lineName = n?.line ?? null;
      r.fleetName = n?.fleet ?? null;
      r.plateNo = n?.plate ?? null;
      r.driverName = n?.driver ?? null;
      // The source and the fleet order by their numbers, not their ids.
      r.sourceNo = n?.source_no ?? null;
      r.fleetOrderNo = n?.order_no ?? null;
      const file = files.find((x) => x.id === Number(r.receiptFileId));
      r.receiptFile = file ? { id: file.id, name: file.name } : null;
    }
  },
  async validate(input, ctx) {
    await checkFleetOrder(input, ctx);
    await checkDispatch(input, ctx);
  },
  async toDb(input, { trx, op }, defaults) {
    const day = String(input.loadingFrom).slice(0, 10);
    const price = (await priceInForce(trx, { customerId: Number(input.customerId), lineId: Number(input.lineId), on: day }))!;
    const line = await trx('ops_line').where({ id: Number(input.lineId) }).first('origin', 'destination', 'loss_tolerance', 'underload_tolerance');
    const values: Row = {
      ...defaults,
      loading_point: input.loadingPoint || line.origin,
      unloading_point: input.unloadingPoint || line.destination,
      // The price the waybill keeps: the contract line and the adjustment it came from.
      price: price.price,
      price_unit: price.unit,
      currency: price.currency,
      contract_id: price.contractId,
      contract_no: price.contractNo,
      contract_line_id: price.contractLineId,
      adjustment_id: price.adjustmentId,
      loss_tolerance: line.loss_tolerance,
      underload_tolerance: line.underload_tolerance ?? UNDERLOAD_TOLERANCE_DEFAULT,
    };
    if (op === 'create') Object.assign(values, { status: 'dispatched', loss_review: 'none', waybill_no: `TMP${Date.now()}${Math.random().toString(36).slice(2, 8)}` });
    return values;
  },
  async afterWrite(id, _input, { trx, op }) {
    if (op === 'create') await trx(WAYBILL).where({ id }).update({ waybill_no: waybillNo(id, new Date()) });
  },
  beforeTransition,
});

// ---------------------------------------------------------------------------------------------
// The dispatch board

export interface BoardCounts {
  day: string;
  waybills: Record<string, number>;
  pendingReview: number;
  exceptions: number;
  /** null: that table is not installed (the cargo sources area). */
  sources: Record<string, number> | null;
  fleetOrders: Record<string, number> | null;
}

async function byStatus(qb: Knex.QueryBuilder): Promise<Record<string, number>> {
  const rows: Row[] = await qb.select('status').count({ n: '*' }).groupBy('status');
  return Object.fromEntries(rows.map((r) => [String(r.status), Number(r.n)]));
}

/** Another area's table by status for the day (created that day), where it is installed; a fleet sees its own when the table says whose. */
async function otherTable(knex: Knex, table: string, scope: WaybillScope, day: string): Promise<Record<string, number> | null> {
  if (!(await knex.schema.hasTable(table)) || !(await knex.schema.hasColumn(table, 'status'))) return null;
  const qb = knex(table);
  if (await knex.schema.hasColumn(table, 'created_at')) qb.where('created_at', '>=', new Date(`${day}T00:00:00`)).where('created_at', '<', new Date(new Date(`${day}T00:00:00`).getTime() + 86_400_000));
  if (scope.kind !== 'all') {
    if (scope.kind === 'fleet' && (await knex.schema.hasColumn(table, 'fleet_id'))) qb.whereIn('fleet_id', scope.fleetIds);
    else if (scope.kind === 'customer' && (await knex.schema.hasColumn(table, 'customer_id'))) qb.whereIn('customer_id', scope.customerIds);
    else return {};
  }
  return byStatus(qb);
}

/** The day's counts the board shows: the waybills loading that day by state, the reviews and exceptions open, the day's sources and fleet orders. */
export async function boardCounts(knex: Knex, user: SessionUserLike, day: string): Promise<BoardCounts> {
  const scope = await waybillScopeOf(knex, user);
  const scoped = () => {
    const qb = knex(WAYBILL);
    narrowWaybills(qb, scope);
    return qb;
  };
  const today = scoped().where('loading_from', '>=', `${day} 00:00`).where('loading_from', '<=', `${day} 23:59`);
  const pending = await scoped().where({ loss_review: 'pending' }).count({ n: '*' }).first();
  const exceptions = await scoped().where({ status: 'exception' }).count({ n: '*' }).first();
  return {
    day,
    waybills: await byStatus(today),
    pendingReview: Number(pending?.n ?? 0),
    exceptions: Number(exceptions?.n ?? 0),
    sources: await otherTable(knex, 'ops_source', scope, day),
    fleetOrders: await otherTable(knex, 'ops_fleet_order', scope, day),
  };
}
