// Price adjustments (adjustmentManage): a new price for one contract line from a date, with the
// reason, submitted for review; a reviewer (never the submitter) approves it or rejects it with
// a note. Only approved adjustments change the price in force (priceInForce).
import { z } from 'zod';
import { defineResource, rules, type Transition } from '@core/shared';
import { portOpsTable } from '../common';
import { ADJUSTMENT_PERMISSIONS, K, MENU, crudOf, f } from './common';
import { priceUnitOptions } from './contract';

export const ADJUSTMENT_STATES = ['submitted', 'approved', 'rejected'] as const;

const a = (k: string) => f('adjustment', k);
const states = ADJUSTMENT_STATES.map((s) => ({
  value: s,
  labelKey: `${K}.adjustment.state.${s}`,
}));
const review = (name: string, to: string, required: boolean): Transition => ({
  name,
  labelKey: `${K}.adjustment.action.${name}`,
  from: ['submitted'],
  to,
  permission: ADJUSTMENT_PERMISSIONS.review,
  refusedKey: `${K}.adjustment.msg.notSubmitted`,
  note: {
    field: 'reviewNote',
    column: 'review_note',
    labelKey: a('reviewNote'),
    required,
    maxLength: 500,
  },
});

export const adjustmentDef = defineResource({
  ...portOpsTable('adjustment', 'ops_price_adjustment', `${K}.adjustment.title`, MENU.adjustment, 'contractNo'),
  permissions: crudOf(ADJUSTMENT_PERMISSIONS),
  detail: true,
  stateTabs: true,
  fields: [
    {
      name: 'contractLineId',
      labelKey: a('contractLine'),
      type: 'ref',
      lookup: 'portops.contractLines',
      valueType: 'integer',
      list: false,
      form: { span: 3, readOnlyOnEdit: true },
    },
    {
      name: 'contractNo',
      column: null,
      labelKey: a('contractNo'),
      type: 'string',
      form: false,
      import: false,
      list: { width: 160 },
    },
    {
      name: 'customerName',
      column: null,
      labelKey: a('customer'),
      type: 'string',
      form: false,
      import: false,
      list: { width: 200 },
    },
    {
      name: 'lineName',
      column: null,
      labelKey: a('line'),
      type: 'string',
      form: false,
      import: false,
      list: { width: 180 },
    },
    {
      name: 'oldPrice',
      labelKey: a('oldPrice'),
      type: 'money',
      form: false,
      import: false,
    },
    { name: 'newPrice', labelKey: a('newPrice'), type: 'money' },
    {
      name: 'priceUnit',
      labelKey: a('priceUnit'),
      type: 'enum',
      options: priceUnitOptions,
      form: false,
      import: false,
    },
    {
      name: 'effectiveFrom',
      labelKey: a('effectiveFrom'),
      type: 'date',
      sortable: true,
      filter: 'range',
    },
    {
      name: 'reason',
      labelKey: a('reason'),
      type: 'text',
      maxLength: 500,
      form: { span: 3 },
      list: { width: 200 },
    },
    {
      name: 'status',
      labelKey: a('status'),
      type: 'enum',
      filter: 'eq',
      form: false,
      import: false,
      options: states,
    },
    {
      name: 'reviewNote',
      labelKey: a('reviewNote'),
      type: 'string',
      form: false,
      import: false,
      list: { hidden: true },
    },
    {
      name: 'reviewedAt',
      labelKey: a('reviewedAt'),
      type: 'datetime',
      list: { hidden: true },
    },
    {
      name: 'createdAt',
      labelKey: a('createdAt'),
      type: 'datetime',
      sortable: true,
      list: { hidden: true },
    },
  ],
  stateMachine: {
    field: 'status',
    states,
    transitions: [review('approve', 'approved', false), review('reject', 'rejected', true)],
    editableIn: ['submitted'],
    deletableIn: ['submitted'],
    editRefusedKey: `${K}.adjustment.msg.notSubmitted`,
    deleteRefusedKey: `${K}.adjustment.msg.notSubmitted`,
  },
  schema: (t) => {
    const r = rules(t);
    return z.object({
      contractLineId: z.preprocess(
        (v) => (v === '' || v === null || v === undefined ? undefined : Number(v)),
        z
          .number({
            error: t('core:resource.required', { field: t(a('contractLine')) }),
          })
          .int()
          .positive(),
      ),
      newPrice: r.decimal(a('newPrice'), { scale: 2, positive: true }),
      effectiveFrom: r.date(a('effectiveFrom')),
      reason: r.text(a('reason'), 500),
    });
  },
});
