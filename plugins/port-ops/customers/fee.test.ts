// Fee items priced through the finance plugin's charging rules (service `charging.rules`), on a
// database with the system, finance and port-ops plugins: a linked rule gives finance's amount
// (hand-checked), a rule out of force or a missing one falls back to the item's own rate, and an
// unknown rule is refused with the field error and changes nothing.
import { describe, expect, it } from 'vitest';
import { setUpTestDb } from '../../../tests/support/suite';
import { resourceApi } from '../../../tests/support/resource';
import { answerOf, req } from '../../../tests/support/http';
import system from '../../system';
import finance from '../../finance';
import portops from '..';
import * as feeAmountRoute from './routes/api.feeAmount';
import { feeAmount } from './fee.server';

const db = setUpTestDb({ plugins: [system, finance, portops], registry: true, logins: ['operator'] });
const fees = () => resourceApi('portops', 'fee', { cookie: db.cookies.operator });
let n = 0;
const fee = (over: Record<string, unknown> = {}) => ({ code: `R${Date.now() % 100000}${++n}`, name: '运费', kind: 'freight', unit: 'tonne', rate: '8.5', currency: 'CNY', remark: null, ...over });

/** A finance fee item and one rule of it (valid, general, from 2026-01-01 unless told). */
async function rule(over: Record<string, unknown>): Promise<number> {
  const stamp = { created_at: new Date(), updated_at: new Date(), version: 1 };
  const [item] = await db.knex('fin_fee_item').insert({ name: '陆运费', rate_name: '陆运费率', billing_object: 'cargo', billing_method: String(over.method), standard: '0', unit: '吨', currency: 'CNY', settlement_method: 'monthly', valid: 1, ...stamp });
  const [id] = await db.knex('fin_fee_rule').insert({ fee_item_id: item, rule_name: '陆运费 阶梯', price: '0', unit: '吨', tiers: '[]', free_days: 0, time_unit: 'day', effective_from: '2026-01-01', priority: 0, valid: 1, ...stamp, ...over });
  return Number(id);
}

async function trial(body: Record<string, unknown>) {
  return answerOf(feeAmountRoute.action, req('/api/portops/feeAmount', { cookie: db.cookies.operator, json: body })) as Promise<{ body: { code: number; msg: string; data: Record<string, unknown> & { fieldErrors?: Record<string, string> } } }>;
}

describe('a fee item linked to a finance charging rule', () => {
  it('costs what finance’s engine gives: 150 t on tiers 0–100 @10, 100–∞ @8 = 1400.00, with the rule named', async () => {
    const ruleId = await rule({ method: 'quantityTiered', tiers: JSON.stringify([{ from: '0', to: '100', price: '10' }, { from: '100', to: null, price: '8' }]) });
    const res = await fees().create(fee({ chargingRuleId: ruleId }));
    expect(res.code, res.msg).toBe(200);
    expect(res.data.chargingRuleId).toBe(ruleId);
    const { body } = await trial({ feeItemId: res.data.id, date: '2026-03-01', tonnes: '150' });
    expect(body.code, body.msg).toBe(200);
    expect(body.data).toMatchObject({ basis: 'rule', amount: '1400.00', currency: 'CNY', quantity: '150', rule: { ruleId, ruleName: '陆运费 阶梯', method: 'quantityTiered' } });
    expect(body.data.explanation).toBe('陆运费: 150吨, 0–100: 100×10.00, 100–∞: 50×8.00 = 1400.00');
  });

  it('a day-tiered waiting rule counts the days begun: 697 h = 30 days, free 7, 8–15 ×2, 16–30 ×3 = 61.00', async () => {
    const ruleId = await rule({ method: 'timeTiered', price: '5', free_days: 7, tiers: JSON.stringify([{ from: '8', to: '15', price: '2' }, { from: '16', to: '30', price: '3' }]) });
    const id = Number((await fees().create(fee({ kind: 'waiting', unit: 'day', rate: '100', chargingRuleId: ruleId }))).data.id);
    const got = await feeAmount(db.knex, id, { date: '2026-03-01', waitingHours: '697' }, db.registry);
    expect(got).toMatchObject({ basis: 'rule', amount: '61.00', quantity: '30' });
  });

  it('falls back to its own rate, saying why, when the rule is not in force on the date: 150 t × 8.5 = 1275.00', async () => {
    const ruleId = await rule({ method: 'perQuantity', price: '7', effective_to: '2026-02-28' });
    const id = Number((await fees().create(fee({ chargingRuleId: ruleId }))).data.id);
    expect(await feeAmount(db.knex, id, { date: '2026-02-28', tonnes: '150' }, db.registry)).toMatchObject({ basis: 'rule', amount: '1050.00' });
    expect(await feeAmount(db.knex, id, { date: '2026-03-01', tonnes: '150' }, db.registry)).toMatchObject({ basis: 'own', reason: 'ruleNotInForce', amount: '1275.00', currency: 'CNY' });
  });

  it('without a rule costs its own rate × the quantity its unit counts: 3 trips × 450 = 1350.00', async () => {
    const id = Number((await fees().create(fee({ unit: 'trip', rate: '450' }))).data.id);
    const { body } = await trial({ feeItemId: id, date: '2026-03-01', tonnes: '90', trips: '3' });
    expect(body.data).toMatchObject({ basis: 'own', reason: 'noRule', amount: '1350.00', quantity: '3', explanation: '运费: 3趟×450 = 1350.00' });
  });

  it('refuses a rule that does not exist with the field error, and changes nothing', async () => {
    const before = await db.knex('ops_fee_item').count({ c: '*' }).first();
    const bad = await fees().create(fee({ chargingRuleId: 999999 }));
    expect(bad.fieldErrors).toEqual({ chargingRuleId: '计费规则不存在' });
    expect(await db.knex('ops_fee_item').count({ c: '*' }).first()).toEqual(before);
    const created = (await fees().create(fee())).data;
    const edit = await fees().update(Number(created.id), { ...fee({ code: created.code }), chargingRuleId: 999999, version: created.version });
    expect(edit.fieldErrors.chargingRuleId).toBe('计费规则不存在');
    expect((await db.knex('ops_fee_item').where({ id: created.id }).first()).charging_rule_id).toBeNull();
  });

  it('the trial wants a date and decimal facts (translated field errors)', async () => {
    const id = Number((await fees().create(fee())).data.id);
    const { body } = await trial({ feeItemId: id, tonnes: 'ten' });
    expect(body.data.fieldErrors).toMatchObject({ date: expect.stringContaining('业务日期'), tonnes: expect.stringContaining('吨数') });
  });
});
