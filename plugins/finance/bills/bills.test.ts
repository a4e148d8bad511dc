// Bills through the REST API on a fresh seeded MariaDB, with real logins: the SPEC §5 billing
// rules, every transition of the ten-state machine with the right actor and the refusals (wrong
// state, wrong party, missing permission), the flags at each step, paying from funds in the same
// transaction, idempotent refunds, createBill's idempotency and the service-bill hand-off.
import { describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import { loginAs } from '../../../tests/support/session';
import { makeRole, resourceApi, sessionUser, signedInUser } from '../../../tests/support/resource';
import { ageInDays, createBill } from './bills.server';
import { bucketOf, receivableAging } from './receivable.server';
import { money, db, traderId, brokerId, platform, payee, payer, payerMgmt, line, bill, staged, step, row, available, settledViaFunds, setUpBillsSuite, pushedBill } from './bills.fixture';
import { userId } from '../../../tests/support/suite';

setUpBillsSuite();

describe('saving a bill (SPEC §5 Billing)', () => {
  it('creates a staged bill numbered BL+date+6 whose amount is the sum of its lines', async () => {
    const b = await staged();
    expect(String(b.serialNo)).toMatch(/^BL\d{8}\d{6}$/);
    expect(b).toMatchObject({ status: 'staged', amount: '200.01', payFlag: 'unpaid', receiptFlag: 'uncollected', pushFlag: 'notPushed', verifyFlag: 'unverified' });
    expect((b.lines as unknown[]).length).toBe(2);
    const lines = await db.knex('fin_bill_line').where({ bill_id: b.id }).orderBy('line_no');
    expect(lines.map((l) => money(l.amount))).toEqual(['100.00', '100.01']);
  });

  it('requires the order number', async () => {
    expect(await platform.create(bill({ orderNo: ' ' }))).toMatchObject({ body: { code: 500 }, fieldErrors: { orderNo: '订单号不能为空' } });
  });

  it('requires the bill amount: at least one line, amounts above zero', async () => {
    const none = await platform.create(bill({ lines: [] }));
    expect(none.fieldErrors.lines).toBe('请填写账单金额（至少一条金额大于0的费用明细）');
    const zero = await platform.create(bill({ lines: [line({ amount: '0' })] }));
    expect(zero.body.code).toBe(500);
    expect(JSON.stringify(zero.fieldErrors)).toContain('金额');
  });

  it('edits lines while staged and refuses editing and deleting once pushed', async () => {
    const b = await staged();
    const upd = await platform.update(Number(b.id), { ...bill({ lines: [line({ amount: '55.50' })] }), version: b.version });
    expect(upd.body.code, upd.body.msg).toBe(200);
    expect(upd.body.data!.amount).toBe('55.50');
    const pushed = await step(platform, 'push', Number(b.id));
    const again = await platform.update(Number(b.id), { ...bill(), version: pushed.version });
    expect(again.body.msg).toBe('只有暂存的账单可以修改');
    expect((await platform.remove(Number(b.id))).body.msg).toBe('只有暂存的账单可以删除');
  });
});

describe('the bill state machine', () => {
  it('walks staged → to confirm → awaiting payment → paid from funds → receipt confirmed → settled, with the flags of each step', async () => {
    const b = await staged();
    const id = Number(b.id);
    const before = new Decimal(await available());
    // The payer does not see a staged bill.
    expect((await payer.list()).body.data!.rows.some((r) => r.id === id)).toBe(false);

    expect(await step(payee, 'push', id)).toMatchObject({ status: 'toConfirm', pushFlag: 'pushed' });
    expect((await payer.list()).body.data!.rows.some((r) => r.id === id)).toBe(true);
    expect(await step(payer, 'confirm', id)).toMatchObject({ status: 'awaitingPayment', payFlag: 'unpaid' });
    expect(await step(payer, 'pay', id)).toMatchObject({ status: 'receiptPending', payFlag: 'paid', paidVia: 'funds', receiptFlag: 'uncollected' });
    expect(await available()).toBe(before.minus('200.01').toFixed(2));
    const r = await row(id);
    const ledger = await db.knex('fin_fund_ledger').where({ id: r.pay_ledger_id }).first();
    expect(ledger).toMatchObject({ tx_type: 'billPayment', direction: 'D', reference: b.serialNo, idempotency_key: `bill:${id}:pay` });
    expect(await step(payee, 'confirmReceipt', id)).toMatchObject({ status: 'settled', receiptFlag: 'received' });
  });

  it('lets the payer return a bill to be confirmed (with a reason) and the payee edit it again', async () => {
    const id = await pushedBill();
    const missing = await payer.transition('giveBack', [id]);
    expect(missing.body.code).toBe(500);
    expect(await step(payer, 'giveBack', id, '金额有误')).toMatchObject({ status: 'returned', returnReason: '金额有误' });
    expect(await step(payee, 'restage', id)).toMatchObject({ status: 'staged', pushFlag: 'notPushed' });
  });

  it('records an offline payment without touching the funds', async () => {
    const id = await pushedBill({}, true);
    const before = await available();
    expect(await step(payer, 'payOffline', id)).toMatchObject({ status: 'receiptPending', payFlag: 'paid', paidVia: 'offline' });
    expect(await available()).toBe(before);
    expect(await step(platform, 'confirmReceipt', id)).toMatchObject({ status: 'settled', receiptFlag: 'received' });
  });

  it('refuses a transition from the wrong state with 当前状态无法进行此操作', async () => {
    const b = await staged();
    const res = await payer.transition('confirm', [Number(b.id)]);
    // The payer cannot even see the staged bill.
    expect(res.status).toBe(404);
    const wrong = await platform.transition('confirmReceipt', [Number(b.id)]);
    expect(wrong.body.msg).toBe('当前状态无法进行此操作');
    const none = await platform.transition('push', []);
    expect(none.body.msg).toBe('请选择数据后再进行相应操作');
  });

  it('refuses the wrong party: a payee cannot confirm as payer, a payer cannot confirm receipt', async () => {
    const id = await pushedBill();
    // The admin holds every permission but is not the payer.
    const admin = resourceApi('finance', 'bill', { cookie: await loginAs('admin') });
    expect((await admin.transition('confirm', [id])).body.msg).toBe('您不是该账单的相应当事方，无法进行此操作');
    await step(payer, 'confirm', id);
    await step(payer, 'pay', id);
    // A payer holding the confirm-receipt permission is still not the payee.
    const roleId = await makeRole(db.knex, { menus: ['expense', 'expense.bill'], permissions: ['finance:bill:list', 'finance:bill:confirmReceipt'] });
    await db.knex('sys_user_role').insert({ user_id: traderId, role_id: roleId });
    const both = resourceApi('finance', 'bill', { cookie: await loginAs('trader') });
    expect((await both.transition('confirmReceipt', [id])).body.msg).toBe('您不是该账单的相应当事方，无法进行此操作');
    await db.knex('sys_user_role').where({ user_id: traderId, role_id: roleId }).delete();
    expect((await row(id)).status).toBe('receiptPending');
  });

  it('refuses a transition without its permission (403)', async () => {
    const id = await pushedBill();
    // The trader's own bill, through the management API, without the management permissions.
    expect((await payerMgmt.transition('push', [id])).status).toBe(403);
    expect((await payee.transition('approveRefund', [id])).status).toBe(403);
    const s = resourceApi('finance', 'bill', await signedInUser(db.knex, { menus: ['expense.bill'], permissions: ['finance:bill:list'] }));
    expect((await s.transition('push', [id])).status).toBe(403);
  });
});

describe('paying from funds', () => {
  it('leaves the bill unpaid when the funds do not cover it (可用余额不足)', async () => {
    const id = await pushedBill({ currency: 'USD', lines: [line({ amount: '999999.00' })] }, true);
    const before = await available(traderId, 'USD');
    const res = await payer.transition('pay', [id]);
    expect(res.body.msg).toBe('可用余额不足');
    expect(await row(id)).toMatchObject({ status: 'awaitingPayment', pay_flag: 'unpaid', paid_via: null });
    expect(await available(traderId, 'USD')).toBe(before);
  });
});

describe('refunds', () => {
  it('requests (with a reason) and approves a refund once: funds are credited back exactly once', async () => {
    const before = await available();
    const { id } = await settledViaFunds('300.00');
    expect(await available()).toBe(new Decimal(before).minus(300).toFixed(2));
    expect((await payer.transition('requestRefund', [id])).body.code).toBe(500);
    expect(await step(payer, 'requestRefund', id, '重复付款')).toMatchObject({ status: 'refundRequested', refundStatus: 'pending', refundAmount: '300.00', refundReason: '重复付款' });
    // The payer cannot approve their own refund.
    expect((await payerMgmt.transition('approveRefund', [id])).status).toBe(403);
    expect(await step(platform, 'approveRefund', id, '同意')).toMatchObject({ status: 'refunded', refundStatus: 'approved', payFlag: 'refunded', receiptFlag: 'refunded' });
    expect(await available()).toBe(before);
    // Approving again is refused and credits nothing.
    expect((await platform.transition('approveRefund', [id])).body.msg).toBe('当前状态无法进行此操作');
    expect(await available()).toBe(before);
    const credits = await db.knex('fin_fund_ledger').where({ idempotency_key: `bill:${id}:refund` });
    expect(credits.length).toBe(1);
  });

  it('rejects a refund with an opinion; the payer may ask again', async () => {
    const { id } = await settledViaFunds('20.00');
    await step(payer, 'requestRefund', id, '服务未完成');
    expect((await platform.transition('rejectRefund', [id])).body.code).toBe(500);
    expect(await step(platform, 'rejectRefund', id, '服务已完成')).toMatchObject({ status: 'refundRejected', refundStatus: 'rejected', payFlag: 'paid' });
    expect(await step(payer, 'requestRefund', id, '再次申请')).toMatchObject({ status: 'refundRequested', refundStatus: 'pending' });
  });

  it('marks a failed payout and retries it without paying twice', async () => {
    const before = await available();
    const { id } = await settledViaFunds('12.34');
    await step(payer, 'requestRefund', id, '多付');
    expect(await step(platform, 'failRefund', id, '银行退款失败')).toMatchObject({ status: 'refundFailed', refundStatus: 'failed' });
    expect(await step(platform, 'approveRefund', id)).toMatchObject({ status: 'refunded', refundStatus: 'approved' });
    expect(await available()).toBe(before);
  });

  it('refunds part of a bill: at most the bill amount, credited back once, the rest stays settled', async () => {
    const before = await available();
    const { id } = await settledViaFunds('80.00');
    const tooMuch = await payer.transition('requestRefund', [id], '部分退款', { amount: '80.01' });
    expect(tooMuch.fieldErrors.refundAmount).toBe('退款金额不能超过账单金额 80.00');
    expect((await payer.transition('requestRefund', [id], '部分退款', { amount: '1.234' })).fieldErrors.refundAmount).toBe('退款金额最多保留2位小数');
    expect((await payer.transition('requestRefund', [id], '部分退款', { amount: '0' })).fieldErrors.refundAmount).toBe('退款金额必须大于0');
    expect((await payer.transition('requestRefund', [id], '部分退款', { amount: 'abc' })).fieldErrors.refundAmount).toBe('退款金额必须是数字');
    expect(await row(id)).toMatchObject({ status: 'settled', refund_status: null });
    expect(await step(payer, 'requestRefund', id, '部分退款', { amount: '30.5' })).toMatchObject({ status: 'refundRequested', refundAmount: '30.50' });
    expect(await step(platform, 'approveRefund', id)).toMatchObject({ status: 'refunded', refundAmount: '30.50' });
    expect(await available()).toBe(new Decimal(before).minus('49.50').toFixed(2));
  });

  it('takes an amount for one bill only', async () => {
    const a = await settledViaFunds('5.00');
    const b = await settledViaFunds('6.00');
    const res = await payer.transition('requestRefund', [a.id, b.id], '批量', { amount: '1.00' });
    expect(res.body.msg).toBe('退款金额只能针对一条数据填写，请只选择一条');
    expect(await row(a.id)).toMatchObject({ status: 'settled' });
  });

  it('refuses a refund on a bill that is not settled', async () => {
    const b = await staged();
    await step(platform, 'push', Number(b.id));
    expect((await payer.transition('requestRefund', [Number(b.id)], '原因')).body.msg).toBe('当前状态无法进行此操作');
  });
});

describe('createBill', () => {
  it('is idempotent by source key', async () => {
    const input = {
      billType: 'TRADE' as const,
      orderNo: 'PERIOD-2026-11',
      payerUserId: traderId,
      payerName: '德宏边境贸易有限公司',
      payeeName: '平台',
      currency: 'RMB',
      lines: [{ feeItemName: '仓储费', quantity: '3', rate: '1.5', amount: '4.50', source: 'rule' as const, explanation: '3 天 × 1.5' }],
      sourceKey: 'periodic:monthly:2026-11:trader',
    };
    const a = await db.knex.transaction((trx) => createBill(trx, input, null));
    const b = await db.knex.transaction((trx) => createBill(trx, input, null));
    expect(a.created).toBe(true);
    expect(b).toEqual({ ...a, created: false });
    const ra = await row(a.id);
    expect({ ...ra, amount: money(ra.amount) }).toMatchObject({ status: 'staged', amount: '4.50', bill_type: 'TRADE' });
  });
});

describe('accounts receivable (bank business center)', () => {
  it('the platform sees every outstanding bill with its age; staged and settled bills are not receivable', async () => {
    const receivable = resourceApi('finance', 'billReceivable', { cookie: await loginAs('operator') });
    const open = await staged({ billDate: '2026-01-05' });
    await step(platform, 'push', Number(open.id));
    const draft = await staged();
    const done = await settledViaFunds('7.00');
    const res = await receivable.list({ pageSize: 100 });
    expect(res.body.code, res.body.msg).toBe(200);
    const rows = res.body.data!.rows as Record<string, unknown>[];
    const ids = rows.map((r) => Number(r.id));
    expect(ids).toContain(Number(open.id));
    expect(ids).not.toContain(Number(draft.id));
    expect(ids).not.toContain(done.id);
    expect(rows.find((r) => Number(r.id) === Number(open.id))!.ageDays).toBe(ageInDays('2026-01-05'));
    expect(rows.every((r) => ['toConfirm', 'awaitingPayment', 'receiptPending'].includes(String(r.status)))).toBe(true);
  });

  it('the bank sees only the bills owed to it, aged into buckets, and confirms receipt once the payer has paid', async () => {
    const bankCookie = await loginAs('bank');
    const receivable = resourceApi('finance', 'billReceivable', { cookie: bankCookie });
    const bankId = await userId(db, 'bank');
    const rows = (await receivable.list({ pageSize: 100 })).body.data!.rows as Record<string, unknown>[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => Number(r.payeeUserId) === bankId)).toBe(true);
    const demo = rows.find((r) => r.remark === '跨境结汇手续费')!;
    expect(demo).toMatchObject({ status: 'awaitingPayment', amount: '150.00', ageDays: 45 });

    const aging = await receivableAging(db.knex, await sessionUser(db.knex, 'bank'));
    expect(aging).toEqual([{ currency: 'RMB', count: 1, total: '150.00', d0_30: '0.00', d31_60: '150.00', d61_90: '0.00', d90: '0.00' }]);

    // Receipt can be confirmed only after payment; then the bill leaves the receivables.
    expect((await receivable.transition('confirmReceipt', [Number(demo.id)])).body.msg).toBe('当前状态无法进行此操作');
    await step(payer, 'pay', Number(demo.id));
    expect(await step(receivable, 'confirmReceipt', Number(demo.id))).toMatchObject({ status: 'settled', receiptFlag: 'received' });
    expect(((await receivable.list({ pageSize: 100 })).body.data!.rows as Record<string, unknown>[]).map((r) => r.id)).not.toContain(demo.id);
    // A bill owed to someone else is not the bank's to confirm.
    const other = await settledViaFunds('3.00');
    await db.knex('fin_bill').where({ id: other.id }).update({ status: 'receiptPending', receipt_flag: 'uncollected' });
    expect((await receivable.transition('confirmReceipt', [other.id])).status).toBe(404);
  });

  it('ages by whole days into 0–30, 31–60, 61–90 and over 90', () => {
    const today = new Date(2026, 10, 23);
    expect([0, 30, 31, 60, 61, 90, 91].map(bucketOf)).toEqual(['d0_30', 'd0_30', 'd31_60', 'd31_60', 'd61_90', 'd61_90', 'd90']);
    expect(ageInDays('2026-11-23', today)).toBe(0);
    expect(ageInDays('2026-08-24', today)).toBe(91);
  });
});

describe('demo data', () => {
  it('a fresh installation holds the approved demo order’s staged service bill and two trade bills for the trader', async () => {
    const order = await db.knex('cus_service_order').where({ status: 'inProgress' }).first();
    const service = await db.knex('fin_bill').where({ order_no: order.order_no }).first();
    expect(service).toMatchObject({ status: 'staged', bill_type: 'SERVICE', payer_user_id: traderId, payee_user_id: brokerId });
    const trade = await db.knex('fin_bill').whereIn('source', ['demo:bill:1', 'demo:bill:2']).orderBy('source');
    expect(trade.map((b) => [b.status, b.payer_user_id, new Decimal(String(b.amount)).toFixed(2)])).toEqual([
      ['toConfirm', traderId, '12600.00'],
      ['settled', traderId, '860.00'],
    ]);
  });
});
