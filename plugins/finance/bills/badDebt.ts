// Bad debts (坏账): the platform proposes writing an unpaid bill off with a reason; a user
// holding the approval permission (not the proposer) approves or rejects it. The payer sees
// their written-off bills read-only in the trader business center.
import { z } from 'zod';
import { defineResource, rules, type ResourceDef } from '@core/shared';
import { financeTable } from '../common';

export const BAD_DEBT_STATUS = ['pending', 'approved', 'rejected'] as const;
export const BAD_DEBT_PERMISSIONS = {
  list: 'finance:badDebt:list',
  add: 'finance:badDebt:add',
  approve: 'finance:badDebt:approve',
  payerList: 'finance:payerBadDebt:list',
} as const;

const opinion = (required: boolean) => ({ field: 'reviewOpinion', column: 'review_opinion', labelKey: 'finance:bills.badDebtReview.reviewOpinion', required, maxLength: 500 });

const fields: ResourceDef['fields'] = [
  { name: 'billId', labelKey: 'finance:bills.badDebtReview.billId', type: 'ref', lookup: 'finance.unpaidBills', list: false, import: false, form: { span: 2 } },
  { name: 'billSerialNo', labelKey: 'finance:bills.serialNo', type: 'string', filter: 'contains', form: false, list: { width: 170 } },
  { name: 'payerName', labelKey: 'finance:bills.payerName', type: 'string', filter: 'contains', form: false },
  { name: 'amount', labelKey: 'finance:bills.amount', type: 'money', sortable: true, form: false },
  { name: 'currency', labelKey: 'finance:bills.currency', type: 'ref', lookup: 'system.refCode.CURRENCY', form: false },
  { name: 'reason', labelKey: 'finance:bills.badDebtReview.reason', type: 'text', maxLength: 500, form: { span: 3 } },
  {
    name: 'status',
    labelKey: 'finance:bills.badDebtReview.status',
    type: 'enum',
    filter: 'eq',
    form: false,
    import: false,
    options: BAD_DEBT_STATUS.map((s) => ({ value: s, labelKey: `finance:bills.badDebtReview.state.${s}` })),
  },
  { name: 'reviewOpinion', labelKey: 'finance:bills.badDebtReview.reviewOpinion', type: 'string', form: false, import: false },
  { name: 'reviewedAt', labelKey: 'finance:bills.badDebtReview.reviewedAt', type: 'datetime', form: false, import: false, sortable: true },
];

export const badDebtDef = defineResource({
  ...financeTable('badDebt', 'fin_bad_debt', 'finance:bills.menu.badDebt', 'expense.badDebt', 'billSerialNo'),
  permissions: { list: BAD_DEBT_PERMISSIONS.list, create: BAD_DEBT_PERMISSIONS.add, export: BAD_DEBT_PERMISSIONS.list },
  fields,
  stateMachine: {
    field: 'status',
    states: BAD_DEBT_STATUS.map((s) => ({ value: s, labelKey: `finance:bills.badDebtReview.state.${s}` })),
    transitions: [
      { name: 'approve', labelKey: 'finance:bills.badDebtReview.approve', from: ['pending'], to: 'approved', permission: BAD_DEBT_PERMISSIONS.approve, refusedKey: 'finance:bills.msg.statusNotAllowed', note: opinion(false) },
      { name: 'reject', labelKey: 'finance:bills.badDebtReview.reject', from: ['pending'], to: 'rejected', permission: BAD_DEBT_PERMISSIONS.approve, refusedKey: 'finance:bills.msg.statusNotAllowed', note: opinion(true) },
    ],
    editableIn: [],
    deletableIn: [],
  },
  schema: (t) => {
    const r = rules(t);
    return z.object({
      billId: z.preprocess(
        (v) => (v === '' || v === null || v === undefined ? undefined : Number(v)),
        z.number({ error: t('core:resource.required', { field: t('finance:bills.badDebtReview.billId') }) }).int().positive(),
      ),
      reason: r.text('finance:bills.badDebtReview.reason', 500),
    });
  },
});

/** The payer's written-off bills (坏账), read-only. */
export const payerBadDebtDef = defineResource({
  ...badDebtDef,
  name: 'payerBadDebt',
  titleKey: 'finance:bills.menu.payerBadDebt',
  menu: 'traderCenter.badDebt',
  permissions: { list: BAD_DEBT_PERMISSIONS.payerList, export: BAD_DEBT_PERMISSIONS.payerList },
  fields: fields.filter((f) => f.name !== 'billId' && f.name !== 'status'),
  stateMachine: undefined,
});
