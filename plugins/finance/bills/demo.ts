// Demo bills (seeded once): two trade bills for the demo trader, one waiting for their
// confirmation and one settled offline; a 45-day-old bill the trader owes the bank; and bad
// debts and write-off forms on the screens' services.
import type { Knex } from 'knex';
import { dayStamp, isoDay, type Seed } from '@core/shared';
import type { BillStatus } from './bill';
import { BILL, createBill, type CreateBillInput } from './bills.server';
import { createRow, demoActor, demoDataSeed, transitionRows } from '@core/server';
import { badDebtResource, writeoffResource } from './writeoffs.server';

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

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

type Party = Record<string, unknown>;

/** A SERVICE bill in RMB the trader owes the payee, issued that day and awaiting payment; a payee without a company name is called `unnamed`. */
async function unpaidServiceBill(knex: Knex, trader: Party, payee: Party | undefined, unnamed: unknown, issued: Date, bill: Pick<CreateBillInput, 'orderNo' | 'remark' | 'sourceKey' | 'lines'>) {
  const to = { payeeUserId: payee ? Number(payee.id) : null, payeeName: String(payee?.company_name || unnamed) };
  await knex.transaction((trx) => demoBill(trx, { ...payerOf(trader), billType: 'SERVICE', ...to, currency: 'RMB', billDate: isoDay(issued), ...bill }, { status: 'awaitingPayment' }));
}

/** A 45-day-old bill the demo trader owes the bank (its receivables screen has something to age). */
export async function bankDemoBill(knex: Knex): Promise<void> {
  const bank = await knex('sys_user').where({ username: 'bank' }).first();
  const trader = await knex('sys_user').where({ username: 'trader' }).first();
  if (!bank || !trader) return;
  const issued = daysAgo(45);
  const line = { feeItemName: '结汇手续费', quantity: '1', unit: '笔', rate: '150', chargingMethod: 'fixed', amount: '150.00', source: 'manual' } as const;
  await unpaidServiceBill(knex, trader, bank, bank.nickname, issued, { orderNo: `FX${dayStamp(issued)}0001`, remark: '跨境结汇手续费', sourceKey: 'demo:bill:bank', lines: [line] });
}

/**
 * Bad debts and write-off forms (seeded once, after billsDemo): two long-overdue service bills
 * of the demo trader proposed as bad debts by the platform operator — one approved, one
 * rejected by the administrator (four eyes) — and a third still pending; a write-off form
 * matching the settled freight bill, and a voided one. All through the screens' services.
 */
export const badDebtsAndWriteoffsDemo = demoDataSeed('bills-demo-baddebts-writeoffs', async (knex, { registry }) => {
  const operator = await demoActor(knex, registry, 'operator');
  const admin = await demoActor(knex, registry, 'admin');
  const trader = await knex('sys_user').where({ username: 'trader' }).first();
  if (!operator || !admin || !trader) return;
  const platform = await knex('sys_user').where({ username: 'operator' }).first();
  const overdue = [
    { key: 'demo:bill:overdue:1', age: 220, fee: '仓储费', quantity: '48', unit: '吨', rate: '12.5', amount: '600.00', remark: '2026年3月姐告堆场仓储费（客户已停业）', decision: 'approve', opinion: '客户已注销，催收无果，同意核销' },
    { key: 'demo:bill:overdue:2', age: 160, fee: '装车费', quantity: '120', unit: '吨', rate: '8.5', amount: '1020.00', remark: '2026年5月装车费', decision: 'reject', opinion: '客户已承诺分期付款，暂不核销' },
    { key: 'demo:bill:overdue:3', age: 130, fee: '过磅费', quantity: '14', unit: '车次', rate: '30', amount: '420.00', remark: '2026年6月过磅费', decision: null, opinion: null },
  ] as const;
  for (const o of overdue) {
    const issued = daysAgo(o.age);
    const line = { feeItemName: o.fee, quantity: o.quantity, unit: o.unit, rate: o.rate, chargingMethod: 'perQuantity', amount: o.amount, source: 'manual' } as const;
    await unpaidServiceBill(knex, trader, platform, '中缅口岸服务平台', issued, { orderNo: `PB${dayStamp(issued)}-${trader.id}`, remark: o.remark, sourceKey: o.key, lines: [line] });
    const bill = await knex(BILL).where({ source: o.key }).first('id');
    if (!bill || (await knex('fin_bad_debt').where({ bill_id: bill.id }).first())) continue;
    const proposed = await createRow(badDebtResource, operator, { billId: Number(bill.id), reason: `逾期${o.age}天未付，多次催收无果，申请核销坏账` }, operator.t, { knex });
    if (o.decision) await transitionRows(badDebtResource, admin, [Number(proposed.id)], o.decision, admin.t, { knex, note: o.opinion });
  }

  /** The operator's write-off form for the demo bill of this source, unless it has one. */
  const writeoff = async (source: string, form: (bill: Record<string, unknown>) => Record<string, unknown>) => {
    const bill = await knex(BILL).where({ source }).first();
    if (!bill || (await knex('fin_writeoff').where({ bill_id: bill.id }).first())) return;
    await createRow(writeoffResource, operator, { billId: Number(bill.id), ...form(bill), fileIds: [] }, operator.t, { knex });
  };
  await writeoff('demo:bill:2', (settled) => ({
    amount: String(settled.amount), writeoffDate: isoDay(daysAgo(1)), flag: 'valid', payingBank: '中国工商银行德宏分行', receivingBank: 'CB Bank Mandalay Branch',
    accountNo: '0086100500012345', bankSerialNo: 'ICBC-DH-20261120-3301', remark: '木姐—曼德勒陆运运费，电汇到账核销',
  }));
  await writeoff('demo:bill:1', () => ({
    amount: '5000.00', writeoffDate: isoDay(daysAgo(2)), flag: 'void', payingBank: '中国农业银行瑞丽支行', receivingBank: '中国银行瑞丽分行',
    accountNo: '6228480012345678', bankSerialNo: 'ABC-RL-20261119-0875', remark: '重复登记，已作废',
  }));
});
