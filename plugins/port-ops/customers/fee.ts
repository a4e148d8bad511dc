// Fee and rate items of the dispatch business (freight, loading, waiting, tolls …) with their
// rate, unit and currency. The rate is kept on the item: the finance plugin exposes no service
// that computes a named charging rule (only bill lines for a customs service order).
import { z } from 'zod';
import { defineResource, rules, type Transition } from '@core/shared';
import { portOpsTable } from '../common';
import { FEE_PERMISSIONS, K, MENU, crudOf, f } from './common';

export const FEE_KINDS = ['freight', 'loading', 'waiting', 'tolls', 'other'] as const;
export const FEE_UNITS = ['tonne', 'trip', 'container', 'hour', 'day', 'km'] as const;
export const CURRENCIES = ['CNY', 'MMK', 'USD'] as const;
export const FEE_STATES = ['enabled', 'disabled'] as const;

const x = (k: string) => f('fee', k);
const opts = (values: readonly string[], prefix: string) => values.map((v) => ({ value: v, labelKey: `${K}.${prefix}.${v}` }));
const tr = (name: string, from: string, to: string, permission: string): Transition => ({
  name,
  labelKey: `${K}.fee.action.${name}`,
  from: [from],
  to,
  permission,
  refusedKey: `${K}.fee.msg.${name}Refused`,
});

export const feeDef = defineResource({
  ...portOpsTable('fee', 'ops_fee_item', `${K}.fee.title`, MENU.fee, 'name'),
  permissions: crudOf(FEE_PERMISSIONS),
  unique: [['code']],
  fields: [
    {
      name: 'code',
      labelKey: x('code'),
      type: 'string',
      maxLength: 20,
      filter: 'contains',
      sortable: true,
      form: { readOnlyOnEdit: true },
    },
    {
      name: 'name',
      labelKey: x('name'),
      type: 'string',
      maxLength: 50,
      filter: 'contains',
      list: { width: 180 },
    },
    {
      name: 'kind',
      labelKey: x('kind'),
      type: 'enum',
      filter: 'eq',
      options: opts(FEE_KINDS, 'fee.kind'),
    },
    {
      name: 'unit',
      labelKey: x('unit'),
      type: 'enum',
      options: opts(FEE_UNITS, 'unit'),
    },
    {
      name: 'rate',
      labelKey: x('rate'),
      type: 'money',
      scale: 4,
      trimZeros: true,
    },
    {
      name: 'currency',
      labelKey: x('currency'),
      type: 'enum',
      filter: 'eq',
      options: opts(CURRENCIES, 'currency'),
    },
    {
      name: 'status',
      labelKey: x('status'),
      type: 'enum',
      filter: 'eq',
      form: false,
      import: false,
      options: opts(FEE_STATES, 'fee.state'),
    },
    {
      name: 'remark',
      labelKey: x('remark'),
      type: 'string',
      maxLength: 200,
      list: { hidden: true },
      form: { span: 3 },
    },
  ],
  stateMachine: {
    field: 'status',
    states: opts(FEE_STATES, 'fee.state'),
    transitions: [tr('disable', 'enabled', 'disabled', FEE_PERMISSIONS.disable), tr('enable', 'disabled', 'enabled', FEE_PERMISSIONS.enable)],
  },
  schema: (t) => {
    const r = rules(t);
    return z.object({
      code: r.pattern(x('code'), /^[A-Za-z0-9_-]{1,20}$/),
      name: r.text(x('name'), 50),
      kind: r.oneOf(x('kind'), FEE_KINDS),
      unit: r.oneOf(x('unit'), FEE_UNITS),
      rate: r.decimal(x('rate'), { scale: 4, positive: true }),
      currency: r.oneOf(x('currency'), CURRENCIES),
      remark: r.optionalText(x('remark'), 200),
    });
  },
});
