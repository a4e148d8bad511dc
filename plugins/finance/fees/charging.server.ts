// The engine over the database: bill lines for a service order (what the bills area calls
// when an approved order is handed off), the trial calculation of the rule screen, and the
// `charging.rules` service other plugins price their fees with.
import type { Knex } from 'knex';
import { chargeDays, chargeQuantity, type ChargingRules } from '@core/shared';
import { applicableRules, computeLines, computeLine, engineRule, type EngineInput, type EngineLine, type ExplainWords, ZH_WORDS } from './engine';
import { loadRules } from './fee.server';

export interface ServiceOrderForFees {
  amount: string;
  currency: string;
  productCount: number;
  payerUserId: number;
  date: string;
  contractNo?: string;
}

/**
 * Bill lines for a service order: the rules of billing object `serviceOrder` (and
 * `declaration`) in the order's currency, for the payer, on the order date, with the product
 * count as quantity. Without any applicable rule the agreed order amount is the one line
 * (a negotiated service fee), so an order always bills what the trader agreed to.
 */
export async function linesForServiceOrder(knex: Knex, order: ServiceOrderForFees, words: ExplainWords = ZH_WORDS): Promise<EngineLine[]> {
  const rules = (await loadRules(knex, { currency: order.currency })).filter((r) => r.billingObject === 'serviceOrder' || r.billingObject === 'declaration');
  const lines = computeLines(rules, { date: order.date, quantity: String(order.productCount), customerUserId: order.payerUserId, contractNo: order.contractNo });
  if (lines.length > 0) return lines;
  const feeItemName = words === ZH_WORDS ? '报关服务费' : 'Declaration service fee';
  const negotiated = engineRule({ feeItemName, billingObject: 'serviceOrder', currency: order.currency, standard: order.amount, method: 'negotiated', price: order.amount });
  return [computeLine(negotiated, { date: order.date }, words)];
}

/** The trial calculation: the lines the engine gives for an entered case. */
export async function trialLines(knex: Knex, input: EngineInput & { ruleId?: number }, words: ExplainWords): Promise<EngineLine[]> {
  const rules = await loadRules(knex);
  if (input.ruleId) {
    // Trying one rule: it is computed even if another rule would win for its fee item.
    const r = rules.find((x) => x.id === input.ruleId);
    return r ? [computeLine(r, input, words)] : [];
  }
  return computeLines(rules, input, words);
}

/**
 * Service `charging.rules` (core's contract): a named rule's charge for the facts of a dispatch
 * fee, through the same engine. The facts' quantity is the one the caller's basis counts (a
 * day-tiered rule counts the days begun of the waiting hours, times tonnes or containers when
 * the basis is one of those); the rule must be valid, of a valid fee item, and in force on the date.
 */
export const chargingRules: ChargingRules = {
  async exists(knex, ruleId) {
    return !!(await knex('fin_fee_rule').where({ id: ruleId }).first('id'));
  },
  async charge(knex, ruleId, facts, per, t) {
    const rule = (await loadRules(knex, { ruleId }))[0];
    if (!rule) return { refused: 'missing' };
    const input: EngineInput = { date: facts.date };
    if (rule.method !== 'timeTiered' || per === 'tonne' || per === 'container') input.quantity = chargeQuantity(facts, per);
    if (rule.method === 'timeTiered') input.days = chargeDays(facts);
    if (applicableRules([rule], input).length === 0) return { refused: 'notInForce' };
    const words = t ? { days: t('finance:fees.explain.days'), free: t('finance:fees.explain.free'), dayRange: t('finance:fees.explain.days'), agreed: t('finance:fees.explain.agreed') } : ZH_WORDS;
    const line = computeLine(rule, input, words);
    return {
      charge: {
        ruleId: rule.id,
        ruleName: rule.ruleName,
        feeItemName: rule.feeItemName,
        method: rule.method,
        rate: line.rate,
        quantity: line.quantity,
        unit: line.unit,
        amount: line.amount,
        currency: line.currency,
        explanation: line.explanation,
      },
    };
  },
};
