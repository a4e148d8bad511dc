// The dispatch centre's customers (shippers and consignees): identity with the unified credit
// code, the address from the region base data, contacts as lines, settlement terms and credit
// limit, the customer's login account; disabling and enabling are transitions.
import { z } from 'zod';
import { defineDocument, defineResource, isCreditCode, isPhone, lineList, rules, type Transition } from '@core/shared';
import { portOpsTable } from '../common';
import { CUSTOMER_PERMISSIONS, K, MENU, crudOf, f } from './common';

export const CUSTOMER_KINDS = ['shipper', 'consignee', 'both'] as const;
export const SETTLEMENT_METHODS = ['monthly', 'perTrip', 'prepaid'] as const;
export const CUSTOMER_STATES = ['normal', 'disabled'] as const;

const c = (k: string) => f('customer', k);
const opts = (values: readonly string[], prefix: string) => values.map((v) => ({ value: v, labelKey: `${K}.${prefix}.${v}` }));
const hidden = { hidden: true } as const;

const tr = (name: string, from: string, to: string, permission: string): Transition => ({
  name,
  labelKey: `${K}.customer.action.${name}`,
  from: [from],
  to,
  permission,
  refusedKey: `${K}.customer.msg.${name}Refused`,
});

const upper = (v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() : v);

export const customerDef = defineResource({
  ...portOpsTable('customer', 'ops_customer', `${K}.customer.title`, MENU.customer, 'name'),
  permissions: crudOf(CUSTOMER_PERMISSIONS),
  unique: [['name'], { fields: ['creditCode'], messageKey: `${K}.customer.msg.creditCodeTaken` }],
  detail: true,
  fields: [
    {
      name: 'name',
      labelKey: c('name'),
      type: 'string',
      maxLength: 100,
      filter: 'contains',
      sortable: true,
      list: { width: 220 },
      form: { span: 2 },
    },
    {
      name: 'kind',
      labelKey: c('kind'),
      type: 'enum',
      filter: 'eq',
      options: opts(CUSTOMER_KINDS, 'kind'),
    },
    {
      name: 'creditCode',
      labelKey: c('creditCode'),
      type: 'string',
      maxLength: 18,
      filter: 'contains',
      list: { width: 190 },
    },
    {
      name: 'provinceCode',
      labelKey: c('province'),
      type: 'ref',
      lookup: 'system.provinces',
      typeahead: true,
      list: hidden,
    },
    {
      name: 'cityCode',
      labelKey: c('city'),
      type: 'ref',
      lookup: 'system.cities',
      typeahead: true,
      lookupParent: 'provinceCode',
      filter: 'eq',
    },
    {
      name: 'countyCode',
      labelKey: c('county'),
      type: 'ref',
      lookup: 'system.counties',
      typeahead: true,
      lookupParent: 'cityCode',
      list: hidden,
    },
    {
      name: 'address',
      labelKey: c('address'),
      type: 'string',
      maxLength: 200,
      list: hidden,
      form: { span: 3 },
    },
    {
      name: 'settlementMethod',
      labelKey: c('settlementMethod'),
      type: 'enum',
      filter: 'eq',
      options: opts(SETTLEMENT_METHODS, 'settlement'),
    },
    {
      name: 'creditLimit',
      labelKey: c('creditLimit'),
      type: 'money',
      sortable: true,
    },
    {
      name: 'userId',
      labelKey: c('login'),
      type: 'ref',
      lookup: 'portops.customerLogins',
      valueType: 'integer',
      list: { width: 150 },
    },
    {
      name: 'status',
      labelKey: c('status'),
      type: 'enum',
      filter: 'eq',
      form: false,
      import: false,
      options: opts(CUSTOMER_STATES, 'customer.state'),
    },
    {
      name: 'contacts',
      column: null,
      records: true,
      labelKey: c('contacts'),
      type: 'string',
      list: false,
      form: false,
      export: false,
      import: false,
    },
    {
      name: 'createdAt',
      labelKey: c('createdAt'),
      type: 'datetime',
      sortable: true,
      list: hidden,
    },
  ],
  stateMachine: {
    field: 'status',
    states: opts(CUSTOMER_STATES, 'customer.state'),
    transitions: [tr('disable', 'normal', 'disabled', CUSTOMER_PERMISSIONS.disable), tr('enable', 'disabled', 'normal', CUSTOMER_PERMISSIONS.enable)],
  },
  schema: (t) => {
    const r = rules(t);
    const required = (key: string) => t('core:resource.required', { field: t(key) });
    const contact = z.object({
      name: r.text(c('contactName'), 50),
      phone: z
        .string({ error: required(c('contactPhone')) })
        .trim()
        .min(1, required(c('contactPhone')))
        .refine(isPhone, t(`${K}.customer.msg.phoneInvalid`)),
    });
    return z.object({
      name: r.text(c('name'), 100),
      kind: r.oneOf(c('kind'), CUSTOMER_KINDS),
      // Myanmar companies have none; a code given must pass the GB 32100 check character.
      creditCode: z.preprocess(
        (v) => (typeof v === 'string' && v.trim() === '' ? null : upper(v ?? null)),
        z
          .string()
          .refine(isCreditCode, t(`${K}.customer.msg.creditCodeInvalid`))
          .nullable(),
      ),
      provinceCode: r.pattern(c('province'), /^\d{6}$/, { optional: true }),
      cityCode: r.pattern(c('city'), /^\d{6}$/, { optional: true }),
      countyCode: r.pattern(c('county'), /^\d{6}$/, { optional: true }),
      address: r.optionalText(c('address'), 200),
      settlementMethod: r.oneOf(c('settlementMethod'), SETTLEMENT_METHODS),
      creditLimit: r.decimal(c('creditLimit'), { scale: 2 }),
      userId: r.optionalId(),
      contacts: lineList(contact, {
        min: 1,
        message: t(`${K}.customer.msg.needsContact`),
      }),
    });
  },
});

export const customerDocument = defineDocument({
  resource: customerDef,
  testId: 'customer-form',
  defaults: () => ({ creditLimit: '0.00' }),
  lines: [
    {
      name: 'contacts',
      labelKey: c('contacts'),
      table: 'ops_customer_contact',
      foreignKey: 'customer_id',
      position: 'seq',
      initial: 1,
      testId: 'contact',
      fields: [
        {
          name: 'name',
          labelKey: c('contactName'),
          type: 'string',
          maxLength: 50,
        },
        {
          name: 'phone',
          labelKey: c('contactPhone'),
          type: 'string',
          maxLength: 20,
        },
      ],
    },
  ],
});
