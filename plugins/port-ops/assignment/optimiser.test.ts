// The assignment optimiser on hand-checked cases (the expected allocation and why in each name)
// and against a brute-force enumeration of every allocation on many random small cases.
import { describe, expect, it } from 'vitest';
import { buildModel, optimise, type AssignmentRule, type FleetFacts, type FleetModel, type SourceInput } from './optimiser';

let nextRule = 1;
const rule = (attribute: AssignmentRule['attribute'], kind: AssignmentRule['kind'], weight = 1, parameters: Record<string, unknown> = {}, priority = 0): AssignmentRule => ({
  id: nextRule++,
  name: `${attribute}-${kind}`,
  attribute,
  kind,
  weight,
  priority,
  parameters,
});
const fleet = (id: number, over: Partial<FleetFacts> = {}): FleetFacts => ({
  id,
  name: `车队${id}`,
  capacityTonnes: 100,
  qualified: true,
  blacklisted: false,
  pricePerTonne: 100,
  onTimeRate: 95,
  lossRate: 0.1,
  vehicleTypes: ['flatbed'],
  dangerousGoodsLicence: false,
  ...over,
});
const tonnesOf = (r: ReturnType<typeof optimise>) => Object.fromEntries(r.fleets.filter((f) => f.tonnes > 0).map((f) => [f.fleetId, f.tonnes]));
const byId = (r: ReturnType<typeof optimise>, id: number) => r.fleets.find((f) => f.fleetId === id)!;

describe('hand-checked allocations', () => {
  it('fills the cheapest fleet first when costs are linear: 10 t → fleet 1 (price 100) takes its 6 t, fleet 2 (150) the other 4', () => {
    const r = optimise({ tonnes: 10, lotTonnes: 1 }, [fleet(2, { pricePerTonne: 150 }), fleet(1, { capacityTonnes: 6 }), fleet(3, { pricePerTonne: 200 })], [rule('price', 'score', 10)]);
    expect(tonnesOf(r)).toEqual({ 1: 6, 2: 4 });
    // Fleet 2's price score is (150 − 100) / (200 − 100) = 0.5, × weight 10 = 5 per tonne, × 4 t = 20.
    expect(r.totalCost).toBe(20);
    expect(r.unplacedTonnes).toBe(0);
    expect(r.unplacedReason).toBeNull();
  });

  it('a minimum lot of 5 t beats greedy: fleet 1 (cheapest, 6 t free) takes 5 t so that fleet 2 can take its minimum 5 t (greedy 6 + 4 is not allowed)', () => {
    const r = optimise(
      { tonnes: 10, lotTonnes: 1 },
      [fleet(1, { capacityTonnes: 6 }), fleet(2, { pricePerTonne: 200 }), fleet(3, { pricePerTonne: 300 })],
      [rule('price', 'score', 10), rule('capacity', 'filter', 1, { minLots: 5 })]
    );
    expect(tonnesOf(r)).toEqual({ 1: 5, 2: 5 });
    expect(r.totalCost).toBe(25);
    expect(byId(r, 1).minTonnes).toBe(5);
  });

  it('a preferred share of 60 % with surcharge 20/t splits 10 t as 6 t to fleet 1 and 4 t to the dearer fleet 2 (10/t) rather than 10 t to fleet 1', () => {
    const r = optimise({ tonnes: 10, lotTonnes: 1 }, [fleet(1), fleet(2, { pricePerTonne: 200 })], [rule('price', 'score', 10), rule('shareCap', 'score', 20, { preferredPercent: 60 })]);
    expect(tonnesOf(r)).toEqual({ 1: 6, 2: 4 });
    expect(r.totalCost).toBe(40);
    const share = byId(r, 1).terms.find((t) => t.attribute === 'shareCap')!;
    expect(share).toMatchObject({ value: 60, tonnes: 0, cost: 0 });
  });

  it('a hard share cap of 40 % keeps each of three equal fleets to 4 t of 10 t (4 + 4 + 2)', () => {
    const r = optimise(
      { tonnes: 10, lotTonnes: 1 },
      [fleet(1), fleet(2, { onTimeRate: 90 }), fleet(3, { onTimeRate: 80 })],
      [rule('onTime', 'score', 5), rule('shareCap', 'filter', 1, { maxPercent: 40 })]
    );
    expect(tonnesOf(r)).toEqual({ 1: 4, 2: 4, 3: 2 });
    expect(r.fleets.every((f) => f.maxTonnes <= 4)).toBe(true);
    expect(byId(r, 1).sharePercent).toBe(40);
  });

  it("a fleet's own cap (contract) bounds it below its free capacity: fleet 1 capped at 3 t, fleet 2 takes 7 t", () => {
    const r = optimise({ tonnes: 10, lotTonnes: 1 }, [fleet(1, { capTonnes: 3 }), fleet(2, { pricePerTonne: 120 })], [rule('price', 'score', 1)]);
    expect(tonnesOf(r)).toEqual({ 1: 3, 2: 7 });
  });

  it('reports a capacity shortfall: 7 t free for 10 t places 7 t and leaves 3 t unplaced (capacity)', () => {
    const r = optimise({ tonnes: 10, lotTonnes: 1 }, [fleet(1, { capacityTonnes: 3 }), fleet(2, { capacityTonnes: 4 })], [rule('price', 'score', 1)]);
    expect(r.placedTonnes).toBe(7);
    expect(r.unplacedTonnes).toBe(3);
    expect(r.unplacedReason).toBe('capacity');
  });

  it('places whole trucks: 100 t in 32 t lots is 3 trucks (96 t) and 4 t below one lot', () => {
    const r = optimise({ tonnes: 100, lotTonnes: 32 }, [fleet(1, { capacityTonnes: 64 }), fleet(2, { capacityTonnes: 200, pricePerTonne: 110 })], [rule('price', 'score', 1)]);
    expect(tonnesOf(r)).toEqual({ 1: 64, 2: 32 });
    expect(r.unplacedTonnes).toBe(4);
    expect(r.unplacedReason).toBe('belowLot');
  });

  it('places nothing when every fleet is filtered out, and says which rule excluded each one', () => {
    const rules = [rule('blacklist', 'filter', 1, {}, 9), rule('qualification', 'filter', 1, {}, 5), rule('dangerousGoods', 'filter'), rule('price', 'score', 1)];
    const r = optimise(
      { tonnes: 10, lotTonnes: 1, dangerousGoods: true },
      [
        fleet(1, { blacklisted: true, blacklistReason: '货损拒赔' }),
        fleet(2, {
          qualified: false,
          qualificationReasons: ['道路运输许可证过期'],
          dangerousGoodsLicence: true,
        }),
        fleet(3),
      ],
      rules
    );
    expect(r.placedTonnes).toBe(0);
    expect(r.unplacedTonnes).toBe(10);
    expect(r.unplacedReason).toBe('noFleet');
    expect(r.fleets.every((f) => f.status === 'excluded')).toBe(true);
    expect(byId(r, 1).excludedBy.map((e) => e.code)).toEqual(['blacklisted', 'dangerousGoods']);
    expect(byId(r, 1).excludedBy[0].values.reason).toBe('货损拒赔');
    expect(byId(r, 2).excludedBy.map((e) => e.code)).toEqual(['notQualified']);
    expect(byId(r, 3).excludedBy.map((e) => e.code)).toEqual(['dangerousGoods']);
  });

  it('excludes by vehicle type, on-time floor, loss ceiling, price ceiling and minimum lot; the one fleet passing all takes the source', () => {
    const r = optimise(
      { tonnes: 30, lotTonnes: 1, vehicleTypes: ['tanker'] },
      [
        fleet(1, { vehicleTypes: ['flatbed'] }),
        fleet(2, { vehicleTypes: ['tanker'], onTimeRate: 70 }),
        fleet(3, { vehicleTypes: ['tanker'], lossRate: 2 }),
        fleet(4, { vehicleTypes: ['tanker'], pricePerTonne: 300 }),
        fleet(5, { vehicleTypes: ['tanker'], capacityTonnes: 5 }),
        fleet(6, { vehicleTypes: ['tanker', 'flatbed'] }),
      ],
      [
        rule('vehicleType', 'filter'),
        rule('onTime', 'filter', 1, { minRate: 85 }),
        rule('loss', 'filter', 1, { maxRate: 0.5 }),
        rule('price', 'filter', 1, { maxPerTonne: 250 }),
        rule('capacity', 'filter', 1, { minLots: 10 }),
      ]
    );
    expect(tonnesOf(r)).toEqual({ 6: 30 });
    expect([1, 2, 3, 4, 5].map((id) => byId(r, id).excludedBy[0].code)).toEqual(['vehicleType', 'onTimeBelow', 'lossAbove', 'priceAbove', 'belowMinLot']);
    expect(byId(r, 2).excludedBy[0].values).toEqual({ value: 70, min: 85 });
  });

  it("explains a fleet's cost: each score term's value, normalised score, weight and contribution add up to the fleet's cost", () => {
    const r = optimise(
      { tonnes: 20, lotTonnes: 1 },
      [
        fleet(1, {
          pricePerTonne: 100,
          onTimeRate: 80,
          lossRate: 0.3,
          capacityTonnes: 12,
        }),
        fleet(2, { pricePerTonne: 140, onTimeRate: 98, lossRate: 0.1 }),
        fleet(3, { pricePerTonne: 120, onTimeRate: 90, lossRate: 0.2 }),
      ],
      [rule('price', 'score', 6), rule('onTime', 'score', 3), rule('loss', 'score', 2)]
    );
    const f3 = byId(r, 3);
    const price = f3.terms.find((t) => t.attribute === 'price')!;
    expect(price).toMatchObject({
      value: 120,
      score: 0.5,
      weight: 6,
      perTonne: 3,
    });
    const onTime = f3.terms.find((t) => t.attribute === 'onTime')!;
    expect(onTime.score).toBeCloseTo(8 / 18, 5);
    for (const f of r.fleets) expect(f.terms.reduce((s, t) => s + t.cost, 0)).toBeCloseTo(f.cost, 6);
    expect(r.fleets.reduce((s, f) => s + f.cost, 0)).toBeCloseTo(r.totalCost, 6);
    expect(r.fleets.reduce((s, f) => s + f.tonnes, 0)).toBe(20);
  });

  it('gives the same allocation whatever the order of the fleets, equal fleets included (ties go by fleet id)', () => {
    const fleets = [fleet(4), fleet(2), fleet(9), fleet(1, { pricePerTonne: 90 }), fleet(7)].map((f) => ({ ...f, capacityTonnes: 4 }));
    const rules = [rule('price', 'score', 1)];
    const a = optimise({ tonnes: 10, lotTonnes: 1 }, fleets, rules);
    const b = optimise({ tonnes: 10, lotTonnes: 1 }, [...fleets].reverse(), rules);
    expect(b).toEqual(a);
    expect(byId(a, 1).tonnes).toBe(4);
  });

  it('ignores a rule its attribute does not support (a score on the blacklist) and says so', () => {
    const bad = rule('blacklist', 'score', 5);
    const r = optimise({ tonnes: 5, lotTonnes: 1 }, [fleet(1)], [bad]);
    expect(r.ignoredRules).toEqual([bad.id]);
    expect(r.placedTonnes).toBe(5);
  });
});

// A seeded pseudo-random generator, so a failure can be replayed.
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Every allocation in lots: the most lots placed, then the least cost, computed from the terms. */
function bruteForce(models: FleetModel[], lots: number, lot: number): { placed: number; cost: number } {
  const base = models.map((m) => m.terms.reduce((s, t) => s + t.perTonne, 0));
  const cost = (i: number, x: number) => x * lot * base[i] + models[i].shareTerms.reduce((s, t) => s + t.rule.weight * lot * Math.max(0, x - t.aboveLots), 0);
  let best = { placed: -1, cost: Infinity };
  const walk = (i: number, placed: number, sum: number) => {
    if (i === models.length) {
      if (placed > best.placed || (placed === best.placed && sum < best.cost - 1e-9)) best = { placed, cost: sum };
      return;
    }
    walk(i + 1, placed, sum);
    const m = models[i];
    for (let x = m.minLots; x <= m.maxLots && placed + x <= lots; x++) walk(i + 1, placed + x, sum + cost(i, x));
  };
  walk(0, 0, 0);
  return best;
}

describe('against brute force', () => {
  it('finds the most tonnes placed at the least cost on 400 random small cases, within capacity, caps and minimum lots', () => {
    const rnd = random(20261128);
    const int = (a: number, b: number) => a + Math.floor(rnd() * (b - a + 1));
    for (let c = 0; c < 400; c++) {
      const lot = [1, 2, 5][int(0, 2)];
      const source: SourceInput = {
        tonnes: lot * int(0, 14) + (rnd() < 0.2 ? 1 : 0),
        lotTonnes: lot,
      };
      const fleets = Array.from({ length: int(2, 5) }, (_, i) =>
        fleet(i + 1, {
          capacityTonnes: int(0, 10) * lot,
          capTonnes: rnd() < 0.3 ? int(1, 8) * lot : null,
          pricePerTonne: int(80, 160),
          onTimeRate: int(70, 100),
          lossRate: int(0, 20) / 10,
          blacklisted: rnd() < 0.1,
        })
      );
      const rules = [rule('blacklist', 'filter'), rule('price', 'score', int(1, 10)), rule('onTime', 'score', int(0, 10)), rule('loss', 'score', int(0, 5))];
      if (rnd() < 0.6) rules.push(rule('capacity', 'filter', 1, { minLots: int(1, 4) }));
      if (rnd() < 0.5)
        rules.push(
          rule('shareCap', 'score', int(1, 15), {
            preferredPercent: int(20, 70),
          })
        );
      if (rnd() < 0.3)
        rules.push(
          rule('shareCap', 'score', int(1, 15), {
            preferredPercent: int(40, 90),
          })
        );
      if (rnd() < 0.3) rules.push(rule('shareCap', 'filter', 1, { maxPercent: int(30, 80) }));
      const label = `case ${c}: ${JSON.stringify({ source, fleets, rules })}`;

      const r = optimise(source, fleets, rules);
      const { models, lots } = buildModel(source, fleets, rules);
      const best = bruteForce(models, lots, lot);
      expect(r.placedTonnes, label).toBeCloseTo(best.placed * lot, 6);
      expect(r.totalCost, label).toBeCloseTo(best.cost, 4);
      // The constraints, checked on the answer itself.
      expect(r.placedTonnes + r.unplacedTonnes, label).toBeCloseTo(source.tonnes, 6);
      for (const f of r.fleets) {
        const m = models.find((x) => x.fleet.id === f.fleetId)!;
        if (f.tonnes === 0) continue;
        expect(f.status, label).toBe('allocated');
        expect(f.tonnes, label).toBeLessThanOrEqual(Math.min(m.fleet.capacityTonnes, m.fleet.capTonnes ?? Infinity) + 1e-9);
        expect(f.lots, label).toBeGreaterThanOrEqual(m.minLots);
        expect(f.lots, label).toBeLessThanOrEqual(m.maxLots);
      }
    }
  });
});
