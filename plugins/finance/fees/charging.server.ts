// The engine over the database: bill lines for a service order (what the bills area calls
// when an approved order is handed off), and the trial calculation of the rule screen.
import type { Knex } from 'knex';
import { computeLines, computeLine, engineRule, type EngineInput, type EngineLine, type ExplainWords, ZH_WORDS } from './engine';
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
