// Demo service orders between the demo trader and broker, one in each early state, so a new
// installation shows the workflow (seeded once; afterwards the data is the users'). The
// approved one has handed its service bill to finance.
import { dayStamp, type Seed } from '@core/shared';
import { handOffServiceBill } from './order.server';

export const ordersDemo: Seed = {
  name: 'orders-demo',
  once: true,
  async run(knex, { registry }) {
    const trader = await knex('sys_user').where({ username: 'trader' }).first();
    const broker = await knex('sys_user').where({ username: 'broker' }).first();
    if (!trader || !broker) return;
    const te = await knex('cus_enterprise').where({ user_id: trader.id }).first();
    const be = await knex('cus_enterprise').where({ user_id: broker.id }).first();
    if (!te || !be) return;
    const now = new Date();
    const day = dayStamp(now);
    const orders = [
      { status: 'draft', decl_type: 'I', customer_name: '瑞丽粮油批发市场', amount: '1800.00', product_count: 1, remark: '缅甸大米进口报关（草稿）' },
      { status: 'submitted', decl_type: 'E', customer_name: '木姐百货贸易公司', amount: '2600.00', product_count: 3, remark: '日用百货出口报关' },
      { status: 'inProgress', decl_type: 'I', customer_name: '德宏干果进出口', amount: '3500.00', product_count: 2, remark: '干豌豆、绿豆进口报关', review_opinion: '资料齐全，同意受理' },
    ];
    for (const o of orders) {
      const [id] = await knex('cus_service_order').insert({
        ...o,
        order_no: `TMP${Math.random().toString(36).slice(2, 12)}`,
        decl_customs: '8613',
        trade_country: 'MM',
        arrival_country: 'MM',
        order_type: 'general',
        currency: 'RMB',
        broker_enterprise_id: be.id,
        broker_name: be.name,
        trader_user_id: trader.id,
        trader_enterprise_id: te.id,
        trader_name: te.name,
        customs_area_code: '8613',
        order_time: now,
        reviewed_at: o.status === 'inProgress' ? now : null,
        reviewed_by: o.status === 'inProgress' ? broker.id : null,
        created_at: now,
        created_by: trader.id,
        updated_at: now,
        updated_by: trader.id,
        version: 1,
      });
      await knex('cus_service_order').where({ id: Number(id) }).update({ order_no: `SO${day}${String(id).padStart(6, '0')}` });
      // An approved order has handed its service bill to finance, as approving it on screen does.
      if (o.status === 'inProgress') {
        const order = await knex('cus_service_order').where({ id: Number(id) }).first();
        await knex.transaction((trx) => handOffServiceBill(trx, order, registry));
      }
    }
  },
};
