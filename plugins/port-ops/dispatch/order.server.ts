// A waybill dispatched against a fleet order (the fleet's accepted share of a cargo source):
// the order must be accepted and the fleet's own, its customer and line are the waybill's, and
// the waybills not cancelled stay within the order's tonnes. The order's picker offers a fleet
// its own accepted orders.
import Decimal from 'decimal.js';
import { FieldError, tableLookup, type LookupDef, type Row, type WriteContext } from '@core/server';
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

export const orderLookups: Record<string, LookupDef> = {
  /** Accepted fleet orders (`portops.fleetOrders`): a fleet's own, the platform's all. */
  fleetOrders: tableLookup({
    table: ORDER,
    value: 'id',
    label: '{order_no} · {tonnes} t',
    orderBy: [{ column: 'id', order: 'desc' }],
    where: (q, user, knex) => {
      q.where({ status: 'accepted' });
      // A carrier's login (fleet or driver) is offered its own fleet's orders; the platform all.
      if (!user.isAdmin && user.roles.some((r) => r.roleCode === FLEET_ROLE || r.roleCode === DRIVER_ROLE)) q.whereIn('fleet_id', knex('ops_fleet').where({ user_id: user.id }).select('id'));
    },
  }),
};
