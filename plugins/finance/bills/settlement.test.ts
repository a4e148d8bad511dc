// Bills, continued: the service-bill hand-off, bad debts, write-offs and their certificates, the
// unified settlement page and concurrent payment.
import { describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import crypto from 'node:crypto';
import { handOff } from '../../../core/handoff.server';
import { loginAs } from '../../../tests/support/session';
import { enterpriseIdOf, serviceOrderInput } from '../../../tests/support/orders';
import { makeRole, makeUser, resourceApi } from '../../../tests/support/resource';
import ExcelJS from 'exceljs';
import { req, respond, run } from '../../../tests/support/http';
import * as settlementPage from '../../../app/screen';
import * as statementRoute from './routes/api.statement';
import type { settlementBillResource } from './settlement.server';
import { createRegistry } from '../../../core/registry.server';
import systemPlugin from '../../system';
import financePlugin from '..';
import { money, db, traderId, brokerId, platform, payee, payer, line, staged, step, row, available, settledViaFunds, setUpBillsSuite, pushedBill } from './bills.fixture';
import { userId } from '../../../tests/support/suite';

setUpBillsSuite();

describe('the service-bill hand-off', () => {
  /** What customs hands over for an approved order of the trader's. */
  const payload = (orderNo: string, over: Record<string, unknown>) => ({
    orderNo,
    billType: 'SERVICE',
    payerUserId: traderId,
    payerEnterpriseId: null,
    payerName: '德宏边境贸易有限公司',
    currency: 'RMB',
    ...over,
  });

  it('turns an approved service order into one staged SERVICE bill for the trader, payable to the broker', async () => {
    const order = payload('SO20261122999999', { payeeEnterpriseId: null, payeeUserId: brokerId, payeeName: '瑞丽报关行', amount: '1250.50', remark: '玉米进口报关' });
    const first = await db.knex.transaction((trx) => handOff(trx, 'serviceBill', 'customs.serviceOrder', 999999, order));
    expect(first.status).toBe('accepted');
    expect(first.result).toMatch(/^BL\d{14}$/);
    const again = await db.knex.transaction((trx) => handOff(trx, 'serviceBill', 'customs.serviceOrder', 999999, order));
    expect(again.result).toBe(first.result);
    const bills = await db.knex('fin_bill').where({ order_no: 'SO20261122999999' });
    expect(bills.length).toBe(1);
    expect({ ...bills[0], amount: money(bills[0].amount) }).toMatchObject({
      status: 'staged',
      bill_type: 'SERVICE',
      amount: '1250.50',
      payer_user_id: traderId,
      payee_user_id: brokerId,
      source: `handoff:${first.id}`,
    });
    const lines = await db.knex('fin_bill_line').where({ bill_id: bills[0].id });
    expect(lines.map((l) => [l.fee_item_name, money(l.quantity, 4), money(l.amount)])).toEqual([['报关服务费', '1.0000', '1250.50']]);
  });

  it('finds the payee account behind the broker enterprise through the enterprise directory, and does without it when no plugin keeps enterprises', async () => {
    const broker = await db.knex('cus_enterprise').where({ user_id: brokerId }).first('id');
    const toBroker = (orderNo: string) => payload(orderNo, { payeeEnterpriseId: Number(broker.id), payeeName: '姐告报关行', amount: '80.00' });
    await db.knex.transaction((trx) => handOff(trx, 'serviceBill', 'customs.serviceOrder', 999998, toBroker('SO20261122999998')));
    expect((await db.knex('fin_bill').where({ order_no: 'SO20261122999998' }).first()).payee_user_id).toBe(brokerId);
    const withoutCustoms = createRegistry([systemPlugin, financePlugin]);
    const handed = await db.knex.transaction((trx) => handOff(trx, 'serviceBill', 'customs.serviceOrder', 999997, toBroker('SO20261122999997'), withoutCustoms));
    expect(handed.status).toBe('accepted');
    expect((await db.knex('fin_bill').where({ order_no: 'SO20261122999997' }).first()).payee_user_id).toBeNull();
  });
});

describe('bad debts', () => {
  it('writes an unpaid bill off only after a second user approves it; the payer sees it read-only', async () => {
    const b = await staged({ lines: [line({ amount: '77.00' })] });
    const id = Number(b.id);
    await step(platform, 'push', id);
    const proposer = resourceApi('finance', 'badDebt', { cookie: await loginAs('operator') });
    const approver = resourceApi('finance', 'badDebt', { cookie: await loginAs('admin') });
    const missing = await proposer.create({ billId: id, reason: ' ' });
    expect(missing.fieldErrors.reason).toBe('坏账原因不能为空');
    const res = await proposer.create({ billId: id, reason: '客户已注销，无法收回' });
    expect(res.body.code, res.body.msg).toBe(200);
    const debt = res.body.data!;
    expect(debt).toMatchObject({ status: 'pending', billSerialNo: b.serialNo, amount: '77.00' });
    expect((await row(id)).bad_debt).toBe('pending');
    // Proposed once only.
    expect((await proposer.create({ billId: id, reason: '再次' })).fieldErrors.billId).toBe('只有未付款的账单可以核为坏账');
    // The proposer cannot approve their own proposal, a user without the permission gets 403.
    expect((await proposer.transition('approve', [Number(debt.id)])).body.msg).toBe('不能审批自己提交的坏账申请');
    const viewer = await makeUser(db.knex, { roleIds: [await makeRole(db.knex, { menus: ['expense.badDebt'], permissions: ['finance:badDebt:list'] })] });
    expect((await resourceApi('finance', 'badDebt', { cookie: await loginAs(viewer.username) }).transition('approve', [Number(debt.id)])).status).toBe(403);
    const payerView = resourceApi('finance', 'payerBadDebt', { cookie: await loginAs('trader') });
    expect((await payerView.list()).body.data!.rows.some((r) => r.billSerialNo === b.serialNo)).toBe(false);
    expect(await step(approver, 'approve', Number(debt.id), '同意核销')).toMatchObject({ status: 'approved', reviewOpinion: '同意核销' });
    expect((await row(id)).bad_debt).toBe('writtenOff');
    expect((await approver.transition('approve', [Number(debt.id)])).body.msg).toBe('当前状态无法进行此操作');
    expect((await payerView.list()).body.data!.rows.some((r) => r.billSerialNo === b.serialNo)).toBe(true);
    expect((await payerView.create({ billId: id, reason: 'x' })).status).toBe(403);
    // A written-off bill can no longer be paid.
    await step(payer, 'confirm', id);
    expect((await payer.transition('payOffline', [id])).body.msg).toBe('该账单已核为坏账');
  });

  it('refuses a paid bill and returns a rejected proposal to normal', async () => {
    const { id } = await settledViaFunds('5.00');
    const proposer = resourceApi('finance', 'badDebt', { cookie: await loginAs('operator') });
    expect((await proposer.create({ billId: id, reason: '坏账' })).fieldErrors.billId).toBe('只有未付款的账单可以核为坏账');
    const b = await staged();
    await step(platform, 'push', Number(b.id));
    const debt = (await proposer.create({ billId: b.id, reason: '无法联系' })).body.data!;
    const admin = resourceApi('finance', 'badDebt', { cookie: await loginAs('admin') });
    expect((await admin.transition('reject', [Number(debt.id)])).body.code).toBe(500);
    expect(await step(admin, 'reject', Number(debt.id), '继续催收')).toMatchObject({ status: 'rejected' });
    expect((await row(Number(b.id))).bad_debt).toBe('none');
  });
});

describe('write-off forms', () => {
  it('verifies a bill once its valid forms cover the amount, and unverifies it when one is voided or deleted', async () => {
    const { id, serialNo } = await settledViaFunds('100.00');
    const w = resourceApi('finance', 'writeoff', { cookie: await loginAs('operator') });
    const form = (over: Record<string, unknown> = {}) => ({
      billId: id,
      amount: '60.00',
      writeoffDate: '2026-11-22',
      flag: 'valid',
      payingBank: '中国银行瑞丽支行',
      receivingBank: '缅甸外贸银行',
      accountNo: '6216600000001',
      bankSerialNo: 'BOC20261122001',
      ...over,
    });
    const first = await w.create(form());
    expect(first.body.code, first.body.msg).toBe(200);
    expect(first.body.data).toMatchObject({ billSerialNo: serialNo, amount: '60.00', currency: 'RMB' });
    expect(String(first.body.data!.writeoffNo)).toMatch(/^HX\d{14}$/);
    expect((await row(id)).verify_flag).toBe('unverified');
    const second = (await w.create(form({ amount: '40.00' }))).body.data!;
    expect((await row(id)).verify_flag).toBe('verified');
    const voided = await w.update(Number(second.id), { ...form({ amount: '40.00', flag: 'void' }), version: second.version });
    expect(voided.body.code, voided.body.msg).toBe(200);
    expect((await row(id)).verify_flag).toBe('unverified');
    const third = (await w.create(form({ amount: '40.00' }))).body.data!;
    expect((await row(id)).verify_flag).toBe('verified');
    expect((await w.remove(Number(third.id))).body.code).toBe(200);
    expect((await row(id)).verify_flag).toBe('unverified');
  });

  it('requires a positive amount and a date, and the write-off permission', async () => {
    const w = resourceApi('finance', 'writeoff', { cookie: await loginAs('operator') });
    const b = await staged();
    const bad = await w.create({ billId: b.id, amount: '0', flag: 'valid' });
    expect(Object.keys(bad.fieldErrors)).toEqual(expect.arrayContaining(['amount', 'writeoffDate']));
    const broker = resourceApi('finance', 'writeoff', { cookie: await loginAs('broker') });
    expect((await broker.create({ billId: b.id, amount: '1.00', writeoffDate: '2026-11-22', flag: 'valid' })).status).toBe(403);
  });
});

describe('unified settlement', () => {
  it('shows the trader what they owe and hold per currency, and downloads their statement as XLSX', async () => {
    const b = await staged({ currency: 'USD', lines: [line({ amount: '12.30' })] });
    await step(platform, 'push', Number(b.id));
    await step(payer, 'confirm', Number(b.id));
    const traderCookie = await loginAs('trader');
    const page = await run(settlementPage.loader, req('/unifiedSettlement/settlementManage', { cookie: traderCookie }));
    const data = page.data as Awaited<ReturnType<typeof settlementBillResource.screen.data>>;
    const usd = data.currencies.find((s) => s.currency === 'USD')!;
    const owed = await db.knex('fin_bill').where({ payer_user_id: traderId, currency: 'USD', status: 'awaitingPayment', bad_debt: 'none' }).sum({ s: 'amount' }).first();
    expect(usd.owe).toBe(new Decimal(String(owed!.s)).toFixed(2));
    expect(usd.available).toBe(await available(traderId, 'USD'));
    expect(data.bills.some((x) => x.serialNo === b.serialNo)).toBe(true);

    const file = await respond(statementRoute.loader, req('/api/finance/bills/statement', { cookie: traderCookie }));
    expect(file.headers.get('content-type')).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await file.arrayBuffer());
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).getCell(1).value).toBe('账单流水号');
    const serials = ws.getColumn(1).values;
    expect(serials).toContain(b.serialNo);
  });

  it('refuses the page and the statement to a user without the settlement menu', async () => {
    const cookie = await loginAs('broker');
    const res = await respond(statementRoute.loader, req('/api/finance/bills/statement', { cookie }));
    expect(res.headers.get('content-type')).not.toContain('spreadsheetml');
    const page = await run(settlementPage.loader, req('/unifiedSettlement/settlementManage', { cookie }));
    expect(page.data).toBeNull();
  });
});

describe('an approved service order in customs', () => {
  it('becomes a staged SERVICE bill for the trader, payable to the approving broker, which the broker can push', async () => {
    const orders = resourceApi('customs', 'serviceOrder', db.as('trader'));
    const brokerOrders = resourceApi('customs', 'serviceOrder', db.as('broker'));
    const o = await orders.create(serviceOrderInput(await enterpriseIdOf(db.knex, 'broker'), { amount: '880.80' }));
    expect(o.body.code, o.body.msg).toBe(200);
    const id = Number(o.body.data!.id);
    expect((await orders.transition('submit', [id])).body.code).toBe(200);
    expect((await brokerOrders.transition('approve', [id], '同意')).body.code).toBe(200);
    const bill = await db.knex('fin_bill').where({ order_no: o.body.data!.orderNo }).first();
    expect({ ...bill, amount: money(bill.amount) }).toMatchObject({ status: 'staged', bill_type: 'SERVICE', amount: '880.80', payer_user_id: traderId, payee_user_id: brokerId });
    expect(await step(payee, 'push', Number(bill.id))).toMatchObject({ status: 'toConfirm', pushFlag: 'pushed' });
  });
});

describe('paying the same bill concurrently', () => {
  it('debits the funds once when five payment requests race', async () => {
    const id = await pushedBill({ lines: [line({ amount: '10.00' })] }, true);
    const before = await available();
    const results = await Promise.all(Array.from({ length: 5 }, () => payer.transition('pay', [id])));
    expect(results.filter((r) => r.body.code === 200).length).toBe(1);
    expect(await available()).toBe(new Decimal(before).minus(10).toFixed(2));
    expect((await db.knex('fin_fund_ledger').where({ idempotency_key: `bill:${id}:pay` })).length).toBe(1);
    expect((await row(id)).pay_flag).toBe('paid');
  });
});

describe('write-off certificates', () => {
  it("attaches the uploader's own file to a form and refuses someone else's", async () => {
    const { id } = await settledViaFunds('1.00');
    const operatorId = await userId(db, 'operator');
    const file = async (createdBy: number) => {
      const row = { uuid: crypto.randomUUID(), name: '银行回单.pdf', ext: 'pdf', mime: 'application/pdf', size: 10, sha256: 'x'.repeat(64), path: 'none', resource: 'finance.writeoff' };
      const [id] = await db.knex('sys_file').insert({ ...row, record_id: null, created_by: createdBy, created_at: new Date() });
      return Number(id);
    };
    const w = resourceApi('finance', 'writeoff', { cookie: await loginAs('operator') });
    const mine = await file(operatorId);
    const res = await w.create({ billId: id, amount: '1.00', writeoffDate: '2026-11-22', flag: 'valid', fileIds: [mine] });
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data!.certificates).toEqual([expect.objectContaining({ id: mine, name: '银行回单.pdf' })]);
    const theirs = await file(traderId);
    const refused = await w.create({ billId: id, amount: '1.00', writeoffDate: '2026-11-22', flag: 'valid', fileIds: [theirs] });
    expect(refused.body.code).not.toBe(200);
  });
});
