// Fee items on the server: a new item starts enabled; a named charging rule must exist in the
// finance plugin (refused when finance is not installed); and feeAmount(), what the dispatch side
// prices a fee item with: finance's rule where the item names one and finance is there, else the
// item's own rate × the quantity its unit counts.
import type { Knex } from 'knex';
import Decimal from 'decimal.js';
import { ApiError, FieldError, serverResource, type Services } from '@core/server';
import { CHARGING_RULES, chargeQuantity, type ChargeFacts, type ChargingRules } from '@core/shared';
import { feeDef, type FEE_UNITS, type FeeAmount, type OwnRateReason } from './fee';
import { K } from './common';

type TFn = (key: string, options?: Record<string, unknown>) => string;

export const feeResource = serverResource(feeDef, {
  async validate(input, { trx, t, services }) {
    const ruleId = input.chargingRuleId === null || input.chargingRuleId === undefined ? null : Number(input.chargingRuleId);
    if (ruleId === null) return;
    if (!services.hasService(CHARGING_RULES)) throw new FieldError({ chargingRuleId: t(`${K}.fee.msg.noFinance`) });
    if (!(await services.service<ChargingRules>(CHARGING_RULES).exists(trx, ruleId))) throw new FieldError({ chargingRuleId: t(`${K}.fee.msg.noSuchRule`) });
  },
  toDb: (_input, { op }, defaults) => (op === 'create' ? { ...defaults, status: 'enabled' } : defaults),
});

const money = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
const plain = (v: unknown) => new Decimal(String(v)).toString();

/**
 * What the item costs for these facts. `services` is the caller's (a request's or a hook's
 * context): with finance absent the item's rule is ignored. `t` words the explanation.
 */
export async function feeAmount(knex: Knex, feeItemId: number, facts: ChargeFacts, services: Services, t?: TFn): Promise<FeeAmount> {
  const item = await knex('ops_fee_item').where({ id: feeItemId }).first();
  if (!item) throw new ApiError(t ? t(`${K}.fee.msg.noSuchItem`) : `fee item ${feeItemId} not found`);
  const per = item.unit as (typeof FEE_UNITS)[number];
  let reason: OwnRateReason = 'noRule';
  if (item.charging_rule_id !== null && item.charging_rule_id !== undefined) {
    if (!services.hasService(CHARGING_RULES)) reason = 'noFinance';
    else {
      const answer = await services.service<ChargingRules>(CHARGING_RULES).charge(knex, Number(item.charging_rule_id), facts, per, t);
      if ('charge' in answer) return { feeItemId, basis: 'rule', rule: answer.charge, amount: answer.charge.amount, currency: answer.charge.currency, quantity: answer.charge.quantity, explanation: answer.charge.explanation };
      reason = answer.refused === 'missing' ? 'ruleMissing' : 'ruleNotInForce';
    }
  }
  const quantity = plain(chargeQuantity(facts, per));
  const rate = plain(item.rate);
  const amount = money(new Decimal(quantity).times(rate));
  const unit = t ? t(`${K}.unit.${per}`) : per;
  return { feeItemId, basis: 'own', rate, unit, reason, amount, currency: String(item.currency), quantity, explanation: `${String(item.name)}: ${quantity}${unit}×${rate} = ${amount}` };
}
