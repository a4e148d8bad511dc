// Advance-payment funds on a fresh seeded MariaDB: debits that can never overdraw under
// concurrency, the refusals (可用余额不足, no account) writing nothing, idempotent debits and
// credits, advance receipts crediting a sub-account, the fund reminder API, badge and job, and
// who sees which sub-accounts and ledger rows.
import { beforeAll, describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import { badgesFor } from '../../../core/badges.server';
import { tFor } from '../../../core/i18n/i18n.server';
import { setUpTestDb, userId } from '../../../tests/support/suite';
import { envelope, req, respond } from '../../../tests/support/http';
import { loginAs } from '../../../tests/support/session';
import { makeUser, resourceApi, sessionUser, signedInUser } from '../../../tests/support/resource';
import { creditFunds, debitFunds, subAccountOf } from './funds.server';
import * as zjCount from './routes/api.zjCount';
import * as zjtxList from './routes/api.selectZjtxList';
import * as ledgerPage from '../../../app/screen';
import type { ResourcePageData } from '../../../core/resource/page.server';

const db = setUpTestDb();
/** A DECIMAL read straight from a table: text from MariaDB, a number from SQLite (TEST_DB=sqlite). */
const money = (v: unknown, scale = 2) => new Decimal(String(v)).toFixed(scale);

let traderId: number;
let brokerId: number;
const t = () => tFor('zh');

beforeAll(async () => {
  traderId = await userId(db, 'trader');
  brokerId = await userId(db, 'broker');
});

/** A fresh customer with one sub-account of the given balance. */
async function customerWith(balance: string, currency = 'RMB', threshold = '0.00') {
  const u = await makeUser(db.knex, { roleIds: [], userType: 4 });
  const admin = resourceApi('finance', 'subAccount', { cookie: await loginAs('admin') });
  const res = await admin.create({ userId: u.id, currency, initialAmount: balance, reminderThreshold: threshold });
  expect(res.body.code, res.body.msg).toBe(200);
  return { userId: u.id, username: u.username, account: res.body.data! };
}

const ledgerOf = (subAccountId: number) => db.knex('fin_fund_ledger').where({ sub_account_id: subAccountId }).orderBy('id');
/** A bill payment of `amount` from the user's RMB sub-account, in a transaction of its own. */
const debit = (userId: number, amount: string, reference: string, over: Partial<Parameters<typeof debitFunds>[1]> = {}) =>
  db.knex.transaction((trx) => debitFunds(trx, { userId, currency: 'RMB', amount, txType: 'billPayment', reference, t: t(), ...over }));

describe('the demo seed', () => {
  it('opens the trader RMB 50,000.00 and USD 2,000.00 accounts with a fund initialisation row each', async () => {
    const rmb = await subAccountOf(db.knex, traderId, 'RMB');
    expect(rmb).toMatchObject({ userId: traderId, currency: 'RMB', available: '50000.00', actual: '50000.00', frozen: '0.00' });
    expect(rmb!.subAccNo).toMatch(/^SUB\d{10}$/);
    expect((await subAccountOf(db.knex, traderId, 'USD'))!.available).toBe('2000.00');
    const rows = await ledgerOf(rmb!.id);
    expect(rows.map((r) => [r.tx_type, r.direction, money(r.amount), money(r.balance_after)])).toEqual([['fundInit', 'C', '50000.00', '50000.00']]);
    expect(await subAccountOf(db.knex, brokerId, 'RMB')).not.toBeNull();
    expect(await subAccountOf(db.knex, traderId, 'EUR')).toBeNull();
  });
});

describe('debiting funds', () => {
  it('never overdraws: 20 parallel debits of 10.00 against 100.00 — exactly 10 succeed', async () => {
    const c = await customerWith('100.00');
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_v, i) => debit(c.userId, '10.00', `BILL${i}`)));
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(10);
    for (const r of refused) expect((r.reason as Error).message).toBe('可用余额不足');
    const acc = (await subAccountOf(db.knex, c.userId, 'RMB'))!;
    expect(acc).toMatchObject({ available: '0.00', actual: '0.00' });
    const debits = (await ledgerOf(acc.id)).filter((r) => r.direction === 'D');
    expect(debits).toHaveLength(10);
    // Running balances step down by 10.00 from 100.00 in ledger order.
    expect(debits.map((r) => money(r.balance_after))).toEqual(['90.00', '80.00', '70.00', '60.00', '50.00', '40.00', '30.00', '20.00', '10.00', '0.00']);
  });

  it('refuses a debit the available balance does not cover with 可用余额不足 and writes nothing', async () => {
    const c = await customerWith('50.00');
    const acc = (await subAccountOf(db.knex, c.userId, 'RMB'))!;
    const before = (await ledgerOf(acc.id)).length;
    await expect(debit(c.userId, '50.01', 'B1')).rejects.toThrow('可用余额不足');
    expect((await subAccountOf(db.knex, c.userId, 'RMB'))!.available).toBe('50.00');
    expect(await ledgerOf(acc.id)).toHaveLength(before);
    // Exactly the balance is fine.
    const r = await debit(c.userId, '50.00', 'B1');
    expect(r.balanceAfter).toBe('0.00');
  });

  it('refuses a customer without a sub-account in that currency', async () => {
    await expect(debit(traderId, '1.00', 'B2', { currency: 'EUR' })).rejects.toThrow('该客户没有此币种的资金账户');
  });

  it('refuses a zero or negative amount', async () => {
    const c = await customerWith('10.00');
    await expect(debit(c.userId, '0', 'B3')).rejects.toThrow('金额必须大于0');
    await expect(debit(c.userId, '-5', 'B3')).rejects.toThrow('金额必须大于0');
  });

  it('rolls the debit back with the caller’s transaction', async () => {
    const c = await customerWith('30.00');
    await expect(
      db.knex.transaction(async (trx) => {
        await debitFunds(trx, { userId: c.userId, currency: 'RMB', amount: '10.00', txType: 'billPayment', reference: 'B4', t: t() });
        throw new Error('bill settlement failed');
      }),
    ).rejects.toThrow('bill settlement failed');
    expect((await subAccountOf(db.knex, c.userId, 'RMB'))!.available).toBe('30.00');
  });
});

describe('idempotency', () => {
  it('a repeated debit key returns the first result without debiting again', async () => {
    const c = await customerWith('100.00');
    const p = { userId: c.userId, currency: 'RMB', amount: '25.00', txType: 'billPayment', reference: 'BILL-IDEM', idempotencyKey: `pay:${c.userId}:1`, t: t() };
    const first = await db.knex.transaction((trx) => debitFunds(trx, p));
    const again = await db.knex.transaction((trx) => debitFunds(trx, p));
    expect(again).toEqual(first);
    expect(first.balanceAfter).toBe('75.00');
    expect((await subAccountOf(db.knex, c.userId, 'RMB'))!.available).toBe('75.00');
    const parallel = await Promise.all([1, 2, 3].map(() => db.knex.transaction((trx) => debitFunds(trx, { ...p, idempotencyKey: `pay:${c.userId}:2` }))));
    expect(new Set(parallel.map((r) => r.ledgerId)).size).toBe(1);
    expect((await subAccountOf(db.knex, c.userId, 'RMB'))!.available).toBe('50.00');
  });

  it('a repeated refund key credits once', async () => {
    const c = await customerWith('10.00');
    const p = { userId: c.userId, currency: 'RMB', amount: '12.345', txType: 'refund', reference: 'BILL-R', idempotencyKey: `refund:${c.userId}`, t: t() };
    const first = await db.knex.transaction((trx) => creditFunds(trx, p));
    const again = await db.knex.transaction((trx) => creditFunds(trx, p));
    expect(again).toEqual(first);
    // Rounded once, half-up to 2 decimals.
    expect(first.balanceAfter).toBe('22.35');
    const acc = (await subAccountOf(db.knex, c.userId, 'RMB'))!;
    expect(acc.available).toBe('22.35');
    const refunds = (await ledgerOf(acc.id)).filter((r) => r.tx_type === 'refund');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ direction: 'C', reference: 'BILL-R' });
  });
});

describe('sub-accounts (initialise fund account, thresholds)', () => {
  it('the platform opens an account with an opening amount; a second one in the same currency is refused', async () => {
    const op = resourceApi('finance', 'subAccount', { cookie: await loginAs('operator') });
    const u = await makeUser(db.knex, { roleIds: [], userType: 5 });
    const res = await op.create({ userId: u.id, currency: 'USD', initialAmount: '1234.50', reminderThreshold: '100' });
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data).toMatchObject({ currency: 'USD', available: '1234.50', reminderThreshold: '100.00', status: 'normal' });
    const dup = await op.create({ userId: u.id, currency: 'USD', reminderThreshold: '0' });
    expect(dup.fieldErrors.currency).toBe('该客户此币种的资金账户已存在');
  });

  it('only a customer login account can hold funds', async () => {
    const op = resourceApi('finance', 'subAccount', { cookie: await loginAs('operator') });
    const staff = await db.knex('sys_user').where({ username: 'operator' }).first();
    const res = await op.create({ userId: staff.id, currency: 'RMB', reminderThreshold: '0' });
    expect(res.fieldErrors.userId).toBe('请选择客户账号');
  });

  it('editing a sub-account changes only its threshold', async () => {
    const c = await customerWith('10.00');
    const op = resourceApi('finance', 'subAccount', { cookie: await loginAs('operator') });
    const res = await op.update(Number(c.account.id), { version: c.account.version, reminderThreshold: '500.00', available: '999999.00' });
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data).toMatchObject({ reminderThreshold: '500.00', available: '10.00' });
    const bad = await op.update(Number(c.account.id), { version: res.body.data!.version, reminderThreshold: '1.234' });
    expect(bad.body.code).toBe(500);
  });

  it('the trader may neither open accounts nor edit thresholds (403 from the server)', async () => {
    const trader = resourceApi('finance', 'subAccount', { cookie: await loginAs('trader') });
    const u = await makeUser(db.knex, { roleIds: [], userType: 4 });
    const res = await trader.create({ userId: u.id, currency: 'RMB', reminderThreshold: '0' });
    expect(res.status).toBe(403);
    const own = (await trader.list()).body.data!.rows[0];
    expect((await trader.update(Number(own.id), { version: own.version, reminderThreshold: '0' })).status).toBe(403);
  });
});

describe('who sees which funds', () => {
  it('the trader sees only their own sub-accounts and ledger rows', async () => {
    await customerWith('5.00');
    const cookie = await loginAs('trader');
    const accounts = (await resourceApi('finance', 'subAccount', { cookie }).list()).body.data!;
    expect(accounts.rows.map((r) => r.currency).sort()).toEqual(['RMB', 'USD']);
    const ledger = (await resourceApi('finance', 'fundLedger', { cookie }).list()).body.data!;
    expect(ledger.total).toBe(2);
    const mine = await db.knex('fin_sub_account').where({ user_id: traderId }).pluck('sub_acc_no');
    expect(ledger.rows.every((r) => mine.includes(r.subAccNo))).toBe(true);
    const all = (await resourceApi('finance', 'fundLedger', { cookie: await loginAs('admin') }).list({ pageSize: 100 })).body.data!;
    expect(all.total!).toBeGreaterThan(2);
  });

  it('filters the ledger by direction and type', async () => {
    const admin = resourceApi('finance', 'fundLedger', { cookie: await loginAs('admin') });
    const debits = (await admin.list({ direction: 'D', pageSize: 100 })).body.data!;
    expect(debits.rows.length).toBeGreaterThan(0);
    expect(debits.rows.every((r) => r.direction === 'D')).toBe(true);
    const inits = (await admin.list({ txType: 'fundInit', pageSize: 100 })).body.data!;
    expect(inits.rows.every((r) => r.txType === 'fundInit' && r.direction === 'C')).toBe(true);
  });

  it('a user without the ledger permission is refused by the server', async () => {
    const { cookie } = await signedInUser(db.knex, { menus: ['price', 'price.dlStrNdt'] });
    expect((await resourceApi('finance', 'fundLedger', { cookie }).list()).status).toBe(403);
    expect((await resourceApi('finance', 'advanceReceipt', { cookie }).list()).status).toBe(403);
    const count = await respond(zjCount.loader, req('/api/payAdvance/zjCount', { cookie }));
    expect(count.status).toBe(403);
  });
});

describe('advance receipts (/price/payStatement)', () => {
  const receipt = (userId: number, over: Record<string, unknown> = {}) => ({
    userId,
    currency: 'RMB',
    amount: '3000.50',
    counterpartyAccount: '6222020200112233',
    counterpartyName: '德宏边境贸易有限公司',
    counterpartyBank: '中国工商银行瑞丽支行',
    hostFlowNo: `HOST${Date.now()}`,
    memo: '预付款',
    ...over,
  });

  it('the platform records an incoming advance payment: the sub-account is credited', async () => {
    const c = await customerWith('100.00');
    const op = resourceApi('finance', 'advanceReceipt', { cookie: await loginAs('operator') });
    const res = await op.create(receipt(c.userId));
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data).toMatchObject({ amount: '3000.50', balanceAfter: '3100.50', currency: 'RMB', counterpartyName: '德宏边境贸易有限公司' });
    expect((await subAccountOf(db.knex, c.userId, 'RMB'))!.available).toBe('3100.50');
    const row = await db.knex('fin_fund_ledger').where({ id: res.body.data!.id }).first();
    expect(row).toMatchObject({ tx_type: 'ordinaryExternal', direction: 'C' });
    // The same host flow number cannot be booked twice.
    const dup = await op.create(receipt(c.userId, { hostFlowNo: res.body.data!.hostFlowNo }));
    expect(dup.fieldErrors.hostFlowNo).toBe('主机流水号已存在');
    expect((await subAccountOf(db.knex, c.userId, 'RMB'))!.available).toBe('3100.50');
  });

  it('wants a positive amount with at most two decimals and an existing account', async () => {
    const c = await customerWith('1.00');
    const op = resourceApi('finance', 'advanceReceipt', { cookie: await loginAs('operator') });
    const three = await op.create(receipt(c.userId, { amount: '1.001' }));
    expect(three.fieldErrors.amount).toBeTruthy();
    const zero = await op.create(receipt(c.userId, { amount: '0' }));
    expect(zero.fieldErrors.amount).toBeTruthy();
    const eur = await op.create(receipt(c.userId, { currency: 'EUR' }));
    expect(eur.fieldErrors.currency).toBe('该客户没有此币种的资金账户');
  });
});

describe('fund reminder', () => {
  async function expectedBelow(userId?: number) {
    const q = db.knex('fin_sub_account').whereRaw('available < reminder_threshold');
    if (userId) q.where({ user_id: userId });
    return q;
  }

  it('GET /api/payAdvance/zjCount answers data.data = accounts under their threshold', async () => {
    await customerWith('10.00', 'RMB', '20.00');
    const body = await envelope(await respond(zjCount.loader, req('/api/payAdvance/zjCount', { cookie: await loginAs('operator') })));
    expect(body.code).toBe(200);
    const n = (await expectedBelow()).length;
    expect(n).toBeGreaterThanOrEqual(3);
    expect(body.data).toEqual({ data: n });
  });

  it('POST /api/payAdvance/selectZjtxList pages customerName, subAccNo, remainingMoney', async () => {
    const cookie = await loginAs('operator');
    const call = (CFD: Record<string, unknown>) => respond(zjtxList.action, req('/api/payAdvance/selectZjtxList', { cookie, json: { Data: { Parameters: { CFD } } } }));
    const body = await envelope(await call({ currentPage: 1, pageSize: 10 }));
    const data = body.data as { rows: Record<string, string>[]; total: number; currentPage: number; pageSize: number };
    expect(data.total).toBe((await expectedBelow()).length);
    expect(data).toMatchObject({ currentPage: 1, pageSize: 10 });
    expect(Object.keys(data.rows[0]).sort()).toEqual(['customerName', 'remainingMoney', 'subAccNo']);
    const usd = data.rows.find((r) => r.remainingMoney === '2000.00');
    expect(usd?.subAccNo).toMatch(/^SUB\d{10}$/);
    const second = (await envelope(await call({ currentPage: 2, pageSize: 1 }))).data as { rows: unknown[] };
    expect(second.rows).toHaveLength(1);
  });

  it('the badge shows to PTGL (operator) with the count, never to the trader; the broker counts their own', async () => {
    const op = (await badgesFor(db.registry, await sessionUser(db.knex, 'operator'))).find((b) => b.key === 'fundReminder');
    expect(op).toMatchObject({ icon: 'Payments', count: (await expectedBelow()).length, list: { moreHref: '/price/dlStrNdt?tab=accounts' } });
    expect((await badgesFor(db.registry, await sessionUser(db.knex, 'trader'))).map((b) => b.key)).not.toContain('fundReminder');
    const broker = (await badgesFor(db.registry, await sessionUser(db.knex, 'broker'))).find((b) => b.key === 'fundReminder');
    expect(broker?.count).toBe((await expectedBelow(brokerId)).length);
    expect(broker?.count).toBe(1);
  });

  it('the badge list’s 查看全部 link opens the sub-accounts with their balances and thresholds', async () => {
    const { loader } = ledgerPage;
    const out = (await loader({ request: req('/price/dlStrNdt?tab=accounts', { cookie: await loginAs('operator') }), params: {}, context: {} })) as unknown as {
      tab: string;
      accounts: ResourcePageData;
    };
    expect(out.tab).toBe('accounts');
    const all = Number((await db.knex('fin_sub_account').count({ n: '*' }).first())?.n);
    expect(out.accounts.result.total).toBe(all);
    expect(Object.keys(out.accounts.result.rows[0])).toEqual(expect.arrayContaining(['subAccNo', 'available', 'reminderThreshold']));
  });

  it('the daily reminder job reports how many accounts are under their threshold', async () => {
    const job = db.registry.jobs.find((j) => j.name === 'finance.fundReminder')!;
    expect(job.cron).toBe('0 0 8 * * *');
    const lines: string[] = [];
    const out = await job.process({ ...db.registry.context(db.knex), logId: 0, data: {}, log: (m) => lines.push(m) });
    const n = (await expectedBelow()).length;
    expect(out).toContain(`below threshold: ${n}`);
    expect(lines[0]).toContain(String(n));
  });
});

describe('money stays exact', () => {
  it('many small debits add up without float drift', async () => {
    const c = await customerWith('1.00');
    for (let i = 0; i < 10; i++) await debit(c.userId, '0.10', `S${i}`);
    expect((await subAccountOf(db.knex, c.userId, 'RMB'))!.available).toBe(new Decimal('0').toFixed(2));
  });
});
