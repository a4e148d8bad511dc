// Demo cargo sources, written through the screens' services and dated from the day of seeding: the
// shipper's draft of natural rubber from Muse, a published rice source of Mandalay Golden Rice
// from Lashio, and the shipper's maize source assigned by the platform operator as the optimiser
// proposed it, whose share for 瑞丽顺达物流车队 that fleet's dispatcher has accepted while the
// other fleets' offers await an answer.
import type { Knex } from 'knex';
import { createRow, demoActor, demoDataSeed, transitionRows } from '@core/server';
import { SHIPPER_COMPANY } from '../customers/demo';
import { sourceResource } from './source.server';
import { fleetOrderResource } from './fleetOrder.server';
import { confirmDistribution, proposal } from './distribution.server';

const idOf = async (knex: Knex, table: string, where: Record<string, unknown>) => Number((await knex(table).where(where).first('id'))?.id ?? 0);

/** `days` from today at `hour`:00, server time, as the API takes it. */
const at = (days: number, hour: number) => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  d.setHours(hour, 0, 0, 0);
  return d.toISOString();
};

export const sourcesDemo = demoDataSeed('sources-demo', async (knex, { registry }) => {
  const operator = await demoActor(knex, registry, 'operator');
  const shipper = await demoActor(knex, registry, 'shipper');
  const fleet = await demoActor(knex, registry, 'fleet');
  if (!operator || !shipper || !fleet) return;
  const opts = { knex };
  const shipperCustomer = await idOf(knex, 'ops_customer', { name: SHIPPER_COMPANY });
  const rice = await idOf(knex, 'ops_customer', { name: 'Mandalay Golden Rice Trading Co.' });
  const museLine = await idOf(knex, 'ops_line', { name: '木姐 Muse 105 mile→瑞丽' });
  const lashioLine = await idOf(knex, 'ops_line', { name: '腊戌 Lashio→木姐 Muse' });
  if (!shipperCustomer || !rice || !museLine || !lashioLine) return;

  await createRow(
    sourceResource,
    shipper,
    { customerId: shipperCustomer, goods: 'G005', tonnes: '60', lineId: museLine, vehicleType: 'box', dangerousGoods: false, loadingFrom: at(3, 8), loadingTo: at(3, 17), unloadBy: at(4, 12), remark: '烟片胶 RSS3，木姐 105 码仓库装车' },
    shipper.t,
    opts,
  );

  const published = await createRow(
    sourceResource,
    operator,
    { customerId: rice, goods: 'G001', tonnes: '80', lineId: lashioLine, dangerousGoods: false, loadingFrom: at(2, 7), loadingTo: at(2, 18), unloadBy: at(3, 20), remark: 'Lashio rice warehouse, 50 kg bags' },
    operator.t,
    opts,
  );
  await transitionRows(sourceResource, operator, [Number(published.id)], 'publish', operator.t, opts);

  const assigned = await createRow(
    sourceResource,
    shipper,
    { customerId: shipperCustomer, goods: 'G002', tonnes: '50', lineId: museLine, dangerousGoods: false, loadingFrom: at(1, 8), loadingTo: at(1, 18), unloadBy: at(2, 12), remark: '散装玉米，105 码贸易区装车' },
    shipper.t,
    opts,
  );
  const id = Number(assigned.id);
  await transitionRows(sourceResource, shipper, [id], 'publish', shipper.t, opts);
  const proposed = await proposal(knex, operator.t, id);
  const shares = proposed.fleets.filter((f) => f.status === 'allocated').map((f) => ({ fleetId: f.fleetId, tonnes: f.tonnes }));
  await confirmDistribution(knex, operator, operator.t, id, shares);
  const own = await knex('ops_fleet_order as o').join('ops_fleet as f', 'f.id', 'o.fleet_id').where({ 'o.source_id': id, 'f.user_id': fleet.user.id }).first('o.id');
  if (own) await transitionRows(fleetOrderResource, fleet, [Number(own.id)], 'accept', fleet.t, opts);
});
