// Bills end to end, in a real browser with the seeded users: the demo trader's service order is
// approved by the broker, which hands a staged service bill to finance; the broker (the payee)
// pushes it; the trader confirms it and pays it from the advance funds on the unified
// settlement page; the broker confirms receipt; the trader asks for part of it back; the
// platform approves the refund. At each step the screens and the database agree on the bill's
// status, its flags and the trader's available balance.
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { cellOf, formSelect, gridRows, GRID, openList, refused, screenshot, selectRow, setUpAppDb, setUpBrowser, signIn, toast, transition, watchErrors } from './support';

const browser = setUpBrowser();
const db = setUpAppDb();

const suffix = Date.now().toString(36).slice(-6);
const ORDER_AMOUNT = '3500.00';

const billOf = (orderNo: string) => db('fin_bill').where({ order_no: orderNo }).first();
async function balance(username: string, currency = 'RMB'): Promise<string> {
  const user = await db('sys_user').where({ username }).first();
  const acc = await db('fin_sub_account').where({ user_id: user.id, currency }).first();
  return new Decimal(String(acc.available)).toFixed(2);
}

/** A figure of the RMB card on the trader's settlement page (owe, settled, refunding, funds), reloaded. */
async function figure(page: Page, name: 'owe' | 'settled' | 'refunding' | 'funds'): Promise<string> {
  await page.goto('/unifiedSettlement/settlementManage');
  return (await page.locator(`[data-testid=${name}-RMB]`).innerText()).replace(/\s*RMB\s*$/, '').trim();
}
const shownFunds = (page: Page) => figure(page, 'funds');
const plus = (a: string, b: string) => new Decimal(a).plus(b).toFixed(2);

describe('bills: service order → bill → pay from funds → receipt → refund', () => {
  it('keeps the screens, the flags and the balance right at every step', async () => {
    const customer = `德宏果蔬批发${suffix}`;

    // 1. The demo trader orders customs service from the demo broker and submits the order.
    const trader = await signIn(browser, 'trader');
    const t = trader.page;
    const errors = watchErrors(t);
    // A trader lands on the unified settlement page (SPEC §2: userType 4).
    expect(new URL(t.url()).pathname).toBe('/unifiedSettlement/settlementManage');
    const before = await balance('trader');
    expect(await shownFunds(t)).toBe(before);
    const oweBefore = await figure(t, 'owe');
    const settledBefore = await figure(t, 'settled');
    const refundingBefore = await figure(t, 'refunding');

    await openList(t, '/traderCenter/serviceOrder');
    await t.locator('[data-testid=toolbar-add]').click();
    await t.locator('[data-testid=resource-form]').waitFor();
    await formSelect(t, 'declType', 'I');
    await t.locator('[data-testid=form-customerName]').fill(customer);
    await formSelect(t, 'declCustoms', '8613');
    await formSelect(t, 'tradeCountry', 'MM');
    await formSelect(t, 'arrivalCountry', 'MM');
    await t.locator('[data-testid=form-productCount]').fill('1');
    await formSelect(t, 'orderType', 'general');
    await t.locator('[data-testid=form-amount]').fill(ORDER_AMOUNT);
    await formSelect(t, 'currency', 'RMB');
    await t.locator('[data-testid=form-remark]').fill('缅甸鲜果进口报关委托');
    await formSelect(t, 'brokerId');
    await t.locator('[data-testid=form-save]').click();
    await toast(t, '新增成功');
    await transition(t, 'submit', customer, '操作成功');
    const orderNo = await cellOf(t, customer, 'orderNo');
    expect(orderNo).toMatch(/^SO\d{14}$/);

    // 2. The broker approves the order: finance receives a staged service bill, payable to the broker.
    const broker = await signIn(browser, 'broker');
    const b = broker.page;
    await openList(b, '/traderCenter/serviceOrder');
    await transition(b, 'approve', customer, '操作成功', '资料齐全，同意受理');
    const staged = await billOf(orderNo);
    expect(staged).toMatchObject({ status: 'staged', bill_type: 'SERVICE', currency: 'RMB', pay_flag: 'unpaid', receipt_flag: 'uncollected', push_flag: 'notPushed' });
    expect(new Decimal(String(staged.amount)).toFixed(2)).toBe(ORDER_AMOUNT);
    const serialNo = String(staged.serial_no);

    await openList(b, '/expense/bill');
    expect(await cellOf(b, serialNo, 'status')).toBe('暂存');
    expect(await cellOf(b, serialNo, 'amount')).toMatch(/^3,?500\.00$/);
    // Not pushed yet: the trader does not see it among the bills payable.
    await openList(t, '/traderCenter/billsPayable');
    expect(await gridRows(t).filter({ hasText: serialNo }).count()).toBe(0);

    // 3. The broker pushes it to the payer.
    await transition(b, 'push', serialNo, '操作成功');
    expect(await cellOf(b, serialNo, 'pushFlag')).toBe('已推送');
    expect(await billOf(orderNo)).toMatchObject({ status: 'toConfirm', push_flag: 'pushed' });

    // 4. The trader confirms it; paying before confirming is refused with the state message.
    await openList(t, '/traderCenter/billsPayable');
    expect(await cellOf(t, serialNo, 'status')).toBe('待付款方确认');
    await refused(t, 'pay', serialNo, '当前状态无法进行此操作');
    await transition(t, 'confirm', serialNo, '操作成功');
    expect(await cellOf(t, serialNo, 'status')).toBe('付款方已确认待付款');
    // The bill with its fee line, read-only.
    await selectRow(t, serialNo);
    await t.locator('[data-testid=toolbar-billDetail]').click();
    const detail = t.locator('[data-testid=bill-detail]');
    await detail.locator('[data-testid=bill-detail-lines]').getByText('报关服务费').waitFor();
    expect(await detail.locator('[data-testid=bill-detail-amount]').innerText()).toBe(`${ORDER_AMOUNT} RMB`);
    await detail.locator('[data-testid=bill-detail-close]').click();
    expect(await figure(t, 'owe')).toBe(plus(oweBefore, ORDER_AMOUNT));

    // 5. …and pays it from the advance funds on the settlement page.
    await t.locator(`[data-testid=settlement-pay-${serialNo}]`).click();
    await t.locator('[data-testid=confirm-dialog]').getByText('确定使用预付款资金支付选中的账单吗？').waitFor();
    await t.locator('[data-testid=confirm-ok]').click();
    await toast(t, '操作成功');
    const afterPay = new Decimal(before).minus(ORDER_AMOUNT).toFixed(2);
    expect(await balance('trader')).toBe(afterPay);
    expect(await shownFunds(t)).toBe(afterPay);
    expect(await figure(t, 'owe')).toBe(oweBefore);
    expect(await figure(t, 'settled')).toBe(plus(settledBefore, ORDER_AMOUNT));
    const paid = await billOf(orderNo);
    expect(paid).toMatchObject({ status: 'receiptPending', pay_flag: 'paid', paid_via: 'funds', receipt_flag: 'uncollected' });
    const debit = await db('fin_fund_ledger').where({ id: paid.pay_ledger_id }).first();
    expect(debit).toMatchObject({ direction: 'D', tx_type: 'billPayment', reference: serialNo });
    expect(new Decimal(String(debit.balance_after)).toFixed(2)).toBe(afterPay);
    await screenshot(t, 'finance-settlement-paid');
    // The payment appears in the trader's fund sub-ledger.
    await openList(t, '/price/dlStrNdt');
    const debitRow = gridRows(t).filter({ hasText: String(debit.host_flow_no) });
    await debitRow.waitFor();
    expect(await debitRow.locator('[data-field=txType]').innerText()).toBe('账单支付');
    expect(await debitRow.locator('[data-field=amount]').innerText()).toBe(ORDER_AMOUNT);

    // 6. The broker confirms receipt: the bill is settled.
    await openList(b, '/expense/bill');
    await transition(b, 'confirmReceipt', serialNo, '操作成功');
    expect(await cellOf(b, serialNo, 'receiptFlag')).toBe('已收款');
    expect(await billOf(orderNo)).toMatchObject({ status: 'settled', pay_flag: 'paid', receipt_flag: 'received' });

    // 7. The trader asks for part of it back; more than the bill is refused and changes nothing.
    await t.goto('/unifiedSettlement/settlementManage');
    await t.locator(`[data-testid=settlement-refund-${serialNo}]`).click();
    await expect.poll(() => t.locator('[data-testid=transition-amount]').inputValue()).toBe(ORDER_AMOUNT);
    await t.locator('[data-testid=transition-amount]').fill('3600');
    await t.locator('[data-testid=transition-note]').fill('部分货物未报关，申请退还部分服务费');
    await t.locator('[data-testid=transition-note-ok]').click();
    await t.locator('[data-testid=transition-note-dialog]').getByText('退款金额不能超过账单金额 3500.00').waitFor();
    expect(await billOf(orderNo)).toMatchObject({ status: 'settled', refund_status: null });
    await t.locator('[data-testid=transition-amount]').fill('1000');
    await t.locator('[data-testid=transition-note-ok]').click();
    await toast(t, '操作成功');
    await t.locator(`[data-testid=settlement-refund-amount-${serialNo}]`).filter({ hasText: '1000.00' }).waitFor();
    expect(await billOf(orderNo)).toMatchObject({ status: 'refundRequested', refund_status: 'pending', refund_reason: '部分货物未报关，申请退还部分服务费' });
    expect(await balance('trader')).toBe(afterPay);
    expect(await figure(t, 'refunding')).toBe(plus(refundingBefore, '1000.00'));
    expect(await figure(t, 'settled')).toBe(plus(settledBefore, '2500.00'));

    // 8. The platform approves the refund: 1000.00 goes back to the trader's funds, once.
    const operator = await signIn(browser, 'operator');
    const o = operator.page;
    await openList(o, '/expense/bill');
    expect(await cellOf(o, serialNo, 'status')).toBe('付款方申请退款');
    await transition(o, 'approveRefund', serialNo, '操作成功', '核实无误，同意退款');
    expect(await cellOf(o, serialNo, 'status')).toBe('已退款');
    expect(await cellOf(o, serialNo, 'payFlag')).toBe('已退款');
    await refused(o, 'approveRefund', serialNo, '当前状态无法进行此操作');
    const afterRefund = new Decimal(afterPay).plus('1000').toFixed(2);
    expect(await balance('trader')).toBe(afterRefund);
    const refunded = await billOf(orderNo);
    expect(refunded).toMatchObject({ status: 'refunded', refund_status: 'approved', pay_flag: 'refunded', receipt_flag: 'refunded', refund_opinion: '核实无误，同意退款' });
    expect(new Decimal(String(refunded.refund_amount)).toFixed(2)).toBe('1000.00');
    expect(await db('fin_fund_ledger').where({ idempotency_key: `bill:${refunded.id}:refund`, direction: 'C' })).toHaveLength(1);

    // The trader sees the money back and the bill refunded; the 2500.00 kept stays settled.
    expect(await shownFunds(t)).toBe(afterRefund);
    expect(await figure(t, 'refunding')).toBe(refundingBefore);
    expect(await figure(t, 'settled')).toBe(plus(settledBefore, '2500.00'));
    await t.locator(`[data-testid=settlement-bill-${serialNo}]`).getByText('已退款').waitFor();
    await t.locator(`[data-testid=settlement-detail-${serialNo}]`).click();
    await t.locator('[data-testid=bill-detail-refund]').getByText('核实无误，同意退款').waitFor();
    await screenshot(t, 'finance-bill-detail-refunded');
    await t.locator('[data-testid=bill-detail-close]').click();
    await screenshot(t, 'finance-settlement-refunded');
    await openList(t, '/traderCenter/billsPayable');
    expect(await cellOf(t, serialNo, 'status')).toBe('已退款');
    await t.locator(GRID).waitFor();
    expect(errors).toEqual([]);

    await Promise.all([trader.context.close(), broker.context.close(), operator.context.close()]);
  }, 240_000);
});
