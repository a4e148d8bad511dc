// A waybill dispatched against a fleet order (the fleet's accepted share of a cargo source):
// the order must be accepted and the fleet's own, its customer and line are the waybill's, and
// the waybills not cancelled stay within the order's tonnes. The order's picker offers a fleet
// its own accepted orders, each filling the waybill form from the order when picked.
import Decimal from 'decimal.js';
import { FieldError, tableLookup, toDate, type LookupDef, type Row, type WriteContext } from '@core/server';
import { formatDateTime } from '@core/shared';
import { DRIVER_ROLE, FLEET_ROLE } from '../fleet/fleet';
import { K } from './waybill';

const ORDER = 'ops_fleet_order';

export async function checkFleetOrder(input: Row, { trx, t, before }: WriteContext): Promise<void> {
  if (input.fleetOrderId === null || input.fleetOrderId === undefined || input.fleetOrderId === '') return;
  const orderId = Number(input.fleetOrderId);
  // Locked: two dispatches against one order cannot both take its last tonnes.
  const order = await trx(ORDER).where({ id: orderId }).forUpdate().first();
  if (!order || order.status !== 'accepted' || Number(order.fleet_id) !== Number(input.fleetId)) throw new FieldError({ fleetOrderId: t(`${K}.msg.orderNotOpen`) });
  if (Number(order.customer_id) !== Number(input.customerId) || Number(order.line_id) !== Number(input.lineId)) throw new FieldError({ fleetOrderId: t(`${K}.msg.orderMismatch`) });
  const { planned } = (await trx('ops_waybill').where({ fleet_order_id: orderId }).whereNot({ status: 'cancelled' }).whereNot({ id: Number(before?.id ?? 0) }).sum({ planned: 'planned_tonnes' }).first()) ?? {};
  const left = new Decimal(String(order.tonnes)).minus(new Decimal(String(planned ?? 0)));
  if (new Decimal(String(input.plannedTonnes)).gt(left)) throw new FieldError({ plannedTonnes: t(`${K}.msg.orderTonnesLeft`, { left: left.toFixed(2) }) });
  input.sourceId = Number(order.source_id);
}

/** Accepted fleet orders (`portops.fleetOrders`): a fleet's own, the platform's all. */
const acceptedOrders = tableLookup({
    table: ORDER,
    value: 'id',
    label: '{order_no} · {tonnes} t',
    orderBy: [{ column: 'id', order: 'desc' }],
    where: (q, user, knex) => {
      q.where({ status: 'accepted' });
      // A carrier's login (fleet or driver) is offered its own fleet's orders; the platform all.
      if (!user.isAdmin && user.roles.some((r) => r.roleCode === FLEET_ROLE || r.roleCode === DRIVER_ROLE)) q.whereIn('fleet_id', knex('ops_fleet').where({ user_id: user.id }).select('id'));
    },
});

/** "YYYY-MM-DD HH:mm" in platform time, as a waybill's loading window is written. */
const windowText = (v: unknown) => {
  const d = toDate(v);
  return d ? formatDateTime(d).slice(0, 16) : '';
};

export const orderLookups: Record<string, LookupDef> = {
  /**
   * The accepted orders, each with what the waybill form takes from it when picked (fill): the
   * order's customer, line and fleet, the source's goods and loading window, and the tonnes the
   * order has left after its waybills not cancelled.
   */
  fleetOrders: {
    ...acceptedOrders,
    async load(ctx, user, search) {
    const options = await acceptedOrders.load(ctx, user, search);
    if (!options.length) return options;
    const ids = options.map((o) => Number(o.value));
    const orders: Row[] = await ctx.knex(`${ORDER} as o`)
      .leftJoin('ops_source as s', 's.id', 'o.source_id')
      .leftJoin('sys_goods as g', 'g.code', 's.goods')
      .whereIn('o.id', ids)
      .select('o.id', 'o.customer_id', 'o.line_id', 'o.fleet_id', 'o.tonnes', 'g.name as goods', 's.loading_from', 's.loading_to');
    const planned: Row[] = await ctx.knex('ops_waybill').whereIn('fleet_order_id', ids).whereNot({ status: 'cancelled' }).groupBy('fleet_order_id').select('fleet_order_id').sum({ n: 'planned_tonnes' });
    return options.map((o) => {
      const r = orders.find((x) => String(x.id) === o.value);
      if (!r) return o;
      const used = planned.find((x) => Number(x.fleet_order_id) === Number(r.id))?.n ?? 0;
      const left = Decimal.max(0, new Decimal(String(r.tonnes)).minus(new Decimal(String(used))));
      const fill: Record<string, string> = { customerId: String(r.customer_id), lineId: String(r.line_id), fleetId: String(r.fleet_id), plannedTonnes: left.toString() };
      if (r.goods) fill.goods = String(r.goods);
      if (r.loading_from) fill.loadingFrom = windowText(r.loading_from);
      if (r.loading_to) fill.loadingTo = windowText(r.loading_to);
      return { ...o, fill };
    });
    },
  },
};
