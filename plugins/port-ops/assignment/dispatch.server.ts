// Dispatch attributes and rules on the server: a rule's attribute must exist and support the
// rule's kind, its parameter is required where it takes one and within bounds, a line or a
// customer rule names its line or customer; built-in attributes and attributes in use are kept.
// activeRules() is what the distributeSource screen will hand the optimiser.
import type { Knex } from 'knex';
import { ApiError, FieldError, defineLookup, serverResource, tableLookup, type LookupDef, type Row } from '@core/server';
import { ATTRIBUTE_SPEC, ATTRIBUTES, type AssignmentRule, type AttributeCode, type RuleKind } from './optimiser';
import { rulesFor, type Scope, type ScopedRule } from './rules';
import { PARAMETER_RANGE, dispatchAttributeDef, dispatchRuleDef, parameterOf } from './dispatch';
import en from './locales/en.json';
import my from './locales/my.json';

const L = 'portops:assignment';
const BUILTIN = new Set<string>(ATTRIBUTES);

export const dispatchAttributeResource = serverResource(dispatchAttributeDef, {
  validate(input, { t, before }) {
    // A built-in attribute keeps its code and a kind the optimiser evaluates it as.
    const code = String(before?.code ?? '');
    if (before && before.builtin && BUILTIN.has(code)) {
      if (input.code !== code) throw new FieldError({ code: t(`${L}.msg.builtinKept`) });
      if (!ATTRIBUTE_SPEC[code as AttributeCode].kinds.includes(input.kind as RuleKind)) throw new FieldError({ kind: t(`${L}.msg.kindNotSupported`) });
    }
    return Promise.resolve();
  },
  async beforeDelete(rows, { trx, t }) {
    if (rows.some((r) => Number(r.builtin))) throw new ApiError(t(`${L}.msg.builtinKept`));
    const used = await trx('ops_dispatch_rule')
      .whereIn(
        'attribute_code',
        rows.map((r) => String(r.code))
      )
      .first();
    if (used) throw new ApiError(t(`${L}.msg.attributeInUse`));
  },
});

const dispatchRuleRules = serverResource(dispatchRuleDef, {
  async validate(input, { trx, t }) {
    const attribute = await trx('ops_dispatch_attribute')
      .where({ code: String(input.attributeCode) })
      .first();
    if (!attribute) throw new FieldError({ attributeCode: t('core:resource.invalid', { field: t(`${L}.rule.attribute`) }) });
    const spec = ATTRIBUTE_SPEC[attribute.code as AttributeCode];
    if (spec && !spec.kinds.includes(input.kind as RuleKind)) throw new FieldError({ kind: t(`${L}.msg.kindNotSupported`) });
    if (!spec && input.kind !== attribute.kind) throw new FieldError({ kind: t(`${L}.msg.kindNotSupported`) });
    const param = parameterOf(attribute.code, String(input.kind));
    if (param) {
      const label = t(`${L}.params.${param}`);
      if (input.threshold === null || input.threshold === undefined) throw new FieldError({ threshold: t('core:resource.required', { field: label }) });
      const value = Number(input.threshold);
      const range = PARAMETER_RANGE[param];
      if (value < range.min || value > range.max || (range.int && !Number.isInteger(value))) {
        throw new FieldError({ threshold: t(`${L}.msg.parameterRange`, { field: label, min: range.min, max: range.max }) });
      }
    }
    if (input.scope === 'line' && !input.lineId) throw new FieldError({ lineId: t('core:resource.required', { field: t(`${L}.rule.line`) }) });
    if (input.scope === 'customer' && !input.customerId) throw new FieldError({ customerId: t('core:resource.required', { field: t(`${L}.rule.customer`) }) });
    // The line and customer tables belong to the customer-management area: checked once it is there.
    for (const [field, table] of [
      ['lineId', 'ops_line'],
      ['customerId', 'ops_customer'],
    ] as const) {
      if (
        input[field] &&
        (await trx.schema.hasTable(table)) &&
        !(await trx(table)
          .where({ id: Number(input[field]) })
          .first())
      ) {
        throw new FieldError({ [field]: t('core:resource.invalid', { field: t(`${L}.rule.${field === 'lineId' ? 'line' : 'customer'}`) }) });
      }
    }
  },
  toDb: (input, _ctx, defaults) => ({
    ...defaults,
    // Only the parameter the rule takes, only the id its scope names.
    threshold: parameterOf(String(input.attributeCode), String(input.kind)) ? defaults.threshold : null,
    line_id: input.scope === 'line' ? defaults.line_id : null,
    customer_id: input.scope === 'customer' ? defaults.customer_id : null,
    enabled: input.enabled ? 1 : 0,
  }),
});

export const dispatchRuleResource = {
  ...dispatchRuleRules,
};

const names = { en: en.builtinNames as Record<string, string>, my: my.builtinNames as Record<string, string> };

/** The attributes by code, named as stored; a built-in one also in English and Burmese (the stored name is the operator's Chinese one). */
const attributeOptions = tableLookup({ table: 'ops_dispatch_attribute', value: 'code', label: 'name', orderBy: 'id' });
export const assignmentLookups: Record<string, LookupDef> = {
  dispatchAttributes: defineLookup({ resource: 'portops.dispatchAttribute', key: 'code' }, async (ctx, user, search) => {
    const options = await attributeOptions.load(ctx, user, search);
    return options.map((o) => (BUILTIN.has(o.value) ? { ...o, labels: { en: names.en[o.value], my: names.my[o.value] } } : o));
  }),
};

/** A stored rule as the optimiser and rulesFor read it. */
export function ruleOf(row: Row): ScopedRule {
  const param = parameterOf(String(row.attribute_code), String(row.kind));
  return {
    id: Number(row.id),
    name: String(row.name),
    attribute: String(row.attribute_code) as AttributeCode,
    kind: String(row.kind) as RuleKind,
    weight: Number(row.weight),
    priority: Number(row.priority),
    parameters: param && row.threshold !== null ? { [param]: Number(row.threshold) } : {},
    scope: String(row.scope) as Scope,
    lineId: row.line_id === null ? null : Number(row.line_id),
    customerId: row.customer_id === null ? null : Number(row.customer_id),
    enabled: Boolean(Number(row.enabled)),
  };
}

/** The rules that apply to a source on this line for this customer, highest priority first. */
export async function activeRules(knex: Knex, at: { lineId?: number | null; customerId?: number | null }): Promise<AssignmentRule[]> {
  const rows: Row[] = await knex('ops_dispatch_rule').where({ enabled: 1 });
  return rulesFor(rows.map(ruleOf), at);
}
