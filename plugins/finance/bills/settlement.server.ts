// The trader's unified settlement (/unifiedSettlement/settlementManage): what they owe, what
// is settled and being refunded (totals per currency of the bills they pay), their advance
// funds per currency, their recent bills, and the statement of all their bills as XLSX.
import Decimal from 'decimal.js';
import type { Knex } from 'knex';
import type { TFunction } from 'i18next';
import { subAccountOf } from '../funds/funds.server';
import { hasPermission, type SessionUser } from '@core/shared';
import { listRows, serverResource, type RequestContext } from '@core/server';
import { BILL, billPayableResource, money } from './bills.server';
import { BILL_PERMISSIONS, CURRENCIES } from './bill';
import { settlementBillDef } from './settlement';

export interface CurrencySummary {
  currency: string;
  owe: string;
  toConfirm: string;
  settled: string;
  refunding: string;
  /** Available advance funds, or null when no sub-account is open in this currency. */
  available: string | null;
}

const OWE = ['awaitingPayment'];
const TO_CONFIRM = ['toConfirm'];
const SETTLED = ['receiptPending', 'settled', 'refundRejected'];
const REFUNDING = ['refundRequested', 'refundFailed'];

const payerBills = (knex: Knex, userId: number) => knex(BILL).where({ payer_user_id: userId, push_flag: 'pushed' });

export async function settlementSummary(knex: Knex, userId: number): Promise<CurrencySummary[]> {
  type R = { currency: string; status: string; amount: unknown; refund_amount: unknown };
  const rows: R[] = await payerBills(knex, userId).whereNot({ bad_debt: 'writtenOff' }).select('currency', 'status', 'amount', 'refund_amount');
  const refundOf = (r: R) => new Decimal(r.refund_amount === null || r.refund_amount === undefined ? String(r.amount) : String(r.refund_amount));
  // A partial refund leaves the rest of the bill settled.
  const kept = (r: R) => (r.status === 'refunded' || REFUNDING.includes(r.status) ? new Decimal(String(r.amount)).minus(refundOf(r)) : new Decimal(String(r.amount)));
  const out: CurrencySummary[] = [];
  for (const currency of CURRENCIES) {
    const mine = rows.filter((r) => r.currency === currency);
    const sum = (states: string[], value: (r: R) => Decimal) => money(mine.filter((r) => states.includes(r.status)).reduce((s, r) => s.plus(value(r)), new Decimal(0)));
    const whole = (r: R) => new Decimal(String(r.amount));
    const account = await subAccountOf(knex, userId, currency);
    const line = {
      currency,
      owe: sum(OWE, whole),
      toConfirm: sum(TO_CONFIRM, whole),
      settled: sum([...SETTLED, ...REFUNDING, 'refunded'], kept),
      refunding: sum(REFUNDING, refundOf),
      available: account?.available ?? null,
    };
    if (account || mine.length) out.push(line);
  }
  return out;
}

/** A bill as the bill lists' API shows it (the fields the settlement page and the bill detail use). */
export interface BillView {
  id: number;
  serialNo: string;
  orderNo: string;
  payeeName: string | null;
  amount: string;
  currency: string;
  status: string;
  badDebt: string;
  refundAmount: string | null;
  billDate: string;
  [field: string]: unknown;
}

/** The payer's latest bills, read through the bills-payable resource (same scope, fields and lines as that list). */
export async function recentBills(user: SessionUser, limit = 20): Promise<BillView[]> {
  const { rows } = await listRows(billPayableResource, user, { page: 1, pageSize: limit, sort: { field: 'id', dir: 'desc' }, filters: {}, withTotal: false });
  return rows as BillView[];
}

/** All the payer's bills as an XLSX statement, labels in the user's language. */
export async function statementXlsx(knex: Knex, userId: number, t: TFunction): Promise<Buffer> {
  const rows = await payerBills(knex, userId).orderBy('id');
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(t('finance:bills.settlement.sheet'));
  const L = (k: string) => t(`finance:bills.${k}`);
  ws.columns = [
    { header: L('serialNo'), key: 'serialNo', width: 22 },
    { header: L('orderNo'), key: 'orderNo', width: 20 },
    { header: L('billDate'), key: 'billDate', width: 12 },
    { header: L('payeeName'), key: 'payeeName', width: 24 },
    { header: L('currency'), key: 'currency', width: 8 },
    { header: L('amount'), key: 'amount', width: 14, style: { numFmt: '#,##0.00' } },
    { header: L('status'), key: 'status', width: 22 },
    { header: L('payFlag'), key: 'payFlag', width: 10 },
    { header: L('refundAmount'), key: 'refundAmount', width: 14, style: { numFmt: '#,##0.00' } },
  ];
  for (const r of rows) {
    ws.addRow({
      serialNo: r.serial_no,
      orderNo: r.order_no,
      billDate: r.bill_date instanceof Date ? r.bill_date.toISOString().slice(0, 10) : String(r.bill_date).slice(0, 10),
      payeeName: r.payee_name,
      currency: r.currency,
      // Exact to the cent: the DECIMAL string becomes the cell's number only here.
      amount: Number(money(String(r.amount))),
      status: L(`state.${r.status}`),
      payFlag: L(`payFlags.${r.pay_flag}`),
      refundAmount: r.refund_amount === null ? null : Number(money(String(r.refund_amount))),
    });
  }
  ws.getRow(1).font = { bold: true };
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The settlement page: the payer's recent bills as its list, the totals per currency and what the user may do above and beside it. */
export const settlementBillResource = {
  ...serverResource(settlementBillDef),
  screen: {
    rows: ({ user }: RequestContext) => recentBills(user),
    data: async ({ knex, user }: RequestContext, rows?: unknown[]) => ({
      currencies: await settlementSummary(knex, user.id),
      bills: rows as BillView[],
      canPay: hasPermission(user, BILL_PERMISSIONS.pay),
      canRefund: hasPermission(user, BILL_PERMISSIONS.requestRefund),
      canOpenPayable: user.isAdmin || user.menuList.includes('traderCenter.billsPayable'),
    }),
  },
};
