// The rule engine against hand-computed examples: every billing method, tier boundaries,
// free days, effective dates, and a customer's or contract's rule beating the general one.
import { describe, expect, it } from 'vitest';
import { computeLines, engineRule, parseTiers, totalOf, type EngineRule } from './engine';

let nextId = 1;
function rule(over: Partial<EngineRule>): EngineRule {
  const id = over.id ?? nextId++;
  return engineRule({ id, feeItemId: 1, feeItemName: '费用', ruleName: `rule ${id}`, currency: 'RMB', ...over });
}

const storage = rule({
  feeItemName: '仓储费',
  method: 'timeTiered',
  price: '5',
  unit: '吨',
  freeDays: 7,
  tiers: [
    { from: '8', to: '15', price: '2' },
    { from: '16', to: '30', price: '3' },
  ],
});

describe('fixed', () => {
  it('charges the price whatever the quantity', () => {
    const [l] = computeLines([rule({ feeItemName: '过磅费', price: '30', unit: '次' })], { date: '2026-11-01', quantity: '9' });
    expect(l).toMatchObject({ amount: '30.00', explanation: '过磅费: 30.00 = 30.00' });
  });
});

describe('perQuantity', () => {
  it('multiplies quantity by price and rounds half-up once', () => {
    // 12.345 t × 8.50 = 104.9325 → 104.93; 0.125 × 1 = 0.125 → 0.13 (half-up, not banker's)
    const [l] = computeLines([rule({ feeItemName: '装车费', method: 'perQuantity', price: '8.5', unit: '吨' })], { date: '2026-11-01', quantity: '12.345' });
    expect(l).toMatchObject({ amount: '104.93', explanation: '装车费: 12.345吨×8.50 = 104.93' });
    expect(computeLines([rule({ method: 'perQuantity', price: '1' })], { date: '2026-11-01', quantity: '0.125' })[0].amount).toBe('0.13');
  });

  it('is exact where floating point is not (0.1 × 3)', () => {
    expect(computeLines([rule({ method: 'perQuantity', price: '0.1' })], { date: '2026-11-01', quantity: '3' })[0].amount).toBe('0.30');
  });
});

describe('quantityTiered (progressive)', () => {
  const tiered = rule({
    feeItemName: '卸车费',
    method: 'quantityTiered',
    unit: '吨',
    tiers: [
      { from: '0', to: '100', price: '10' },
      { from: '100', to: '500', price: '8' },
      { from: '500', to: null, price: '6' },
    ],
  });
  it('prices each portion at its tier', () => {
    // 100×10 + 50×8 = 1400
    expect(computeLines([tiered], { date: '2026-11-01', quantity: '150' })[0].amount).toBe('1400.00');
    // 100×10 + 400×8 + 100×6 = 1000 + 3200 + 600 = 4800
    const [l] = computeLines([tiered], { date: '2026-11-01', quantity: '600' });
    expect(l).toMatchObject({ amount: '4800.00', explanation: '卸车费: 600吨, 0–100: 100×10.00, 100–500: 400×8.00, 500–∞: 100×6.00 = 4800.00' });
  });
  it('puts a quantity on a boundary wholly in the lower tier', () => {
    expect(computeLines([tiered], { date: '2026-11-01', quantity: '100' })[0].amount).toBe('1000.00');
    // 100.5: 100×10 + 0.5×8 = 1004
    expect(computeLines([tiered], { date: '2026-11-01', quantity: '100.5' })[0].amount).toBe('1004.00');
  });
});

describe('timeTiered', () => {
  it('charges nothing within the free days', () => {
    expect(computeLines([storage], { date: '2026-11-01', days: 7 })[0].amount).toBe('0.00');
  });
  it('prices days after the free days by tier (8–15 ×2, 16–30 ×3)', () => {
    const [l] = computeLines([storage], { date: '2026-11-01', days: 30 });
    // 8 days × 2 + 15 days × 3 = 16 + 45
    expect(l).toMatchObject({ amount: '61.00', explanation: '仓储费: 30天, 免7天, 8–15天×2.00, 16–30天×3.00 = 61.00' });
  });
  it('counts the tier boundary day in its tier, and uses the rule price past the last tier', () => {
    // day 8 only: 2
    expect(computeLines([storage], { date: '2026-11-01', days: 8 })[0].amount).toBe('2.00');
    // day 16: 8×2 + 1×3 = 19
    expect(computeLines([storage], { date: '2026-11-01', days: 16 })[0].amount).toBe('19.00');
    // 32 days: 61 + 2 × 5 (rule price) = 71
    expect(computeLines([storage], { date: '2026-11-01', days: 32 })[0].amount).toBe('71.00');
  });
  it('multiplies the day total by a quantity', () => {
    // 10 t × 61 = 610
    const [l] = computeLines([storage], { date: '2026-11-01', days: 30, quantity: '10' });
    expect(l).toMatchObject({ amount: '610.00', explanation: '仓储费: 10吨 × (30天, 免7天, 8–15天×2.00, 16–30天×3.00) = 610.00' });
  });
});

describe('negotiated', () => {
  it('uses the agreed amount, else the rule price', () => {
    const r = rule({ feeItemName: '代理服务费', method: 'negotiated', price: '500' });
    expect(computeLines([r], { date: '2026-11-01', negotiated: { [r.id]: '1234.565' } })[0].amount).toBe('1234.57');
    expect(computeLines([r], { date: '2026-11-01' })[0].amount).toBe('500.00');
  });
});

describe('choosing the rule', () => {
  const general = rule({ feeItemId: 7, price: '100', priority: 5 });
  const forCustomer = rule({ feeItemId: 7, price: '80', customerUserId: 42 });
  const forContract = rule({ feeItemId: 7, price: '60', customerUserId: 42, contractNo: 'HT-2026-01' });

  it("takes the customer's rule over the general one, and the contract's over both", () => {
    const rules = [general, forCustomer, forContract];
    expect(computeLines(rules, { date: '2026-11-01' })[0].amount).toBe('100.00');
    expect(computeLines(rules, { date: '2026-11-01', customerUserId: 42 })[0].amount).toBe('80.00');
    expect(computeLines(rules, { date: '2026-11-01', customerUserId: 42, contractNo: 'HT-2026-01' })[0].amount).toBe('60.00');
    expect(computeLines(rules, { date: '2026-11-01', customerUserId: 43, contractNo: 'HT-2026-01' })[0].amount).toBe('100.00');
  });

  it('applies a rule only between its effective dates (inclusive)', () => {
    const old = rule({ feeItemId: 8, price: '10', effectiveTo: '2026-10-31' });
    const current = rule({ feeItemId: 8, price: '12', effectiveFrom: '2026-11-01' });
    expect(computeLines([old, current], { date: '2026-10-31' })[0].amount).toBe('10.00');
    expect(computeLines([old, current], { date: '2026-11-01' })[0].amount).toBe('12.00');
  });

  it('skips invalid rules and other billing objects, one line per fee item', () => {
    const off = rule({ feeItemId: 9, price: '99', valid: false });
    const vehicle = rule({ feeItemId: 10, price: '20', billingObject: 'vehicle' });
    const cargo = rule({ feeItemId: 11, price: '30' });
    expect(computeLines([off, vehicle, cargo], { date: '2026-11-01', billingObject: 'cargo' }).map((l) => l.amount)).toEqual(['30.00']);
    const both = computeLines([off, vehicle, cargo], { date: '2026-11-01' });
    expect(both.map((l) => l.amount)).toEqual(['20.00', '30.00']);
    expect(totalOf(both)).toBe('50.00');
  });

  it('breaks a tie by priority', () => {
    const a = rule({ feeItemId: 12, price: '1', priority: 1 });
    const b = rule({ feeItemId: 12, price: '2', priority: 9 });
    expect(computeLines([a, b], { date: '2026-11-01' })[0].amount).toBe('2.00');
  });
});

describe('parseTiers', () => {
  it('reads stored tiers and refuses what is not a list', () => {
    expect(parseTiers('[{"from":0,"to":"","price":"2.5"}]')).toEqual([{ from: '0', to: null, price: '2.5' }]);
    expect(parseTiers('')).toEqual([]);
    expect(() => parseTiers('{"a":1}')).toThrow();
  });
});
