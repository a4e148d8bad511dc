// Fee items, charging rules and operation records on the server: creator/modifier names,
// tier checks per billing method, and the rules as the engine reads them.
import type { Knex } from 'knex';
import Decimal from 'decimal.js';
import { ApiError, FieldError, serverResource, tableLookup, type RequestContext, type Row } from '@core/server';
import { hasPermission, isoDay } from '@core/shared';
import { FEE_PERMISSIONS, chargingRuleDef, feeItemDef, operationRecordDef } from './fee';
import { parseTiers, type BillingMethod, type EngineRule, type Tier } from './engine';

/** Adds who created and last changed each row (names, not ids). */
async function stampNames(rows: Row[], knex: Knex, table: string): Promise<void> {
  if (rows.length === 0) return;
  const raw: Row[] = await knex(table).whereIn('id', rows.map((r) => Number(r.id))).select('id', 'created_by', 'updated_by');
  const userIds = [...new Set(raw.flatMap((r) => [r.created_by, r.updated_by]).filter((x) => x !== null && x !== undefined).map(Number))];
  const users: Row[] = userIds.length ? await knex('sys_user').whereIn('id', userIds).select('id', 'nickname', 'username') : [];
  const name = (id: unknown) => {
    const u = users.find((x) => Number(x.id) === Number(id));
    return u ? String(u.nickname || u.username) : null;
  };
  for (const r of rows) {
    const db = raw.find((x) => Number(x.id) === Number(r.id));
    r.createdByName = db ? name(db.created_by) : null;
    r.updatedByName = db ? name(db.updated_by) : null;
  }
}

export const feeItemResource = serverResource(feeItemDef, {
  decorate: (rows, knex) => stampNames(rows, knex, 'fin_fee_item'),
  toDb: (input, _ctx, defaults) => ({ ...defaults, valid: input.valid ? 1 : 0 }),
  async beforeDelete(rows, { trx, t }) {
    const used = await trx('fin_fee_rule').whereIn('fee_item_id', rows.map((r) => Number(r.id))).first();
    if (used) throw new ApiError(t('finance:fees.msg.itemHasRules'));
  },
});

const isDecimal = (v: string) => /^\d{1,14}(\.\d{1,4})?$/.test(v);

/** Tier rows checked against the method: ordered, non-overlapping, decimal prices. */
export function checkTiers(method: BillingMethod, tiers: Tier[], t: (k: string, o?: Record<string, unknown>) => string): string | null {
  if (method !== 'quantityTiered' && method !== 'timeTiered') return null;
  if (method === 'quantityTiered' && tiers.length === 0) return t('finance:fees.msg.tiersRequired');
  let prevTo: Decimal | null = null;
  for (const [i, tier] of tiers.entries()) {
    const row = i + 1;
    if (!isDecimal(tier.from) || !isDecimal(tier.price) || (tier.to !== null && !isDecimal(tier.to))) return t('finance:fees.msg.tierNumber', { row });
    if (method === 'timeTiered' && (!/^\d+$/.test(tier.from) || (tier.to !== null && !/^\d+$/.test(tier.to)))) return t('finance:fees.msg.tierDays', { row });
    if (tier.to !== null && new Decimal(tier.to).lt(tier.from)) return t('finance:fees.msg.tierOrder', { row });
    if (prevTo === null && i > 0) return t('finance:fees.msg.tierOrder', { row });
    // Quantity tiers meet at their bounds (0–100, 100–200); day tiers follow each other (8–15, 16–30).
    if (prevTo !== null && (method === 'quantityTiered' ? new Decimal(tier.from).lt(prevTo) : new Decimal(tier.from).lte(prevTo))) return t('finance:fees.msg.tierOrder', { row });
    prevTo = tier.to === null ? null : new Decimal(tier.to);
  }
  return null;
}

const chargingRuleRules = serverResource(chargingRuleDef, {
  decorate: (rows, knex) => stampNames(rows, knex, 'fin_fee_rule'),
  async validate(input, { trx, t }) {
    if (!(await trx('fin_fee_item').where({ id: Number(input.feeItemId) }).first())) throw new FieldError({ feeItemId: t('core:resource.required', { field: t('finance:fees.rule.feeItem') }) });
    let tiers: Tier[];
    try {
      tiers = parseTiers(input.tiers);
    } catch {
      throw new FieldError({ tiers: t('finance:fees.msg.tierNumber', { row: 1 }) });
    }
    const bad = checkTiers(input.method as BillingMethod, tiers, t);
    if (bad) throw new FieldError({ tiers: bad });
    if (input.effectiveTo && String(input.effectiveTo) < String(input.effectiveFrom)) throw new FieldError({ effectiveTo: t('finance:fees.msg.effectiveOrder') });
    if (input.customerUserId && !(await trx('sys_user').where({ id: Number(input.customerUserId) }).first())) throw new FieldError({ customerUserId: t('core:resource.invalid', { field: t('finance:fees.customer') }) });
  },
  toDb(input, _ctx, defaults) {
    const method = input.method as BillingMethod;
    const tiers = method === 'quantityTiered' || method === 'timeTiered' ? parseTiers(input.tiers) : [];
    return {
      ...defaults,
      tiers: JSON.stringify(tiers),
      free_days: method === 'timeTiered' ? Number(input.freeDays ?? 0) : 0,
      time_unit: input.timeUnit ?? 'day',
      priority: Number(input.priority ?? 0),
      valid: input.valid ? 1 : 0,
    };
  },
});

/** Its screen's toolbar offers 试算 to whoever may run it. */
export const chargingRuleResource = { ...chargingRuleRules, screen: { data: async ({ user }: RequestContext) => ({ canTrial: hasPermission(user, FEE_PERMISSIONS.ruleTrial) }) } };

export const operationRecordResource = serverResource(operationRecordDef, {
  decorate: (rows, knex) => stampNames(rows, knex, 'fin_operation_record'),
  async validate(input, { trx, t, before }) {
    if (before?.billSerialNo) throw new ApiError(t('finance:fees.msg.recordBilled'));
    if (!(await trx('sys_user').where({ id: Number(input.customerUserId) }).first())) throw new FieldError({ customerUserId: t('core:resource.invalid', { field: t('finance:fees.customer') }) });
    if (input.feeItemId && !(await trx('fin_fee_item').where({ id: Number(input.feeItemId) }).first())) throw new FieldError({ feeItemId: t('core:resource.invalid', { field: t('finance:fees.rule.feeItem') }) });
  },
  async beforeDelete(rows, { t }) {
    if (rows.some((r) => r.billSerialNo)) throw new ApiError(t('finance:fees.msg.recordBilled'));
  },
});

const dateStr = (v: unknown): string | null => {
  if (v === null || v === undefined || v === '') return null;
  if (v instanceof Date) return isoDay(v);
  return String(v).slice(0, 10);
};

/** Every rule joined with its fee item, as the engine reads them. */
export async function loadRules(knex: Knex, where: { ruleId?: number; billingObject?: string; currency?: string; settlementMethods?: string[] } = {}): Promise<EngineRule[]> {
  const q = knex('fin_fee_rule as r')
    .join('fin_fee_item as i', 'i.id', 'r.fee_item_id')
    .select('r.*', 'i.name as item_name', 'i.billing_object', 'i.settlement_method', 'i.currency', 'i.standard', 'i.valid as item_valid', 'i.unit as item_unit');
  if (where.ruleId) q.where('r.id', where.ruleId);
  if (where.billingObject) q.where('i.billing_object', where.billingObject);
  if (where.currency) q.where('i.currency', where.currency);
  if (where.settlementMethods) q.whereIn('i.settlement_method', where.settlementMethods);
  const rows: Row[] = await q;
  return rows.map((r) => ({
    id: Number(r.id),
    feeItemId: Number(r.fee_item_id),
    feeItemName: String(r.item_name),
    ruleName: String(r.rule_name),
    billingObject: String(r.billing_object),
    settlementMethod: String(r.settlement_method),
    currency: String(r.currency),
    standard: r.standard === null ? null : String(r.standard),
    method: r.method as BillingMethod,
    price: String(r.price),
    unit: (r.unit ?? r.item_unit ?? null) as string | null,
    tiers: parseTiers(r.tiers),
    freeDays: Number(r.free_days ?? 0),
    effectiveFrom: dateStr(r.effective_from),
    effectiveTo: dateStr(r.effective_to),
    customerUserId: r.customer_user_id === null ? null : Number(r.customer_user_id),
    contractNo: (r.contract_no as string | null) || null,
    priority: Number(r.priority ?? 0),
    valid: !!Number(r.valid) && !!Number(r.item_valid),
  }));
}

/** Pickers: fee items (valid first), the customers a rule or record may name, and the rules (another plugin's fee item may name one). */
export const feeLookups = {
  chargingRules: tableLookup({ table: 'fin_fee_rule', value: 'id', label: '{rule_name}', orderBy: [{ column: 'valid', order: 'desc' }, { column: 'rule_name' }] }),
  feeItems: tableLookup({ table: 'fin_fee_item', value: 'id', label: '{name} ({currency})', orderBy: [{ column: 'valid', order: 'desc' }, { column: 'name' }] }),
  feeCustomers: tableLookup({ table: 'sys_user', value: 'id', label: '{company_name|nickname} ({username})', where: (q) => q.whereIn('user_type', [1, 2, 4, 5]), orderBy: 'username' }),
};
