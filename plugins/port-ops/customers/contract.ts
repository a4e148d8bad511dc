// Transport contracts (ZhddJcsj): a customer's contract with the dispatch centre, valid from/to,
// the lines it covers with a price per line (per tonne, per trip or per container), payment
// terms and the signed file. Normal contracts expire by the daily job; an operator marks one
// abnormal with the reason (and restores it).
import { z } from 'zod';
import { defineDocument, defineResource, lineList, rules, type Transition, type UploadType } from '@core/shared';
import { portOpsTable } from '../common';
import { CONTRACT_PERMISSIONS, K, MENU, crudOf, f } from './common';
import { CURRENCIES } from './fee';

export const CONTRACT_STATES = ['normal', 'expired', 'abnormal'] as const;
export const PRICE_UNITS = ['tonne', 'trip', 'container'] as const;
export const CONTRACT_FILE_TYPES: readonly UploadType[] = ['pdf', 'jpg', 'png'];
/** The contracting party on the dispatch centre's side, unless the operator writes another. */
export const DISPATCH_CENTRE = '瑞丽中缅口岸物流调度中心';

const c = (k: string) => f('contract', k);
const states = CONTRACT_STATES.map((s) => ({
  value: s,
  labelKey: `${K}.contract.state.${s}`,
}));
export const priceUnitOptions = PRICE_UNITS.map((u) => ({
  value: u,
  labelKey: `${K}.unit.${u}`,
}));

const tr = (name: string, from: string, to: string, permission: string, extra: Partial<Transition> = {}): Transition => ({
  name,
  labelKey: `${K}.contract.action.${name}`,
  from: [from],
  to,
  permission,
  refusedKey: `${K}.contract.msg.${name}Refused`,
  ...extra,
});

export const contractDef = defineResource({
  ...portOpsTable('contract', 'ops_contract', `${K}.contract.title`, MENU.contract, 'contractNo'),
  permissions: crudOf(CONTRACT_PERMISSIONS),
  uploads: { types: CONTRACT_FILE_TYPES, maxMb: 20 },
  detail: true,
  stateTabs: true,
  fields: [
    {
      name: 'contractNo',
      labelKey: c('contractNo'),
      type: 'string',
      filter: 'contains',
      sortable: true,
      form: false,
      import: false,
      list: { width: 170 },
    },
    {
      name: 'customerId',
      labelKey: c('customer'),
      type: 'ref',
      lookup: 'portops.customers',
      valueType: 'integer',
      filter: 'eq',
      list: { width: 220 },
    },
    {
      name: 'carrierName',
      labelKey: c('carrier'),
      type: 'string',
      maxLength: 100,
      list: { hidden: true },
    },
    {
      name: 'validFrom',
      labelKey: c('validFrom'),
      type: 'date',
      sortable: true,
    },
    {
      name: 'validTo',
      labelKey: c('validTo'),
      type: 'date',
      sortable: true,
      filter: 'range',
    },
    {
      name: 'currency',
      labelKey: c('currency'),
      type: 'enum',
      options: CURRENCIES.map((v) => ({
        value: v,
        labelKey: `${K}.currency.${v}`,
      })),
    },
    {
      name: 'paymentTerms',
      labelKey: c('paymentTerms'),
      type: 'text',
      maxLength: 500,
      list: { hidden: true },
      form: { span: 3 },
    },
    {
      name: 'status',
      labelKey: c('status'),
      type: 'enum',
      filter: 'eq',
      form: false,
      import: false,
      options: states,
    },
    {
      name: 'abnormalReason',
      labelKey: c('abnormalReason'),
      type: 'string',
      form: false,
      import: false,
      list: { hidden: true },
    },
    {
      name: 'attachmentFileId',
      labelKey: c('attachment'),
      type: 'integer',
      form: false,
      export: false,
      import: false,
    },
    {
      name: 'lines',
      column: null,
      records: true,
      labelKey: c('lines'),
      type: 'string',
      list: false,
      form: false,
      export: false,
      import: false,
    },
  ],
  stateMachine: {
    field: 'status',
    states,
    transitions: [
      tr('markAbnormal', 'normal', 'abnormal', CONTRACT_PERMISSIONS.abnormal, {
        note: {
          field: 'abnormalReason',
          column: 'abnormal_reason',
          labelKey: c('abnormalReason'),
          required: true,
          maxLength: 500,
        },
      }),
      tr('restore', 'abnormal', 'normal', CONTRACT_PERMISSIONS.restore),
    ],
    editableIn: ['normal', 'abnormal'],
    deletableIn: ['normal', 'abnormal'],
    editRefusedKey: `${K}.contract.msg.notEditable`,
    deleteRefusedKey: `${K}.contract.msg.notEditable`,
  },
  schema: (t) => {
    const r = rules(t);
    const line = z.object({
      lineId: z.preprocess(
        (v) => (v === '' || v === null || v === undefined ? undefined : Number(v)),
        z
          .number({
            error: t('core:resource.required', { field: t(c('line')) }),
          })
          .int()
          .positive(),
      ),
      priceUnit: r.oneOf(c('priceUnit'), PRICE_UNITS),
      price: r.decimal(c('price'), { scale: 2, positive: true }),
    });
    return z
      .object({
        customerId: z.preprocess(
          (v) => (v === '' || v === null || v === undefined ? undefined : Number(v)),
          z
            .number({
              error: t('core:resource.required', { field: t(c('customer')) }),
            })
            .int()
            .positive(),
        ),
        carrierName: r.text(c('carrier'), 100),
        validFrom: r.date(c('validFrom')),
        validTo: r.date(c('validTo')),
        currency: r.oneOf(c('currency'), CURRENCIES),
        paymentTerms: r.optionalText(c('paymentTerms'), 500),
        attachmentFileId: r.optionalId(),
        lines: lineList(line, {
          min: 1,
          message: t(`${K}.contract.msg.needsLine`),
        }),
      })
      .superRefine((v, ctx) => {
        if (v.validFrom && v.validTo && v.validTo < v.validFrom)
          ctx.addIssue({
            code: 'custom',
            path: ['validTo'],
            message: t(`${K}.msg.toBeforeFrom`),
          });
        const seen = new Set<number>();
        v.lines.forEach((l, i) => {
          if (seen.has(l.lineId))
            ctx.addIssue({
              code: 'custom',
              path: ['lines', i, 'lineId'],
              message: t(`${K}.contract.msg.lineTwice`),
            });
          seen.add(l.lineId);
        });
      });
  },
});

export const contractDocument = defineDocument({
  resource: contractDef,
  testId: 'contract-form',
  extra: ['attachmentFileId'],
  sections: [{ fields: '*' }, { custom: 'attachment' }, { lines: ['lines'] }],
  defaults: () => ({ carrierName: DISPATCH_CENTRE, currency: 'CNY' }),
  lines: [
    {
      name: 'lines',
      labelKey: c('lines'),
      table: 'ops_contract_line',
      foreignKey: 'contract_id',
      position: 'seq',
      key: ['lineId'],
      initial: 1,
      testId: 'cline',
      fields: [
        {
          name: 'lineId',
          column: 'line_id',
          labelKey: c('line'),
          type: 'ref',
          lookup: 'portops.lines',
          valueType: 'integer',
        },
        {
          name: 'priceUnit',
          column: 'price_unit',
          labelKey: c('priceUnit'),
          type: 'enum',
          options: priceUnitOptions,
        },
        { name: 'price', labelKey: c('price'), type: 'money' },
      ],
      blank: () => ({ priceUnit: 'tonne' }),
    },
  ],
});
