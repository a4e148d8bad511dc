// Which dispatch rules apply to a source: enabled, in scope, the specific one over the general.
import { describe, expect, it } from 'vitest';
import { rulesFor, type ScopedRule } from './rules';

const rule = (id: number, over: Partial<ScopedRule> = {}): ScopedRule => ({
  id,
  name: `rule ${id}`,
  attribute: 'price',
  kind: 'score',
  weight: 1,
  priority: 0,
  scope: 'all',
  lineId: null,
  customerId: null,
  enabled: true,
  ...over,
});
const ids = (rs: ScopedRule[]) => rs.map((r) => r.id);

describe('rulesFor', () => {
  it('leaves out disabled rules and rules of another line or customer', () => {
    const rules = [
      rule(1),
      rule(2, { attribute: 'loss', enabled: false }),
      rule(3, { attribute: 'onTime', scope: 'line', lineId: 7 }),
      rule(4, {
        attribute: 'blacklist',
        kind: 'filter',
        scope: 'customer',
        customerId: 9,
      }),
    ];
    expect(ids(rulesFor(rules, { lineId: 8, customerId: 10 }))).toEqual([1]);
    expect(ids(rulesFor(rules, { lineId: 7, customerId: 9 })).sort()).toEqual([1, 3, 4]);
  });

  it('takes a line rule over the general one and a customer rule over both, for the same attribute and kind', () => {
    const rules = [rule(1, { priority: 50 }), rule(2, { scope: 'line', lineId: 7 }), rule(3, { scope: 'customer', customerId: 9 })];
    expect(ids(rulesFor(rules, {}))).toEqual([1]);
    expect(ids(rulesFor(rules, { lineId: 7 }))).toEqual([2]);
    expect(ids(rulesFor(rules, { lineId: 7, customerId: 9 }))).toEqual([3]);
  });

  it('in the same scope the higher priority wins, then the newer rule; a filter and a score on one attribute both stay', () => {
    const rules = [rule(1, { priority: 5 }), rule(2, { priority: 9 }), rule(3, { priority: 9 }), rule(4, { kind: 'filter', parameters: { maxPerTonne: 200 } })];
    expect(ids(rulesFor(rules, {}))).toEqual([3, 4]);
  });

  it('never applies a line rule without a line (a source with no line)', () => {
    expect(rulesFor([rule(1, { scope: 'line', lineId: null })], { lineId: null })).toEqual([]);
  });
});
