// Demo operation records (seeded once), entered by the platform operator on the operation
// record screen's service: the per-ticket customs declaration service of the demo trader.
// Per-ticket items are charged with their order, so the periodic billing job leaves them alone
// (it bills daily and monthly items) and a new installation's first run bills nothing unexpected.
import { createRow, demoActor, demoDataSeed } from '@core/server';
import { operationRecordResource } from './fee.server';

export const operationRecordsDemo = demoDataSeed('fees-demo-records', async (knex, { registry }) => {
  const operator = await demoActor(knex, registry, 'operator');
  const trader = await knex('sys_user').where({ username: 'trader' }).first('id');
  const item = await knex('fin_fee_item').where({ name: '报关服务费', settlement_method: 'ticket' }).first('id');
  if (!operator || !trader || !item) return;
  const today = new Date().toISOString().slice(0, 10);
  // The broker's declaration tickets (票) the platform charged its service per ticket for.
  const references = ['JG-BG-2611-0017', 'JG-BG-2611-0018'];
  for (const reference of references) {
    await createRow(operationRecordResource, operator, { customerUserId: Number(trader.id), billingObject: 'serviceOrder', feeItemId: Number(item.id), quantity: '1', opDate: today, reference }, operator.t, { knex });
  }
});
