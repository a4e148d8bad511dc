// Fleet orders on the server: a fleet's manager sees and answers only their fleet's offers (the
// platform all, a shipper their customer's), an offer is answered only before its deadline, and
// each answer records who gave it and when.
import { ApiError, serverResource, toDate, type Row } from '@core/server';
import { fleetScopeOf } from '../fleet/fleet.server';
import { K, fleetOrderDef } from './source';
import { ORDER, sourceScopeOf } from './source.server';

export const fleetOrderResource = serverResource(fleetOrderDef, {
  async restrict(qb, user, knex) {
    const fleet = await fleetScopeOf(knex, user);
    if (fleet.kind === 'fleet') return void qb.whereIn(`${ORDER}.fleet_id`, fleet.fleetIds);
    // Drivers work on waybills, not on their fleet's orders.
    if (fleet.kind === 'driver') return void qb.whereRaw('1 = 0');
    const customer = await sourceScopeOf(knex, user);
    if (customer.kind === 'customer') qb.whereIn(`${ORDER}.customer_id`, customer.customerIds);
  },
  async decorate(rows, knex) {
    if (!rows.length) return;
    const info: Row[] = await knex(`${ORDER} as o`)
      .join('ops_source as s', 's.id', 'o.source_id')
      .leftJoin('ops_customer as c', 'c.id', 'o.customer_id')
      .leftJoin('ops_line as l', 'l.id', 'o.line_id')
      .leftJoin('sys_goods as g', 'g.code', 's.goods')
      .leftJoin(`${ORDER} as p`, 'p.id', 'o.parent_order_id')
      .whereIn(
        'o.id',
        rows.map((r) => Number(r.id)),
      )
      .select('o.id', 's.source_no', 's.loading_from', 's.loading_to', 'c.name as customer', 'l.name as line', 'g.name as goods', 'p.order_no as parent');
    for (const r of rows) {
      const i = info.find((x) => Number(x.id) === Number(r.id));
      r.sourceNo = i?.source_no ?? null;
      r.customerName = i?.customer ?? null;
      r.lineName = i?.line ?? null;
      r.goodsName = i?.goods ?? null;
      r.loadingFrom = toDate(i?.loading_from)?.toISOString() ?? null;
      r.loadingTo = toDate(i?.loading_to)?.toISOString() ?? null;
      r.reofferOf = i?.parent ?? null;
    }
  },
  async beforeTransition(rows, name, { t, actor }) {
    const now = new Date();
    if (name === 'accept' || name === 'decline') {
      // Past its deadline an offer is gone, even before the job has marked it.
      const late = rows.find((r) => (toDate(r.offerExpiresAt)?.getTime() ?? 0) < now.getTime());
      if (late) throw new ApiError(t(`${K}.msg.offerExpired`, { no: late.orderNo }));
      return () => ({ responded_at: now, responded_by: actor.user.id });
    }
  },
});
