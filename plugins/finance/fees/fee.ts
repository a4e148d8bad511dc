// Fee items and rates (SPEC §3 "Fee item / rate", §5 "Fee rate name 1-50 characters.
// Standard numeric."), charging rules with tiers, and operation records (what a customer was
// charged for: tonnes stored, days, trucks weighed) that the periodic billing job bills.
import { z } from 'zod';
import { crudPermissions, defineDocument, defineResource, rules, todayIso } from '@core/shared';
import { BILLING_METHODS } from './engine';
import { financeTable } from '../common';

export const BILLING_OBJECTS = ['cargo', 'vehicle', 'container', 'declaration', 'serviceOrder'] as const;
/** SPEC §9 settlement methods: per ticket, cash, monthly, yearly, daily. */
export const SETTLEMENT_METHODS = ['ticket', 'cash', 'monthly', 'yearly', 'daily'] as const;
export const TIME_UNITS = ['day'] as const;

export const MENU = { group: 'expense', feeItem: 'expense.feeItem', chargingRule: 'expense.chargingRule', operationRecord: 'expense.operationRecord' } as const;

export const FEE_PERMISSIONS = {
  feeItemList: 'finance:feeItem:list',
  feeItemAdd: 'finance:feeItem:add',
  feeItemEdit: 'finance:feeItem:edit',
  feeItemRemove: 'finance:feeItem:remove',
  ruleList: 'finance:chargingRule:list',
  ruleAdd: 'finance:chargingRule:add',
  ruleEdit: 'finance:chargingRule:edit',
  ruleRemove: 'finance:chargingRule:remove',
  ruleTrial: 'finance:chargingRule:trial',
  recordList: 'finance:operationRecord:list',
  recordAdd: 'finance:operationRecord:add',
  recordEdit: 'finance:operationRecord:edit',
  recordRemove: 'finance:operationRecord:remove',
} as const;

const L = 'finance:fees';
const enumOf = (values: readonly string[], group: string) => values.map((v) => ({ value: v, labelKey: `${L}.${group}.${v}` }));
const stampFields = [
  { name: 'createdByName', column: null, labelKey: `${L}.createdBy`, type: 'string' as const, form: false as const, import: false, export: true },
  { name: 'createdAt', column: 'created_at', labelKey: `${L}.createdAt`, type: 'datetime' as const, form: false as const, import: false, sortable: true },
  { name: 'updatedByName', column: null, labelKey: `${L}.updatedBy`, type: 'string' as const, form: false as const, import: false, export: true, list: { hidden: true } },
  { name: 'updatedAt', column: 'updated_at', labelKey: `${L}.updatedAt`, type: 'datetime' as const, form: false as const, import: false, list: { hidden: true } },
];

export const feeItemDef = defineResource({
  ...financeTable('feeItem', 'fin_fee_item', `${L}.feeItem.title`, MENU.feeItem, 'name'),
  permissions: crudPermissions('finance:feeItem'),
  fields: [
    { name: 'name', labelKey: `${L}.feeItem.name`, type: 'string', filter: 'contains', sortable: true, maxLength: 50 },
    { name: 'rateName', labelKey: `${L}.feeItem.rateName`, type: 'string', filter: 'contains', maxLength: 50 },
    { name: 'billingObject', labelKey: `${L}.billingObject`, type: 'enum', filter: 'eq', options: enumOf(BILLING_OBJECTS, 'billingObjects') },
    { name: 'billingMethod', labelKey: `${L}.billingMethod`, type: 'enum', filter: 'eq', options: enumOf(BILLING_METHODS, 'methods') },
    { name: 'standard', labelKey: `${L}.feeItem.standard`, type: 'money', scale: 4, sortable: true },
    { name: 'unit', labelKey: `${L}.unit`, type: 'string', maxLength: 20 },
    { name: 'currency', labelKey: `${L}.currency`, type: 'ref', lookup: 'system.refCode.CURRENCY', filter: 'eq' },
    { name: 'settlementMethod', labelKey: `${L}.settlementMethod`, type: 'enum', filter: 'eq', options: enumOf(SETTLEMENT_METHODS, 'settlementMethods') },
    { name: 'valid', labelKey: `${L}.valid`, type: 'boolean', filter: 'eq' },
    { name: 'remark', labelKey: `${L}.remark`, type: 'text', maxLength: 500, list: { hidden: true }, form: { span: 3 } },
    ...stampFields,
  ],
  schema: (t) => {
    const r = rules(t);
    return z.object({
      // SPEC §5: fee rate name 1–50 characters; standard numeric.
      name: r.text(`${L}.feeItem.name`, 50),
      rateName: r.text(`${L}.feeItem.rateName`, 50),
      billingObject: r.oneOf(`${L}.billingObject`, BILLING_OBJECTS),
      billingMethod: r.oneOf(`${L}.billingMethod`, BILLING_METHODS),
      standard: r.decimal(`${L}.feeItem.standard`, { scale: 4 }),
      unit: r.optionalText(`${L}.unit`, 20),
      currency: r.pattern(`${L}.currency`, /^[A-Z]{3}$/),
      settlementMethod: r.oneOf(`${L}.settlementMethod`, SETTLEMENT_METHODS),
      valid: r.boolean(),
      remark: r.optionalText(`${L}.remark`, 500),
    });
  },
});

export const chargingRuleDef = defineResource({
  ...financeTable('chargingRule', 'fin_fee_rule', `${L}.rule.title`, MENU.chargingRule, 'ruleName'),
  permissions: crudPermissions('finance:chargingRule'),
  fields: [
    { name: 'ruleName', labelKey: `${L}.rule.ruleName`, type: 'string', filter: 'contains', sortable: true, maxLength: 50, list: { width: 180 } },
    { name: 'feeItemId', labelKey: `${L}.rule.feeItem`, type: 'ref', lookup: 'finance.feeItems', filter: 'eq', list: { width: 150 } },
    { name: 'method', labelKey: `${L}.billingMethod`, type: 'enum', filter: 'eq', options: enumOf(BILLING_METHODS, 'methods') },
    { name: 'price', labelKey: `${L}.rule.price`, type: 'money', scale: 4 },
    { name: 'unit', labelKey: `${L}.unit`, type: 'string', maxLength: 20 },
    { name: 'tiers', labelKey: `${L}.rule.tiers`, type: 'text', list: { hidden: true }, form: false, import: false, export: false },
    { name: 'freeDays', labelKey: `${L}.rule.freeDays`, type: 'integer' },
    { name: 'timeUnit', labelKey: `${L}.rule.timeUnit`, type: 'enum', options: enumOf(TIME_UNITS, 'timeUnits'), list: { hidden: true } },
    { name: 'effectiveFrom', labelKey: `${L}.rule.effectiveFrom`, type: 'date', filter: 'range', sortable: true },
    { name: 'effectiveTo', labelKey: `${L}.rule.effectiveTo`, type: 'date', sortable: true },
    { name: 'customerUserId', labelKey: `${L}.customer`, type: 'ref', lookup: 'finance.feeCustomers', filter: 'eq', list: { width: 200 } },
    { name: 'contractNo', labelKey: `${L}.rule.contractNo`, type: 'string', filter: 'contains', maxLength: 50 },
    { name: 'priority', labelKey: `${L}.rule.priority`, type: 'integer', sortable: true, list: { hidden: true } },
    { name: 'valid', labelKey: `${L}.valid`, type: 'boolean', filter: 'eq' },
    ...stampFields,
  ],
  schema: (t) => {
    const r = rules(t);
    return z.object({
      ruleName: r.text(`${L}.rule.ruleName`, 50),
      feeItemId: r.number(`${L}.rule.feeItem`, { int: true, min: 1 }),
      method: r.oneOf(`${L}.billingMethod`, BILLING_METHODS),
      price: r.decimal(`${L}.rule.price`, { scale: 4 }),
      unit: r.optionalText(`${L}.unit`, 20),
      tiers: z.preprocess((v) => (v === undefined || v === null || v === '' ? '[]' : typeof v === 'string' ? v : JSON.stringify(v)), z.string().max(4000)),
      freeDays: r.number(`${L}.rule.freeDays`, { int: true, min: 0, max: 3650, optional: true }),
      timeUnit: r.oneOf(`${L}.rule.timeUnit`, TIME_UNITS, { optional: true }),
      effectiveFrom: r.date(`${L}.rule.effectiveFrom`),
      effectiveTo: r.date(`${L}.rule.effectiveTo`, { optional: true }),
      customerUserId: r.number(`${L}.customer`, { int: true, min: 1, optional: true }),
      contractNo: r.optionalText(`${L}.rule.contractNo`, 50),
      priority: r.number(`${L}.rule.priority`, { int: true, min: 0, max: 999, optional: true }),
      valid: r.boolean(),
    });
  },
});

const tiered = (v: Record<string, unknown>) => v.method === 'quantityTiered' || v.method === 'timeTiered';
const byDay = (v: Record<string, unknown>) => v.method === 'timeTiered';

/**
 * The charging-rule form: the rule's fields and, for tiered methods, its tiers as a line
 * table (from / to / price; an empty "to" means no upper end), kept as JSON in the rule's
 * tiers column. Free days are asked for time-tiered rules only.
 */
export const chargingRuleDocument = defineDocument({
  resource: chargingRuleDef,
  testId: 'resource-form',
  maxWidth: 'md',
  defaults: () => ({ method: 'fixed', freeDays: '0', effectiveFrom: todayIso(), priority: '0', valid: true }),
  when: { freeDays: byDay, tiers: tiered },
  sections: [
    { fields: ['ruleName', 'feeItemId', 'method', 'price', 'unit', 'freeDays', 'effectiveFrom', 'effectiveTo', 'customerUserId', 'contractNo', 'priority', 'valid'] },
    { lines: ['tiers'] },
  ],
  lines: [
    {
      name: 'tiers',
      labelKey: `${L}.rule.tiers`,
      testId: 'tier',
      addKey: `${L}.rule.addTier`,
      fields: [
        { name: 'from', labelKey: `${L}.rule.from`, type: 'string' },
        { name: 'to', labelKey: `${L}.rule.to`, type: 'string' },
        { name: 'price', labelKey: `${L}.rule.tierPrice`, type: 'string' },
      ],
      labels: (v): Record<string, string> => (byDay(v) ? { from: `${L}.rule.fromDay`, to: `${L}.rule.toDay` } : {}),
      hintKey: (v) => (byDay(v) ? `${L}.rule.timeTierHint` : `${L}.rule.quantityTierHint`),
      // A new tier starts where the last one ends (the day after it for day tiers).
      blank(lines, v) {
        const last = lines[lines.length - 1];
        if (!last) return { from: byDay(v) ? String(Number(v.freeDays || 0) + 1) : '0' };
        const to = String(last.to ?? '');
        return { from: to === '' ? '' : byDay(v) ? String(Number(to) + 1) : to };
      },
    },
  ],
});

export const operationRecordDef = defineResource({
  ...financeTable('operationRecord', 'fin_operation_record', `${L}.record.title`, MENU.operationRecord, 'reference'),
  defaultSort: { field: 'opDate', dir: 'desc' },
  permissions: crudPermissions('finance:operationRecord'),
  fields: [
    { name: 'customerUserId', labelKey: `${L}.customer`, type: 'ref', lookup: 'finance.feeCustomers', filter: 'eq' },
    { name: 'billingObject', labelKey: `${L}.billingObject`, type: 'enum', filter: 'eq', options: enumOf(BILLING_OBJECTS, 'billingObjects') },
    { name: 'feeItemId', labelKey: `${L}.rule.feeItem`, type: 'ref', lookup: 'finance.feeItems', filter: 'eq' },
    { name: 'quantity', labelKey: `${L}.record.quantity`, type: 'money', scale: 4 },
    { name: 'days', labelKey: `${L}.record.days`, type: 'integer' },
    { name: 'opDate', labelKey: `${L}.record.opDate`, type: 'date', filter: 'range', sortable: true },
    { name: 'reference', labelKey: `${L}.record.reference`, type: 'string', filter: 'contains', maxLength: 64 },
    { name: 'billSerialNo', labelKey: `${L}.record.billSerialNo`, type: 'string', form: false, import: false, filter: 'contains' },
    ...stampFields,
  ],
  schema: (t) => {
    const r = rules(t);
    return z.object({
      customerUserId: r.number(`${L}.customer`, { int: true, min: 1 }),
      billingObject: r.oneOf(`${L}.billingObject`, BILLING_OBJECTS),
      // Required when entered by hand: a record priced by every fee item of its billing object
      // would charge storage, loading and weighing at once. (Other plugins may leave it empty.)
      feeItemId: r.number(`${L}.rule.feeItem`, { int: true, min: 1 }),
      quantity: r.decimal(`${L}.record.quantity`, { scale: 4 }),
      days: r.number(`${L}.record.days`, { int: true, min: 0, max: 3650, optional: true }),
      opDate: r.date(`${L}.record.opDate`),
      reference: r.text(`${L}.record.reference`, 64),
    });
  },
});
