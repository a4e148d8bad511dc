// Advance-payment funds (SPEC /price, DOMAIN "Advance-payment funds"): each customer's
// prepaid money is a sub-account under the platform's main account, one per login account and
// currency; every movement is a row of the fund sub-ledger. Isomorphic declarations: the
// screens render from them, funds.server.ts adds the rules.
import { z } from 'zod';
import { defineResource, rules, type EnumOption } from '@core/shared';
import { financeTable } from '../common';

/** Transaction types of the bank's sub-account ledger, plus the platform's own two. */
export const TX_TYPES = [
  'ordinaryTransfer',
  'fundInit',
  'interestDistribution',
  'feeDistribution',
  'forcedTransfer',
  'adjustment',
  'sharedAccountTransfer',
  'ordinaryExternal',
  'billPayment',
  'refund',
] as const;
export type TxType = (typeof TX_TYPES)[number];
export const DIRECTIONS = ['D', 'C'] as const;
export const SUB_ACCOUNT_STATUS = ['normal', 'frozen'] as const;

const P = 'finance:';
export const FUNDS_PERMISSIONS = {
  ledgerList: `${P}dlStrNdt:list`,
  initAccount: `${P}dlStrNdt:init`,
  editThreshold: `${P}dlStrNdt:threshold`,
  receiptList: `${P}payStatement:list`,
  receiptAdd: `${P}payStatement:add`,
} as const;

export const MENU_GROUP = 'price';
export const MENU_LEDGER = 'price.dlStrNdt';
export const MENU_RECEIPTS = 'price.payStatement';

const L = 'finance:funds';
const opts = (values: readonly string[], prefix: string): EnumOption[] => values.map((v) => ({ value: v, labelKey: `${L}.${prefix}.${v}` }));

export const subAccountDef = defineResource({
  ...financeTable('subAccount', 'fin_sub_account', `${L}.subAccount.title`, MENU_LEDGER, 'subAccNo'),
  unique: [{ fields: ['userId', 'currency'], messageKey: 'finance:funds.msg.accountExists' }],
  permissions: { list: FUNDS_PERMISSIONS.ledgerList, create: FUNDS_PERMISSIONS.initAccount, update: FUNDS_PERMISSIONS.editThreshold, export: FUNDS_PERMISSIONS.ledgerList },
  fields: [
    { name: 'subAccNo', labelKey: `${L}.subAccNo`, type: 'string', filter: 'contains', sortable: true, form: false, list: { width: 150 } },
    { name: 'customerName', labelKey: `${L}.customerName`, type: 'string', filter: 'contains', form: false, list: { width: 200 } },
    { name: 'userId', labelKey: `${L}.customer`, type: 'ref', lookup: 'finance.fundCustomers', list: false, form: { createOnly: true } },
    { name: 'currency', labelKey: `${L}.currency`, type: 'ref', lookup: 'system.refCode.CURRENCY', filter: 'eq', form: { createOnly: true } },
    { name: 'available', labelKey: `${L}.available`, type: 'money', sortable: true, form: false },
    { name: 'actual', labelKey: `${L}.actual`, type: 'money', form: false },
    { name: 'frozen', labelKey: `${L}.frozen`, type: 'money', form: false },
    { name: 'initialAmount', column: null, labelKey: `${L}.initialAmount`, type: 'money', list: false, form: { createOnly: true } },
    { name: 'reminderThreshold', labelKey: `${L}.reminderThreshold`, type: 'money' },
    { name: 'overdraftLimit', labelKey: `${L}.overdraftLimit`, type: 'money', form: false, list: { hidden: true } },
    { name: 'status', labelKey: `${L}.status`, type: 'enum', filter: 'eq', form: false, options: opts(SUB_ACCOUNT_STATUS, 'accountStatus') },
  ],
  schema: (t, mode) => {
    const r = rules(t);
    const threshold = r.decimal(`${L}.reminderThreshold`, { scale: 2 });
    if (mode === 'update') return z.object({ reminderThreshold: threshold });
    return z.object({
      userId: z.preprocess(
        (v) => (v === '' || v === null || v === undefined ? undefined : Number(v)),
        z.number({ error: t('core:resource.required', { field: t(`${L}.customer`) }) }).int().positive(t('core:resource.required', { field: t(`${L}.customer`) })),
      ),
      currency: r.pattern(`${L}.currency`, /^[A-Z]{3}$/),
      initialAmount: r.decimal(`${L}.initialAmount`, { scale: 2, optional: true }),
      reminderThreshold: threshold,
    });
  },
});

/** Ledger columns shared by the sub-ledger and the advance-receipt list. */
const ledgerFields = [
  { name: 'txTime', labelKey: `${L}.txTime`, type: 'datetime', sortable: true, filter: 'range', list: { width: 170 } },
  { name: 'subAccNo', column: 'fin_sub_account.sub_acc_no', labelKey: `${L}.subAccNo`, type: 'string', filter: 'contains', form: false, list: { width: 140 } },
  { name: 'customerName', column: 'fin_sub_account.customer_name', labelKey: `${L}.customerName`, type: 'string', filter: 'contains', form: false, list: { width: 180 } },
  { name: 'txType', labelKey: `${L}.txType`, type: 'enum', filter: 'eq', form: false, options: opts(TX_TYPES, 'txTypes') },
  { name: 'hostFlowNo', labelKey: `${L}.hostFlowNo`, type: 'string', filter: 'contains', maxLength: 64, list: { width: 200 } },
  { name: 'direction', labelKey: `${L}.direction`, type: 'enum', filter: 'eq', form: false, options: opts(DIRECTIONS, 'directions') },
  { name: 'amount', labelKey: `${L}.amount`, type: 'money', sortable: true },
  { name: 'balanceAfter', labelKey: `${L}.balanceAfter`, type: 'money', form: false },
  { name: 'currency', labelKey: `${L}.currency`, type: 'ref', lookup: 'system.refCode.CURRENCY', filter: 'eq', list: { width: 110 } },
  { name: 'counterpartyAccount', labelKey: `${L}.counterpartyAccount`, type: 'string', maxLength: 40 },
  { name: 'counterpartyName', labelKey: `${L}.counterpartyName`, type: 'string', maxLength: 100 },
  { name: 'counterpartyBank', labelKey: `${L}.counterpartyBank`, type: 'string', maxLength: 100 },
  { name: 'fee', labelKey: `${L}.fee`, type: 'money', form: false, list: { hidden: true } },
  { name: 'reference', labelKey: `${L}.reference`, type: 'string', filter: 'contains', form: false },
  { name: 'memo', labelKey: `${L}.memo`, type: 'text', maxLength: 200, form: { span: 3 } },
] as const satisfies Parameters<typeof defineResource>[0]['fields'];

/** The ledger and the advance receipts are two views of one append-only table. */
const LEDGER_VIEW = { plugin: 'finance', table: 'fin_fund_ledger', labelField: 'hostFlowNo', defaultSort: { field: 'id', dir: 'desc' }, versioned: false, stamped: false } as const;

export const fundLedgerDef = defineResource({
  ...LEDGER_VIEW,
  name: 'fundLedger',
  titleKey: `${L}.ledger.title`,
  menu: MENU_LEDGER,
  permissions: { list: FUNDS_PERMISSIONS.ledgerList, export: FUNDS_PERMISSIONS.ledgerList },
  fields: [...ledgerFields],
  schema: () => z.object({}),
});

/** Advance receipts (预付款到账): ordinary external transfers credited to a sub-account. */
export const advanceReceiptDef = defineResource({
  ...LEDGER_VIEW,
  name: 'advanceReceipt',
  titleKey: `${L}.receipt.title`,
  menu: MENU_RECEIPTS,
  permissions: { list: FUNDS_PERMISSIONS.receiptList, create: FUNDS_PERMISSIONS.receiptAdd, export: FUNDS_PERMISSIONS.receiptList },
  fields: [
    { name: 'userId', column: 'fin_sub_account.user_id', labelKey: `${L}.customer`, type: 'ref', lookup: 'finance.fundCustomers', list: false },
    ...ledgerFields.filter((f) => f.name !== 'txType' && f.name !== 'direction' && f.name !== 'reference'),
  ],
  schema: (t) => {
    const r = rules(t);
    return z.object({
      userId: z.preprocess(
        (v) => (v === '' || v === null || v === undefined ? undefined : Number(v)),
        z.number({ error: t('core:resource.required', { field: t(`${L}.customer`) }) }).int().positive(t('core:resource.required', { field: t(`${L}.customer`) })),
      ),
      currency: r.pattern(`${L}.currency`, /^[A-Z]{3}$/),
      amount: r.decimal(`${L}.amount`, { scale: 2, positive: true }),
      counterpartyAccount: r.pattern(`${L}.counterpartyAccount`, /^[0-9A-Za-z-]{4,40}$/),
      counterpartyName: r.text(`${L}.counterpartyName`, 100),
      counterpartyBank: r.text(`${L}.counterpartyBank`, 100),
      hostFlowNo: r.pattern(`${L}.hostFlowNo`, /^[0-9A-Za-z-]{4,64}$/, { optional: true }),
      memo: r.optionalText(`${L}.memo`, 200),
    });
  },
});

/** One row of the fund-reminder list (SPEC §3 "Fund row"); a type, so it is a plain record for the badge list. */
export type FundRow = {
  customerName: string;
  subAccNo: string;
  remainingMoney: string;
};
