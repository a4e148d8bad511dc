// Demo advance receipts (seeded once): the demo broker's kyat sub-account, opened on the fund
// initialisation service, and two transfers from Myanmar clients entered by the platform
// operator on the advance receipt screen's service. (The trader's and broker's RMB accounts
// keep their opening balances: the fund reminder shows them under their thresholds.)
import { createRow, demoActor, demoDataSeed } from '@core/server';
import { advanceReceiptResource, openSubAccount, subAccountOf } from './funds.server';

export const advanceReceiptsDemo = demoDataSeed('funds-demo-receipts', async (knex, { registry }) => {
  const operator = await demoActor(knex, registry, 'operator');
  const broker = await knex('sys_user').where({ username: 'broker' }).first('id');
  if (!operator || !broker) return;
  const userId = Number(broker.id);
  if (!(await subAccountOf(knex, userId, 'MMK'))) {
    await knex.transaction((trx) => openSubAccount(trx, { userId, currency: 'MMK', initialAmount: null, reminderThreshold: '0.00', actorId: operator.user.id, t: operator.t }));
  }
  const receipts = [
    { amount: '3150000.00', counterpartyAccount: '0012300456789', counterpartyName: 'Shwe Pyi Thar Trading Co., Ltd.', counterpartyBank: 'KBZ Bank Muse Branch', hostFlowNo: 'KBZ-MUSE-20261101-0042', memo: '预付报关代理费（大米、绿豆）' },
    { amount: '1890000.00', counterpartyAccount: '2001014523', counterpartyName: 'Golden Lotus Rubber Co., Ltd.', counterpartyBank: 'AYA Bank Mandalay Branch', hostFlowNo: 'AYA-MDY-20261105-0117', memo: '天然橡胶进口报关预付款' },
  ];
  for (const r of receipts) await createRow(advanceReceiptResource, operator, { userId, currency: 'MMK', ...r }, operator.t, { knex });
});
