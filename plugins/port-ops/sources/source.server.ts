// Cargo sources on the server: who sees which (a shipper their customer's, the platform all), the
// checks a source needs beyond its schema (the customer is not blacklisted, the line allows the
// vehicle type, a contract price is in force on the loading day and becomes the source's price),
// its number, and the guards of its transitions (publishing re-checks the blacklist and the
// price; only the distribution assigns; a source closes once no fleet order is open).
import type { Knex } from 'knex';
import Decimal from 'decimal.js';
import type { TFunction } from 'i18next';
import { ApiError, FieldError, serverResource, toDate, type RequestContext, type Row } from '@core/server';
import { dayStamp, hasPermission, isoDay, type SessionUserLike } from '@core/shared';
import { priceInForce } from '../customers/adjustment.server';
import { blacklistRefusal } from '../customers/blacklist.server';
import { SHIPPER_ROLE } from '../customers/common';
import { K, OPEN_ORDER_STATES, SOURCE_PERMISSIONS, sourceDef } from './source';

export const SOURCE = 'ops_source';
export const ORDER = 'ops_fleet_order';

/** Line vehicle types (customers' line declaration) as the fleets' vehicle types (ops_vehicle.vehicle_type). */
const LINE_TO_VEHICLE: Record<string, string> = { tractor: 'tractor', boxTruck: 'box', flatbed: 'flatbed', tanker: 'tanker', dumpTruck: 'dump', containerTruck: 'container' };

/** The vehicle types a line allows, in the fleets' vocabulary. */
export function lineVehicleTypes(stored: unknown): string[] {
  return [
    ...new Set(
      String(stored ?? '')
        .split(',')
        .filter(Boolean)
        .map((v) => LINE_TO_VEHICLE[v] ?? v),
    ),
  ];
}

/**
 * What a user may see of the sources: a login a customer is linked to (ops_customer.user_id),
 * or holding the SHIPPER role, is that customer's shipper; anyone else is the platform. A
 * shipper without a linked customer sees nothing.
 */
export type SourceScope = { kind: 'all' } | { kind: 'customer'; customerIds: number[] };

export async function sourceScopeOf(knex: Knex, user: SessionUserLike): Promise<SourceScope> {
  if (user.isAdmin) return { kind: 'all' };
  const own: number[] = (await knex('ops_customer').where({ user_id: user.id }).select('id')).map((r: Row) => Number(r.id));
  if (own.length || user.roles.some((r) => r.roleCode === SHIPPER_ROLE)) return { kind: 'customer', customerIds: own };
  return { kind: 'all' };
}

/** The loading day (YYYY-MM-DD, the server's calendar) of a loading start. */
export const loadingDay = (v: unknown) => isoDay(toDate(v) ?? new Date());

/** Why this customer gets no new source: blacklisted or not in service; null when it may. */
async function customerRefusal(knex: Knex, t: TFunction, customerId: number, on: string): Promise<string | null> {
  const customer = await knex('ops_customer').where({ id: customerId }).first('status');
  if (!customer) return t(`${K}.msg.unknownCustomer`);
  if (customer.status !== 'normal') return t(`${K}.msg.customerDisabled`);
  return blacklistRefusal(knex, t, { type: 'customer', id: customerId, on });
}

/** The stored sum of a source's open and completed fleet orders (what is placed), by source id. */
export async function placedTonnes(knex: Knex, sourceIds: number[]): Promise<Map<number, number>> {
  if (!sourceIds.length) return new Map();
  const rows: Row[] = await knex(ORDER).whereIn('source_id', sourceIds).whereIn('status', [...OPEN_ORDER_STATES, 'completed']).groupBy('source_id').select('source_id').sum({ n: 'tonnes' });
  return new Map(rows.map((r) => [Number(r.source_id), Number(r.n ?? 0)]));
}

const sourceResourceBase = serverResource(sourceDef, {
  async restrict(qb, user, knex) {
    const scope = await sourceScopeOf(knex, user);
    if (scope.kind === 'customer') qb.whereIn(`${SOURCE}.customer_id`, scope.customerIds);
  },
  async decorate(rows, knex) {
    if (!rows.length) return;
    const ids = rows.map((r) => Number(r.id));
    const contracts: Row[] = await knex(`${SOURCE} as s`).leftJoin('ops_contract_line as cl', 'cl.id', 's.contract_line_id').leftJoin('ops_contract as c', 'c.id', 'cl.contract_id').whereIn('s.id', ids).select('s.id', 'c.contract_no');
    const placed = await placedTonnes(knex, ids);
    const orders: Row[] = await knex(`${ORDER} as o`).join('ops_fleet as f', 'f.id', 'o.fleet_id').whereIn('o.source_id', ids).orderBy('o.id').select('o.*', 'f.name as fleet_name');
    for (const r of rows) {
      r.contractNo = contracts.find((c) => Number(c.id) === Number(r.id))?.contract_no ?? null;
      r.assignedTonnes = String(Math.round((placed.get(Number(r.id)) ?? 0) * 100) / 100);
      r.orders = orders
        .filter((o) => Number(o.source_id) === Number(r.id))
        .map((o) => ({
          id: Number(o.id),
          orderNo: o.order_no,
          fleetId: Number(o.fleet_id),
          fleetName: o.fleet_name,
          status: o.status,
          tonnes: new Decimal(String(o.tonnes)).toFixed(),
          proposedTonnes: o.proposed_tonnes === null ? null : new Decimal(String(o.proposed_tonnes)).toFixed(),
          offerExpiresAt: toDate(o.offer_expires_at)?.toISOString() ?? null,
          declineReason: o.decline_reason ?? null,
        }));
    }
  },
  async validate(input, { trx, t, actor }) {
    const scope = await sourceScopeOf(trx, actor.user);
    if (scope.kind === 'customer') {
      // A shipper's source is their customer's, whatever the form says.
      if (!scope.customerIds.length) throw new FieldError({ customerId: t(`${K}.msg.noOwnCustomer`) });
      input.customerId = scope.customerIds.includes(Number(input.customerId)) ? Number(input.customerId) : scope.customerIds[0];
    } else if (!input.customerId) {
      throw new FieldError({ customerId: t('core:resource.required', { field: t(`${K}.field.customer`) }) });
    }
    const customerId = Number(input.customerId);
    const day = loadingDay(input.loadingFrom);
    const refusal = await customerRefusal(trx, t, customerId, day);
    if (refusal) throw new FieldError({ customerId: refusal });
    if (!(await trx('sys_goods').where({ code: String(input.goods) }).first('id'))) throw new FieldError({ goods: t('core:resource.invalid', { field: t(`${K}.field.goods`) }) });
    const line = await trx('ops_line').where({ id: Number(input.lineId) }).first('vehicle_types');
    if (!line) throw new FieldError({ lineId: t('core:resource.invalid', { field: t(`${K}.field.line`) }) });
    if (input.vehicleType && !lineVehicleTypes(line.vehicle_types).includes(String(input.vehicleType))) throw new FieldError({ vehicleType: t(`${K}.msg.vehicleTypeNotOnLine`) });
    const price = await priceInForce(trx, { customerId, lineId: Number(input.lineId), on: day });
    if (!price) throw new FieldError({ lineId: t(`${K}.msg.noPrice`, { day }) });
    if (price.unit === 'container' && !input.containers) throw new FieldError({ containers: t(`${K}.msg.containersNeeded`) });
  },
  async toDb(input, { trx, op }, defaults) {
    const customerId = Number(input.customerId);
    const price = (await priceInForce(trx, { customerId, lineId: Number(input.lineId), on: loadingDay(input.loadingFrom) }))!;
    const goods = await trx('sys_goods').where({ code: String(input.goods) }).first('dangerous');
    const values: Row = {
      ...defaults,
      customer_id: customerId,
      loading_from: toDate(input.loadingFrom),
      loading_to: toDate(input.loadingTo),
      unload_by: toDate(input.unloadBy),
      // Dangerous goods of the base data are dangerous whatever the form says.
      dangerous_goods: input.dangerousGoods || Number(goods?.dangerous ?? 0) ? 1 : 0,
      price: price.price,
      price_unit: price.unit,
      currency: price.currency,
      contract_line_id: price.contractLineId,
      adjustment_id: price.adjustmentId,
    };
    if (op === 'create') Object.assign(values, { status: 'draft', source_no: `TMP${Date.now()}${Math.random().toString(36).slice(2, 8)}` });
    return values;
  },
  async afterWrite(id, _input, { trx, op }) {
    if (op !== 'create') return;
    // SRC + the day + its number that day (001, 002, …), after the day's highest (a deleted draft's number is not reused).
    const prefix = `SRC${dayStamp(new Date())}`;
    const last = await trx(SOURCE).where('source_no', 'like', `${prefix}%`).orderBy('source_no', 'desc').first('source_no');
    const n = last ? Number(String(last.source_no).slice(prefix.length)) + 1 : 1;
    await trx(SOURCE)
      .where({ id })
      .update({ source_no: `${prefix}${String(n).padStart(3, '0')}` });
  },
  async beforeTransition(rows, name, { trx, t, actor }) {
    const now = new Date();
    if (name === 'publish') {
      for (const r of rows) {
        const day = loadingDay(r.loadingFrom);
        const refusal = await customerRefusal(trx, t, Number(r.customerId), day);
        if (refusal) throw new ApiError(refusal);
        if ((toDate(r.loadingTo)?.getTime() ?? 0) <= now.getTime()) throw new ApiError(t(`${K}.msg.windowPassed`, { no: r.sourceNo }));
        if (!(await priceInForce(trx, { customerId: Number(r.customerId), lineId: Number(r.lineId), on: day }))) throw new ApiError(t(`${K}.msg.noPrice`, { day }));
      }
      return () => ({ published_at: now });
    }
    if (name === 'assign') {
      const ids = rows.map((r) => Number(r.id));
      const withOrders = new Set((await trx(ORDER).whereIn('source_id', ids).whereIn('status', OPEN_ORDER_STATES).distinct('source_id')).map((r: Row) => Number(r.source_id)));
      if (ids.some((id) => !withOrders.has(id))) throw new ApiError(t(`${K}.msg.assignThroughDistribution`));
      return () => ({ assigned_at: now, assigned_by: actor.user.id });
    }
    if (name === 'close') {
      const open = await trx(ORDER)
        .whereIn(
          'source_id',
          rows.map((r) => Number(r.id)),
        )
        .whereIn('status', OPEN_ORDER_STATES)
        .first('order_no');
      if (open) throw new ApiError(t(`${K}.msg.ordersOpen`, { no: open.order_no }));
      return () => ({ closed_at: now });
    }
  },
});

export const sourceResource = {
  ...sourceResourceBase,
  screen: {
    data: async ({ user, knex }: RequestContext) => ({
      isShipper: (await sourceScopeOf(knex, user)).kind === 'customer',
      canDistribute: hasPermission(user, SOURCE_PERMISSIONS.distribute),
    }),
  },
};
