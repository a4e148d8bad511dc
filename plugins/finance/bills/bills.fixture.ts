// The bills tests' fixture: a seeded database, the platform's, payee's and payer's API callers,
// a staged bill's input and the steps that move one along.
import { beforeAll, expect } from 'vitest';
import Decimal from 'decimal.js';
import { resourceApi } from '../../../tests/support/resource';
import { userId, setUpTestDb, type Suite } from '../../../tests/support/suite';
import { subAccountOf } from '../funds/funds.server';

/** A DECIMAL read straight from a table: text from MariaDB, a number from SQLite (TEST_DB=sqlite). */
export const money = (v: unknown, scale = 2) => new Decimal(String(v)).toFixed(scale);

export let db: Suite;
export let traderId: number;
export let brokerId: number;
export let platform: ReturnType<typeof resourceApi>;
export let payee: ReturnType<typeof resourceApi>;
export let payer: ReturnType<typeof resourceApi>;
export let payerMgmt: ReturnType<typeof resourceApi>;

export function setUpBillsSuite(): void {
  db = setUpTestDb({ registry: true, logins: ['operator', 'broker', 'trader'] });
  platform = resourceApi('finance', 'bill', db.as('operator'));
  payee = resourceApi('finance', 'bill', db.as('broker'));
  payer = resourceApi('finance', 'billPayable', db.as('trader'));
  payerMgmt = resourceApi('finance', 'bill', db.as('trader'));
  beforeAll(async () => {
    traderId = await userId(db, 'trader');
    brokerId = await userId(db, 'broker');
  });
}

export const line = (over: Record<string, unknown> = {}) => ({ feeItemName: '报关服务费', quantity: '1', amount: '100.00', source: 'manual', ...over });
export const bill = (over: Record<string, unknown> = {}) => ({
  orderNo: 'SO20261122000001',
  billType: 'SERVICE',
  payerUserId: traderId,
  payeeUserId: brokerId,
  payeeName: '瑞丽报关行',
  currency: 'RMB',
  billDate: '2026-11-22',
  remark: '测试账单',
  lines: [line(), line({ feeItemName: '查验费', quantity: '2.5', rate: '40', amount: '100.01' })],
  ...over,
});

export type Api = ReturnType<typeof resourceApi>;

export async function staged(over: Record<string, unknown> = {}) {
  const res = await platform.create(bill(over));
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data!;
}

export async function step(api: Api, name: string, id: number, note?: string, extra: { amount?: string } = {}) {
  const res = await api.transition(name, [id], note, extra);
  expect(res.body.code, `${name}: ${res.body.msg}`).toBe(200);
  return res.body.data![0];
}

/** A staged bill pushed to the payer and, with `confirmed`, confirmed by them: its id. */
export async function pushedBill(over: Record<string, unknown> = {}, confirmed = false): Promise<number> {
  const id = Number((await staged(over)).id);
  await step(platform, 'push', id);
  if (confirmed) await step(payer, 'confirm', id);
  return id;
}

export const row = (id: number) => db.knex('fin_bill').where({ id }).first();
export const available = async (userId = traderId, currency = 'RMB') => (await subAccountOf(db.knex, userId, currency))!.available;

export async function settledViaFunds(amount = '300.00') {
  const b = await staged({ lines: [line({ amount })] });
  const id = Number(b.id);
  await step(platform, 'push', id);
  await step(payer, 'confirm', id);
  await step(payer, 'pay', id);
  await step(payee, 'confirmReceipt', id);
  return { id, serialNo: String(b.serialNo) };
}
