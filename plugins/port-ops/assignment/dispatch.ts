// Dispatch attributes and dispatch rules (SPEC §2 /smartorderassignment: dispatchattributes,
// dispatchrules): the criteria a cargo source is split across fleets by, kept as data the
// operator edits. An attribute names a fact of a fleet (qualification, price, on-time rate …);
// a rule uses one as a filter (a hard condition) or as a weighted score (a cost term), with a
// priority, one parameter, and a scope (every source, one line, one customer). optimiser.ts
// reads them; rules.ts picks the ones in a source's scope.
import { z } from 'zod';
import { crudPermissions, defineDocument, defineResource, rules, type EnumOption } from '@core/shared';
import { portOpsTable } from '../common';
import { ATTRIBUTE_SPEC, RULE_KINDS, type AttributeCode, type RuleKind } from './optimiser';
import { SCOPES } from './rules';

export const MENU = {
  group: 'smartorderassignment',
  attributes: 'smartorderassignment.dispatchattributes',
  rules: 'smartorderassignment.dispatchrules',
} as const;

export const ATTRIBUTE_PERMISSIONS = crudPermissions('portops:dispatchAttribute');
export const RULE_PERMISSIONS = crudPermissions('portops:dispatchRule');

export const DIRECTIONS = ['lowerBetter', 'higherBetter'] as const;

const L = 'portops:assignment';
const options = (values: readonly string[], group: string): EnumOption[] => values.map((v) => ({ value: v, labelKey: `${L}.${group}.${v}` }));

/** The parameter a rule of this attribute and kind takes (optimiser.ts reads it under this name), or null. */
export function parameterOf(attribute: string, kind: string): string | null {
  const spec = ATTRIBUTE_SPEC[attribute as AttributeCode];
  return spec?.params[kind as RuleKind]?.[0] ?? null;
}

/** Bounds of each parameter: rates and shares in %, the minimum lot in whole lots, a price in yuan per tonne. */
export const PARAMETER_RANGE: Record<string, { min: number; max: number; int?: boolean }> = {
  minLots: { min: 1, max: 1000, int: true },
  maxPerTonne: { min: 0.01, max: 100000 },
  minRate: { min: 0, max: 100 },
  maxRate: { min: 0, max: 100 },
  maxPercent: { min: 1, max: 100 },
  preferredPercent: { min: 1, max: 100 },
};

export const dispatchAttributeDef = defineResource({
  ...portOpsTable('dispatchAttribute', 'ops_dispatch_attribute', `${L}.attribute.title`, MENU.attributes, 'name'),
  defaultSort: { field: 'id', dir: 'asc' },
  permissions: ATTRIBUTE_PERMISSIONS,
  fields: [
    { name: 'code', labelKey: `${L}.attribute.code`, type: 'string', maxLength: 32, filter: 'contains', sortable: true, form: { readOnlyOnEdit: true } },
    { name: 'name', labelKey: `${L}.attribute.name`, type: 'string', maxLength: 50, filter: 'contains', sortable: true },
    { name: 'kind', labelKey: `${L}.kind`, type: 'enum', options: options(RULE_KINDS, 'kinds'), filter: 'eq', list: { width: 170 } },
    { name: 'unit', labelKey: `${L}.attribute.unit`, type: 'string', maxLength: 20 },
    { name: 'direction', labelKey: `${L}.attribute.direction`, type: 'enum', options: options(DIRECTIONS, 'directions') },
    { name: 'builtin', labelKey: `${L}.attribute.builtin`, type: 'boolean', form: false, import: false, filter: 'eq' },
    { name: 'description', labelKey: `${L}.attribute.description`, type: 'text', maxLength: 500, form: { span: 3 }, list: { width: 320 } },
  ],
  unique: [{ fields: ['code'], messageKey: `${L}.msg.codeTaken` }],
  schema: (t) => {
    const r = rules(t);
    return z.object({
      code: r.pattern(`${L}.attribute.code`, /^[A-Za-z][A-Za-z0-9_]{0,31}$/, { messageKey: `${L}.msg.codeFormat` }),
      name: r.text(`${L}.attribute.name`, 50),
      kind: r.oneOf(`${L}.kind`, RULE_KINDS),
      unit: r.optionalText(`${L}.attribute.unit`, 20),
      direction: r.oneOf(`${L}.attribute.direction`, DIRECTIONS, { optional: true }),
      description: r.optionalText(`${L}.attribute.description`, 500),
    });
  },
});

export const dispatchRuleDef = defineResource({
  ...portOpsTable('dispatchRule', 'ops_dispatch_rule', `${L}.rule.title`, MENU.rules, 'name'),
  defaultSort: { field: 'priority', dir: 'desc' },
  permissions: RULE_PERMISSIONS,
  fields: [
    { name: 'name', labelKey: `${L}.rule.name`, type: 'string', maxLength: 50, filter: 'contains', sortable: true, list: { width: 200 } },
    { name: 'attributeCode', labelKey: `${L}.rule.attribute`, type: 'ref', lookup: 'portops.dispatchAttributes', filter: 'eq', list: { width: 140 } },
    { name: 'kind', labelKey: `${L}.kind`, type: 'enum', options: options(RULE_KINDS, 'kinds'), filter: 'eq', list: { width: 170 } },
    { name: 'weight', labelKey: `${L}.rule.weight`, type: 'money', scale: 2, trimZeros: true, sortable: true, form: { helpKey: `${L}.rule.weightHelp` } },
    { name: 'priority', labelKey: `${L}.rule.priority`, type: 'integer', sortable: true },
    { name: 'threshold', labelKey: `${L}.rule.threshold`, type: 'money', scale: 2, trimZeros: true, form: { helpKey: `${L}.rule.thresholdHelp` } },
    { name: 'scope', labelKey: `${L}.rule.scope`, type: 'enum', options: options(SCOPES, 'scopes'), filter: 'eq' },
    // Pickers of the customer-management area (portops.lines, portops.customers); stored as plain ids.
    { name: 'lineId', labelKey: `${L}.rule.line`, type: 'ref', lookup: 'portops.lines', filter: 'eq' },
    { name: 'customerId', labelKey: `${L}.rule.customer`, type: 'ref', lookup: 'portops.customers', filter: 'eq' },
    { name: 'enabled', labelKey: `${L}.rule.enabled`, type: 'boolean', filter: 'eq' },
    { name: 'remark', labelKey: `${L}.rule.remark`, type: 'text', maxLength: 200, list: { hidden: true }, form: { span: 3 } },
    { name: 'updatedAt', column: 'updated_at', labelKey: `${L}.rule.updatedAt`, type: 'datetime', form: false, import: false, sortable: true },
  ],
  schema: (t) => {
    const r = rules(t);
    return z.object({
      name: r.text(`${L}.rule.name`, 50),
      attributeCode: r.text(`${L}.rule.attribute`, 32),
      kind: r.oneOf(`${L}.kind`, RULE_KINDS),
      weight: r.decimal(`${L}.rule.weight`, { scale: 2, maxDigits: 6 }),
      priority: r.number(`${L}.rule.priority`, { int: true, min: 0, max: 999 }),
      threshold: r.decimal(`${L}.rule.threshold`, { scale: 2, optional: true, maxDigits: 8 }),
      scope: r.oneOf(`${L}.rule.scope`, SCOPES),
      lineId: r.number(`${L}.rule.line`, { int: true, min: 1, optional: true }),
      customerId: r.number(`${L}.rule.customer`, { int: true, min: 1, optional: true }),
      enabled: r.boolean(),
      remark: r.optionalText(`${L}.rule.remark`, 200),
    });
  },
});

/** The rule form: the line or the customer only for a rule of that scope, the parameter only where the rule takes one. */
export const dispatchRuleDocument = defineDocument({
  resource: dispatchRuleDef,
  testId: 'resource-form',
  maxWidth: 'md',
  lines: [],
  defaults: () => ({ kind: 'score', weight: '1', priority: '50', scope: 'all', enabled: true }),
  when: {
    lineId: (v) => v.scope === 'line',
    customerId: (v) => v.scope === 'customer',
    threshold: (v) => parameterOf(String(v.attributeCode ?? ''), String(v.kind ?? '')) !== null,
  },
  sections: [{ fields: ['name', 'attributeCode', 'kind', 'weight', 'priority', 'threshold', 'scope', 'lineId', 'customerId', 'enabled', 'remark'] }],
});
