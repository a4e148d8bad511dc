// Demo bills (seeded once): two trade bills for the demo trader, one waiting for their
// confirmation and one settled offline; and a 45-day-old bill the trader owes the bank.
import type { Knex } from 'knex';
import type { Seed } from '../../../core/plugin';
import type { BillStatus } from './bill';
import { BILL, createBill, dayStamp, isoDay, type CreateBillInput } from './bills.server';

/** A bill created as createBill does, then moved to the state it is shown in (with that state's flags). */
async function demoBill(trx: Knex.Transaction, input: CreateBillInput, state: { status: BillStatus } & Record<string, unknown>): Promise<void> {
  const bill = await createBill(trx, input, null);
  if (bill.created) await trx(BILL).where({ id: bill.id }).update({ push_flag: 'pushed', ...state });
}

const payerOf = (u: Record<string, unknown>) => ({ payerUserId: Number(u.id), payerName: String(u.company_name || u.nickname) });

export const billsDemo: Seed = {
  name: 'bills-demo',
  once: true,
  async run(knex) {
    const trader = await knex('sys_user').where({ username: 'trader' }).first();
    if (!trader) return;
    const day = new Date();
    const stamp = dayStamp(day);
    await knex.transaction(async (trx) => {
      await demoBill(
        trx,
        {
          ...payerOf(trader),
          billType: 'TRADE',
          orderNo: `TO${stamp}0001`,
          payeeName: '木姐百货贸易公司',
          currency: 'RMB',
          remark: '缅甸大米采购货款',
          sourceKey: 'demo:bill:1',
          lines: [
            { feeItemName: '大米货款', quantity: '20', unit: '吨', rate: '600', chargingMethod: 'perQuantity', amount: '12000.00', source: 'manual' },
            { feeItemName: '装车费', quantity: '20', unit: '吨', rate: '30', chargingMethod: 'perQuantity', amount: '600.00', source: 'manual' },
          ],
        },
        { status: 'toConfirm' },
      );
      await demoBill(
        trx,
        {
          ...payerOf(trader),
          billType: 'TRADE',
          orderNo: `TO${stamp}0002`,
          payeeName: '曼德勒国际物流有限公司',
          currency: 'USD',
          remark: '木姐—曼德勒陆运运费',
          sourceKey: 'demo:bill:2',
          lines: [{ feeItemName: '运费', quantity: '2', unit: '车次', rate: '430', chargingMethod: 'perQuantity', amount: '860.00', source: 'manual' }],
        },
        { status: 'settled', pay_flag: 'paid', paid_via: 'offline', paid_at: day, receipt_flag: 'received', received_at: day },
      );
    });
  },
};

/** A 45-day-old bill the demo trader owes the bank (its receivables screen has something to age). */
export async function bankDemoBill(knex: Knex): Promise<void> {
  const bank = await knex('sys_user').where({ username: 'bank' }).first();
  const trader = await knex('sys_user').where({ username: 'trader' }).first();
  if (!bank || !trader) return;
  const issued = new Date(Date.now() - 45 * 86_400_000);
  await knex.transaction((trx) =>
    demoBill(
      trx,
      {
        ...payerOf(trader),
        billType: 'SERVICE',
        orderNo: `FX${dayStamp(issued)}0001`,
        payeeUserId: Number(bank.id),
        payeeName: String(bank.company_name || bank.nickname),
        currency: 'RMB',
        billDate: isoDay(issued),
        remark: '跨境结汇手续费',
        sourceKey: 'demo:bill:bank',
        lines: [{ feeItemName: '结汇手续费', quantity: '1', unit: '笔', rate: '150', chargingMethod: 'fixed', amount: '150.00', source: 'manual' }],
      },
      { status: 'awaitingPayment' },
    ),
  );
}
