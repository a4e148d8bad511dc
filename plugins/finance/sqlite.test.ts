// Money on the embedded default (SQLite). SQLite keeps DECIMAL columns with NUMERIC affinity
// and hands them back as JavaScript numbers, not strings as MariaDB does: these tests show the
// finance services still come out exact to the cent, because every value read is turned into
// a decimal through its shortest string and never added as a float. (A double holds 15
// significant digits exactly, i.e. amounts up to 9,999,999,999,999.99 — production runs on
// MariaDB, whose DECIMAL(18,2) has no such bound.)
import Decimal from 'decimal.js';
import type { Knex } from 'knex';
import { beforeAll, describe, expect, it } from 'vitest';
import { tFor } from '../../core/i18n/i18n.server';
import { setUpTestDb } from '../../tests/support/suite';
import { creditFunds, debitFunds, openSubAccount, subAccountOf } from './funds/funds.server';
import { createBill } from './bills/bills.server';
import { settlementSummary } from './bills/settlement.server';

const db = setUpTestDb({ sqlite: true });
let knex: Knex;
let traderId: number;
const t = tFor('zh');

beforeAll(async () => {
  knex = db.knex;
  traderId = Number((await knex('sys_user').where({ username: 'trader' }).first()).id);
});

describe('money on SQLite', () => {
  it('reads DECIMAL columns back as numbers, which the services turn into exact cents', async () => {
    const raw = await knex('fin_sub_account').where({ user_id: traderId, currency: 'RMB' }).first();
    expect(typeof raw.available).toBe('number');
    expect((await subAccountOf(knex, traderId, 'RMB'))!.available).toBe('50000.00');
  });

  it('ten debits of 0.10 and credits of 0.20 leave the balance exact, each running balance too', async () => {
    await knex.transaction((trx) => openSubAccount(trx, { userId: traderId, currency: 'EUR', initialAmount: '1.00', t }));
    for (let i = 0; i < 10; i++) await knex.transaction((trx) => debitFunds(trx, { userId: traderId, currency: 'EUR', amount: '0.10', txType: 'billPayment', reference: `D${i}`, t }));
    expect((await subAccountOf(knex, traderId, 'EUR'))!.available).toBe('0.00');
    for (let i = 0; i < 3; i++) await knex.transaction((trx) => creditFunds(trx, { userId: traderId, currency: 'EUR', amount: '0.20', txType: 'refund', reference: `C${i}`, t }));
    expect((await subAccountOf(knex, traderId, 'EUR'))!.available).toBe('0.60');
    const balances = (await knex('fin_fund_ledger').where({ currency: 'EUR' }).orderBy('id')).map((r) => new Decimal(String(r.balance_after)).toFixed(2));
    expect(balances).toEqual(['1.00', '0.90', '0.80', '0.70', '0.60', '0.50', '0.40', '0.30', '0.20', '0.10', '0.00', '0.20', '0.40', '0.60']);
    await expect(knex.transaction((trx) => debitFunds(trx, { userId: traderId, currency: 'EUR', amount: '0.61', txType: 'billPayment', reference: 'X', t }))).rejects.toThrow('可用余额不足');
  });

  it('keeps a 15-digit amount exact and sums bills without float drift', async () => {
    await knex.transaction((trx) => openSubAccount(trx, { userId: traderId, currency: 'GBP', initialAmount: '9999999999999.99', t }));
    expect((await subAccountOf(knex, traderId, 'GBP'))!.available).toBe('9999999999999.99');
    await knex.transaction((trx) => debitFunds(trx, { userId: traderId, currency: 'GBP', amount: '0.01', txType: 'billPayment', reference: 'G', t }));
    expect((await subAccountOf(knex, traderId, 'GBP'))!.available).toBe('9999999999999.98');

    // 0.1 + 0.2 is 0.30000000000000004 in floats; three pushed MMK bills awaiting payment add up exactly.
    for (const amount of ['0.10', '0.20', '1234567.89']) {
      const bill = await knex.transaction((trx) =>
        createBill(
          trx,
          {
            billType: 'TRADE',
            orderNo: `SQ${amount}`,
            payerUserId: traderId,
            payerName: 'trader',
            payeeName: 'payee',
            currency: 'MMK',
            lines: [{ feeItemName: 'fee', quantity: '1', amount, source: 'manual' }],
          },
          null,
        ),
      );
      await knex('fin_bill').where({ id: bill.id }).update({ status: 'awaitingPayment', push_flag: 'pushed' });
    }
    const mmk = (await settlementSummary(knex, traderId)).find((s) => s.currency === 'MMK')!;
    expect(mmk.owe).toBe('1234568.19');
  });
});
