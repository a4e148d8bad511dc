// Bills (SPEC §3 "Bill", §4 "Bill status", §5 "Billing"): a header with fee lines, ten states
// as one state machine whose transitions also name the actor allowed to take them (the payer,
// the payee or the platform). The server enforces both (bills.server.ts); the screens enable
// their buttons from the same data.
import { z } from 'zod';
import type { TFunction } from 'i18next';
import { crudPermissions, decimalSum, defineDocument, defineResource, lineList, rules, todayIso, type FieldDef, type FieldType, type ResourceDef, type Transition } from '@core/shared';
import { financeTable } from '../common';

export const BILL_STATUS = [
  'staged', // 暂存
  'toConfirm', // 待付款方确认
  'awaitingPayment', // 付款方已确认待付款
  'receiptPending', // 收款方确认收款 (paid; the receiver confirms)
  'settled', // 付款方已付款账单完结
  'returned', // 账单退回
  'refundRequested', // 付款方申请退款
  'refunded', // 已退款
  'refundRejected', // 退款驳回
  'refundFailed', // 退款失败
] as const;
export type BillStatus = (typeof BILL_STATUS)[number];
export const BILL_TYPES = ['SERVICE', 'TRADE'] as const;
export const CURRENCIES = ['RMB', 'USD', 'EUR', 'GBP', 'MMK'] as const;
export const PAY_FLAGS = ['unpaid', 'paid', 'refunded'] as const;
export const RECEIPT_FLAGS = ['uncollected', 'received', 'refunded'] as const;
export const PUSH_FLAGS = ['notPushed', 'pushed'] as const;
export const VERIFY_FLAGS = ['unverified', 'verified'] as const;
export const REFUND_STATUS = ['pending', 'approved', 'rejected', 'failed'] as const;
export const BAD_DEBT_FLAGS = ['none', 'pending', 'writtenOff'] as const;
export const LINE_SOURCES = ['rule', 'manual'] as const;

const P = 'finance:bill';
export const BILL_PERMISSIONS = {
  list: `${P}:list`,
  add: `${P}:add`,
  edit: `${P}:edit`,
  remove: `${P}:remove`,
  push: `${P}:push`,
  confirm: `${P}:confirm`,
  giveBack: `${P}:return`,
  pay: `${P}:pay`,
  confirmReceipt: `${P}:confirmReceipt`,
  requestRefund: `${P}:requestRefund`,
  reviewRefund: `${P}:reviewRefund`,
  payableList: 'finance:billPayable:list',
  receivableList: 'finance:billReceivable:list',
} as const;

/** Bills still to be collected (应收账款): pushed to the payer and not settled yet. */
export const RECEIVABLE_STATES: BillStatus[] = ['toConfirm', 'awaitingPayment', 'receiptPending'];
/** Aging buckets of the receivables by days since the bill date. */
export const AGING_BUCKETS = ['d0_30', 'd31_60', 'd61_90', 'd90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

export type BillActor = 'payer' | 'payee' | 'platform';

const tr = (name: string, from: BillStatus[], to: BillStatus, permission: string, extra: Partial<Transition> = {}): Transition => ({
  name,
  labelKey: `finance:bills.action.${name}`,
  from,
  to,
  permission,
  refusedKey: 'finance:bills.msg.statusNotAllowed',
  ...extra,
});

const note = (field: string, column: string, labelKey: string, required: boolean) => ({ field, column, labelKey, required, maxLength: 500 });

export const BILL_TRANSITIONS: Transition[] = [
  tr('push', ['staged'], 'toConfirm', BILL_PERMISSIONS.push, { confirmKey: 'finance:bills.confirm.push' }),
  tr('restage', ['returned'], 'staged', BILL_PERMISSIONS.edit),
  tr('confirm', ['toConfirm'], 'awaitingPayment', BILL_PERMISSIONS.confirm),
  tr('giveBack', ['toConfirm'], 'returned', BILL_PERMISSIONS.giveBack, { note: note('returnReason', 'return_reason', 'finance:bills.returnReason', true) }),
  tr('pay', ['awaitingPayment'], 'receiptPending', BILL_PERMISSIONS.pay, { confirmKey: 'finance:bills.confirm.pay' }),
  tr('payOffline', ['awaitingPayment'], 'receiptPending', BILL_PERMISSIONS.pay),
  tr('confirmReceipt', ['receiptPending'], 'settled', BILL_PERMISSIONS.confirmReceipt),
  tr('requestRefund', ['settled', 'refundRejected'], 'refundRequested', BILL_PERMISSIONS.requestRefund, {
    note: note('refundReason', 'refund_reason', 'finance:bills.refundReason', true),
    // A partial refund names its amount; left empty, the whole bill is refunded.
    amount: { field: 'refundAmount', labelKey: 'finance:bills.refundAmount', scale: 2, defaultFrom: 'amount' },
  }),
  tr('approveRefund', ['refundRequested', 'refundFailed'], 'refunded', BILL_PERMISSIONS.reviewRefund, {
    note: note('refundOpinion', 'refund_opinion', 'finance:bills.refundOpinion', false),
    confirmKey: 'finance:bills.confirm.approveRefund',
  }),
  tr('rejectRefund', ['refundRequested'], 'refundRejected', BILL_PERMISSIONS.reviewRefund, {
    note: note('refundOpinion', 'refund_opinion', 'finance:bills.refundOpinion', true),
  }),
  tr('failRefund', ['refundRequested'], 'refundFailed', BILL_PERMISSIONS.reviewRefund, {
    note: note('refundOpinion', 'refund_opinion', 'finance:bills.refundOpinion', true),
  }),
];

/** Who may take each transition (besides holding its permission). */
export const BILL_ACTORS: Record<string, BillActor[]> = {
  push: ['payee', 'platform'],
  restage: ['payee', 'platform'],
  confirm: ['payer'],
  giveBack: ['payer'],
  pay: ['payer'],
  payOffline: ['payer'],
  confirmReceipt: ['payee', 'platform'],
  requestRefund: ['payer'],
  approveRefund: ['platform'],
  rejectRefund: ['platform'],
  failRefund: ['platform'],
};

/** Transitions a payer takes on the bills-payable screen. */
export const PAYER_TRANSITIONS = Object.keys(BILL_ACTORS).filter((k) => BILL_ACTORS[k].includes('payer'));

const enumField = (name: string, values: readonly string[], group: string, extra: object = {}) => ({
  name,
  labelKey: `finance:bills.${name}`,
  type: 'enum' as const,
  filter: 'eq' as const,
  form: false as const,
  import: false,
  options: values.map((v) => ({ value: v, labelKey: `finance:bills.${group}.${v}` })),
  ...extra,
});

export interface BillLineInput {
  feeItemName: string;
  rate?: string | null;
  chargingMethod?: string | null;
  standard?: string | null;
  unit?: string | null;
  quantity: string;
  amount: string;
  source: 'rule' | 'manual';
  explanation?: string | null;
}

/** One fee line: name, quantity and amount required, amount > 0 (SPEC §5 Billing). */
export function lineSchema(t: TFunction) {
  const r = rules(t);
  return z.object({
    feeItemName: r.text('finance:bills.line.feeItemName', 50),
    rate: r.decimal('finance:bills.line.rate', { scale: 6, optional: true }),
    chargingMethod: r.optionalText('finance:bills.line.chargingMethod', 20),
    standard: r.optionalText('finance:bills.line.standard', 100),
    unit: r.optionalText('finance:bills.line.unit', 20),
    quantity: r.decimal('finance:bills.line.quantity', { scale: 4 }),
    amount: r.decimal('finance:bills.line.amount', { scale: 2, positive: true }),
    source: z.preprocess((v) => (v === undefined || v === null || v === '' ? 'manual' : v), z.enum(LINE_SOURCES)),
    explanation: r.optionalText('finance:bills.line.explanation', 500),
  });
}

export function billSchema(t: TFunction) {
  const r = rules(t);
  return z.object({
    // Order number and bill amount required before saving (SPEC §5 Billing).
    orderNo: r.text('finance:bills.orderNo', 64),
    billType: r.oneOf('finance:bills.billType', BILL_TYPES),
    payerUserId: z.preprocess(
      (v) => (v === '' || v === null || v === undefined ? undefined : Number(v)),
      z.number({ error: t('core:resource.required', { field: t('finance:bills.payerUserId') }) }).int().positive(),
    ),
    payeeUserId: z.preprocess((v) => (v === '' || v === null || v === undefined ? null : Number(v)), z.number().int().positive().nullable()),
    payeeName: r.text('finance:bills.payeeName', 100),
    currency: r.oneOf('finance:bills.currency', CURRENCIES),
    billDate: r.date('finance:bills.billDate', { optional: true }),
    remark: r.optionalText('finance:bills.remark', 500),
    lines: lineList(lineSchema(t), { min: 1, message: t('finance:bills.msg.amountRequired') }),
  });
}

const baseFields: ResourceDef['fields'] = [
  { name: 'serialNo', labelKey: 'finance:bills.serialNo', type: 'string', sortable: true, filter: 'contains', form: false, list: { width: 170 } },
  { name: 'orderNo', labelKey: 'finance:bills.orderNo', type: 'string', sortable: true, filter: 'contains', maxLength: 64, list: { width: 160 } },
  { ...enumField('billType', BILL_TYPES, 'billTypes'), form: {} },
  enumField('status', BILL_STATUS, 'state', { sortable: true, list: { width: 190 } }),
  { name: 'payerUserId', labelKey: 'finance:bills.payerUserId', type: 'ref', lookup: 'finance.fundCustomers', search: true, list: false, import: false },
  { name: 'payerName', labelKey: 'finance:bills.payerName', type: 'string', filter: 'contains', form: false, list: { width: 180 } },
  { name: 'payeeUserId', labelKey: 'finance:bills.payeeUserId', type: 'ref', lookup: 'finance.fundCustomers', search: true, list: false, import: false },
  { name: 'payeeName', labelKey: 'finance:bills.payeeName', type: 'string', filter: 'contains', maxLength: 100, list: { width: 180 } },
  { name: 'amount', labelKey: 'finance:bills.amount', type: 'money', sortable: true, form: false },
  { name: 'currency', labelKey: 'finance:bills.currency', type: 'ref', lookup: 'system.refCode.CURRENCY', filter: 'eq', list: { width: 110 } },
  { name: 'billDate', labelKey: 'finance:bills.billDate', type: 'date', sortable: true, filter: 'range' },
  enumField('payFlag', PAY_FLAGS, 'payFlags'),
  enumField('receiptFlag', RECEIPT_FLAGS, 'receiptFlags'),
  enumField('pushFlag', PUSH_FLAGS, 'pushFlags'),
  enumField('verifyFlag', VERIFY_FLAGS, 'verifyFlags'),
  enumField('badDebt', BAD_DEBT_FLAGS, 'badDebtFlags', { list: { hidden: true } }),
  { name: 'paidVia', labelKey: 'finance:bills.paidVia', type: 'enum', form: false, import: false, options: ['funds', 'offline'].map((v) => ({ value: v, labelKey: `finance:bills.paidVias.${v}` })) },
  { name: 'refundAmount', labelKey: 'finance:bills.refundAmount', type: 'money', form: false, import: false, list: { hidden: true } },
  enumField('refundStatus', REFUND_STATUS, 'refundStates', { list: { hidden: true } }),
  { name: 'refundReason', labelKey: 'finance:bills.refundReason', type: 'string', form: false, import: false, list: { hidden: true } },
  { name: 'refundOpinion', labelKey: 'finance:bills.refundOpinion', type: 'string', form: false, import: false, list: { hidden: true } },
  { name: 'returnReason', labelKey: 'finance:bills.returnReason', type: 'string', form: false, import: false, list: { hidden: true } },
  { name: 'remark', labelKey: 'finance:bills.remark', type: 'text', maxLength: 500, list: { hidden: true }, form: { span: 3 } },
  { name: 'lines', column: null, records: true, labelKey: 'finance:bills.lines', type: 'string', list: false, form: false, export: false, import: false },
];

export const billDef = defineResource({
  ...financeTable('bill', 'fin_bill', 'finance:bills.title', 'expense.bill', 'serialNo'),
  permissions: crudPermissions(P),
  fields: baseFields,
  stateMachine: {
    field: 'status',
    states: BILL_STATUS.map((s) => ({ value: s, labelKey: `finance:bills.state.${s}` })),
    transitions: BILL_TRANSITIONS,
    editableIn: ['staged'],
    deletableIn: ['staged'],
    editRefusedKey: 'finance:bills.msg.onlyStagedEdit',
    deleteRefusedKey: 'finance:bills.msg.onlyStagedDelete',
  },
  schema: (t) => billSchema(t),
});

const lineField = (name: string, type: FieldType, extra: Partial<FieldDef> = {}): FieldDef => ({ name, labelKey: `finance:bills.line.${name}`, type, ...extra });

/**
 * A bill with its fee lines, edited and saved as one document: the lines in fin_bill_line by
 * position, each carrying the bill's currency; the total is the sum of the lines (decimal).
 */
export const billDocument = defineDocument({
  resource: billDef,
  testId: 'bill-form',
  defaults: () => ({ billType: 'SERVICE', currency: 'RMB', billDate: todayIso() }),
  lines: [
    {
      name: 'lines',
      labelKey: 'finance:bills.lines',
      table: 'fin_bill_line',
      foreignKey: 'bill_id',
      position: 'line_no',
      testId: 'line',
      addKey: 'finance:bills.line.add',
      initial: 1,
      fields: [
        lineField('feeItemName', 'string', { maxLength: 50, list: { width: 160 } }),
        lineField('quantity', 'money', { scale: 4, trimZeros: true }),
        lineField('unit', 'string', { maxLength: 20, list: { width: 90 } }),
        lineField('rate', 'money', { scale: 6, trimZeros: true }),
        lineField('amount', 'money', { list: { width: 130 } }),
        lineField('explanation', 'string', { maxLength: 500, list: { width: 180 } }),
        lineField('chargingMethod', 'string', { form: false }),
        lineField('standard', 'string', { form: false }),
        lineField('source', 'enum', { form: false }),
        { name: 'currency', labelKey: 'finance:bills.currency', type: 'string', form: false },
      ],
      blank: () => ({ quantity: '1', source: 'manual' }),
      values: (_line, bill) => ({ currency: bill.currency }),
    },
  ],
  computed: [{ name: 'amount', labelKey: 'finance:bills.amount', value: (v) => `${decimalSum(v.lines, 'amount')} ${String(v.currency ?? '')}` }],
});

/** The payer's view of the same bills (应付账单): only the payer's transitions, no editing. */
export const billPayableDef = defineResource({
  ...billDef,
  name: 'billPayable',
  titleKey: 'finance:bills.payableTitle',
  menu: 'traderCenter.billsPayable',
  permissions: { list: BILL_PERMISSIONS.payableList, export: BILL_PERMISSIONS.payableList },
  // The party ids stay (hidden): the server checks the actor against them.
  fields: baseFields.map((f) => (f.name === 'payerUserId' || f.name === 'payeeUserId' ? { ...f, form: false as const, export: false } : f)),
  stateMachine: { ...billDef.stateMachine!, transitions: BILL_TRANSITIONS.filter((x) => PAYER_TRANSITIONS.includes(x.name)) },
});

/**
 * Accounts receivable (应收账款, bank business center and platform): outstanding bills with their
 * age in days; the payee (or the platform) confirms receipt here.
 */
export const billReceivableDef = defineResource({
  ...billDef,
  name: 'billReceivable',
  titleKey: 'finance:bills.receivableTitle',
  menu: 'bankCenter.receivable',
  defaultSort: { field: 'billDate', dir: 'asc' },
  permissions: { list: BILL_PERMISSIONS.receivableList, export: BILL_PERMISSIONS.receivableList },
  fields: [
    ...baseFields.map((f) => (f.name === 'payerUserId' || f.name === 'payeeUserId' ? { ...f, form: false as const, export: false } : f)),
    { name: 'ageDays', column: null, labelKey: 'finance:bills.ageDays', type: 'integer', form: false, import: false, export: false, list: { width: 90 } },
  ],
  stateMachine: { ...billDef.stateMachine!, transitions: BILL_TRANSITIONS.filter((x) => x.name === 'confirmReceipt') },
});
