// Fee and rate items of the dispatch business (freight, loading, waiting, tolls …) with their
// own rate, unit and currency, and optionally a finance charging rule: where the finance plugin
// is installed (service `charging.rules`) the rule prices the item (fee.server.ts feeAmount).
import { z } from 'zod';
import { CHARGE_BASES, CHARGING_RULES, defineResource, rules, type RuleCharge, type Transition } from '@core/shared';
import { portOpsTable } from '../common';
import { FEE_PERMISSIONS, K, MENU, crudOf, f } from './common';

export const FEE_KINDS = ['freight', 'loading', 'waiting', 'tolls', 'other'] as const;
/** What an item is counted in: the fact of a dispatch its quantity is (core's charge bases). */
export const FEE_UNITS = CHARGE_BASES;
export const CURRENCIES = ['CNY', 'MMK', 'USD'] as const;
export const FEE_STATES = ['enabled', 'disabled'] as const;

/** Why an item's rule did not price it (the item's own rate did). */
export type OwnRateReason = 'noRule' | 'noFinance' | 'ruleMissing' | 'ruleNotInForce';

/** A fee item's amount for a dispatch's facts, and its basis: finance's rule, or the item's own rate (and why). */
export type FeeAmount = { feeItemId: number; amount: string; currency: string | null; quantity: string; explanation: string } & (
  | { basis: 'rule'; rule: RuleCharge }
  | { basis: 'own'; rate: string; unit: string; reason: OwnRateReason }
);


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
      // Finance's picker: none where finance is absent (the screen then leaves the field out).
      name: 'chargingRuleId',
      labelKey: x('chargingRule'),
      type: 'ref',
      lookup: 'finance.chargingRules',
      valueType: 'integer',
      service: CHARGING_RULES,
      list: { width: 160 },
      import: false,
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
      chargingRuleId: r.optionalId(),
      remark: r.optionalText(x('remark'), 200),
    });
  },
});
