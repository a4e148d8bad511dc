// The assignment of one published cargo source across fleets, as an optimisation (pure: no DB,
// runs on the server and in the browser).
//
// The model (why it is not "cheapest fleet first"):
// - The source is placed in lots of `lotTonnes` (1 for whole tonnes, a truck's load for whole
//   trucks); a remainder smaller than one lot is reported, never an error.
// - Filter rules exclude fleets (not qualified, blacklisted, no vehicle of a required type, no
//   dangerous-goods licence, on-time rate too low, loss rate or price too high, free capacity
//   below the minimum lot).
// - Each remaining fleet i may take x_i lots with x_i = 0 or m_i ≤ x_i ≤ u_i: m_i is the minimum
//   lot (capacity rule `minLots`: a fleet order of fewer trucks is not worth a fleet's trip
//   to the port), u_i the smaller of its free capacity in the loading window and its share cap
//   (fleet's own capTonnes, shareCap filter rule `maxPercent`).
// - Its cost is per tonne: Σ weight × normalised score over the score rules (0 best, 1 worst
//   among the candidates, min–max over the candidates' values), plus, for each shareCap score
//   rule, `weight` per tonne above its `preferredPercent` of the source (spreading the work so
//   that no fleet holds the source alone). The preferred share need not be a whole number of
//   lots: the lot that crosses it is charged only for its tonnes above it. That cost is piecewise
//   linear in x_i (a piece per lot count where a lot's cost changes).
// - Objective: place as many lots as possible, then the least total weighted cost.
// Minimum lots make the feasible set non-convex (0 or ≥ m), so greedy filling is not optimal
// (e.g. a cheap fleet whose minimum lot overshoots what is left). The solver is an exact dynamic
// programme over fleets and placed lots; each fleet's step is a min-plus product with a piecewise
// linear cost, done per linear piece with a sliding-window minimum: O(fleets × lots × pieces).
// Fleets are taken in id order, so the same input gives the same allocation whatever its order.

export const ATTRIBUTES = ['qualification', 'vehicleType', 'dangerousGoods', 'capacity', 'price', 'onTime', 'loss', 'shareCap', 'blacklist'] as const;
export type AttributeCode = (typeof ATTRIBUTES)[number];
export const RULE_KINDS = ['filter', 'score'] as const;
export type RuleKind = (typeof RULE_KINDS)[number];
export type Direction = 'lowerBetter' | 'higherBetter';

/** What each built-in attribute supports: its kinds, the direction of its scores, its parameters. */
export const ATTRIBUTE_SPEC: Record<
  AttributeCode,
  {
    kinds: readonly RuleKind[];
    direction?: Direction;
    unit?: string;
    params: Partial<Record<RuleKind, readonly string[]>>;
  }
> = {
  qualification: { kinds: ['filter'], params: {} },
  vehicleType: { kinds: ['filter'], params: {} },
  dangerousGoods: { kinds: ['filter'], params: {} },
  capacity: { kinds: ['filter'], unit: 't', params: { filter: ['minLots'] } },
  price: {
    kinds: ['filter', 'score'],
    direction: 'lowerBetter',
    unit: 'CNY/t',
    params: { filter: ['maxPerTonne'] },
  },
  onTime: {
    kinds: ['filter', 'score'],
    direction: 'higherBetter',
    unit: '%',
    params: { filter: ['minRate'] },
  },
  loss: {
    kinds: ['filter', 'score'],
    direction: 'lowerBetter',
    unit: '%',
    params: { filter: ['maxRate'] },
  },
  shareCap: {
    kinds: ['filter', 'score'],
    unit: '%',
    params: { filter: ['maxPercent'], score: ['preferredPercent'] },
  },
  blacklist: { kinds: ['filter'], params: {} },
};

export interface SourceInput {
  /** Tonnes to place. */
  tonnes: number;
  /** The granularity: tonnes in one lot (1 = whole tonnes; 32 = whole trucks of 32 t). */
  lotTonnes: number;
  /** Vehicle types the cargo needs (any one of them); empty or absent: any type. */
  vehicleTypes?: string[];
  dangerousGoods?: boolean;
}

export interface FleetFacts {
  id: number;
  name: string;
  /** Free capacity in the loading window (vehicles free × their load). */
  capacityTonnes: number;
  /** A cap of the fleet's own (contract), beside the rules' share cap; null: none. */
  capTonnes?: number | null;
  qualified: boolean;
  /** Why not qualified (licence expired, …), shown as given. */
  qualificationReasons?: string[];
  vehicleTypes?: string[];
  dangerousGoodsLicence?: boolean;
  blacklisted: boolean;
  blacklistReason?: string | null;
  pricePerTonne: number;
  /** 0–100, higher better. */
  onTimeRate: number;
  /** 0–100 (% of tonnes lost or damaged), lower better. */
  lossRate: number;
}

export interface AssignmentRule {
  id: number;
  name: string;
  attribute: AttributeCode;
  kind: RuleKind;
  weight: number;
  priority: number;
  parameters?: Record<string, unknown>;
}

/** Why a filter rule excluded a fleet: a code (texts under portops:assignment.reason.<code>) and its values. */
export interface Exclusion {
  ruleId: number;
  ruleName: string;
  attribute: AttributeCode;
  code: 'notQualified' | 'vehicleType' | 'dangerousGoods' | 'belowMinLot' | 'priceAbove' | 'onTimeBelow' | 'lossAbove' | 'blacklisted';
  values: Record<string, string | number>;
}

/** One score term of a fleet's cost. */
export interface ScoreTerm {
  ruleId: number;
  ruleName: string;
  attribute: AttributeCode;
  /** The fleet's value (price per tonne, rate %), or for a preferred share the share %. */
  value: number;
  /** 0 (best) … 1 (worst) among the candidates; for a preferred share, 1 on each tonne above it. */
  score: number;
  weight: number;
  /** Cost per tonne this term adds (weight × score); for a preferred share, per tonne above it. */
  perTonne: number;
  /** Tonnes the term applies to in the allocation. */
  tonnes: number;
  /** Its part of the fleet's cost: perTonne × tonnes. */
  cost: number;
}

/**
 * What bounds a fleet's lots: its free capacity, its own cap (contract), the share cap rule, the
 * source itself; the minimum lot rule from below. Named in the reasons where it shaped a share.
 */
export type BoundCode = 'capacity' | 'ownCap' | 'shareCap' | 'source';

/** A rule or a fact that shaped a fleet's share (texts under portops:sources.why.shaped.<code>). */
export interface Shaping {
  code: BoundCode | 'minLot' | 'preferredShare' | 'notNeeded';
  ruleId?: number;
  ruleName?: string;
  values: Record<string, number>;
}

export interface FleetAllocation {
  fleetId: number;
  name: string;
  status: 'allocated' | 'unused' | 'excluded';
  lots: number;
  tonnes: number;
  /** Of the source's tonnes, 0–100, two decimals. */
  sharePercent: number;
  cost: number;
  /** The filters that excluded the fleet, highest priority first. */
  excludedBy: Exclusion[];
  terms: ScoreTerm[];
  /** What the fleet could take: 0 or between minTonnes and maxTonnes. */
  minTonnes: number;
  maxTonnes: number;
  /** Every rule and bound that shaped its share (where it stopped, what it was charged, why it took none). */
  shapedBy: Shaping[];
}

export interface AssignmentResult {
  lotTonnes: number;
  placedTonnes: number;
  unplacedTonnes: number;
  /**
   * Why tonnes stay unplaced, the true cause: the minimum lot (without it more would be placed),
   * the share cap rule (likewise), no fleet left by the filters, not enough free capacity, or
   * less than one lot left over.
   */
  unplacedReason: 'minLot' | 'shareCap' | 'noFleet' | 'capacity' | 'belowLot' | null;
  /** The rule behind a minLot or shareCap reason. */
  unplacedRule: { id: number; name: string } | null;
  totalCost: number;
  /** Allocated fleets (most tonnes first), then unused, then excluded, each by id. */
  fleets: FleetAllocation[];
  /** Rules the optimiser could not use (a kind its attribute does not support), by id. */
  ignoredRules: number[];
}

/** A fleet as the solver sees it: allowed lots and the cost of a lot count. */
export interface FleetModel {
  fleet: FleetFacts;
  minLots: number;
  maxLots: number;
  /** Cost per lot, by pieces: from `from` lots (0-based count already placed) on, each lot costs `perLot`. */
  pieces: { from: number; perLot: number }[];
  terms: Omit<ScoreTerm, 'tonnes' | 'cost'>[];
  /** Preferred-share terms: each tonne above `aboveTonnes` (the preferred % of the source, not rounded) adds the weight. */
  shareTerms: { rule: AssignmentRule; aboveTonnes: number; percent: number }[];
  excludedBy: Exclusion[];
  /** The upper bounds in lots, each with the rule behind it (the share cap), tightest first. */
  bounds: { code: BoundCode; lots: number; rule?: AssignmentRule }[];
  /** The minimum lot rule (when it asks more than one lot). */
  minRule?: AssignmentRule;
}

const EPS = 1e-9;
const num = (v: unknown, fallback: number) => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : typeof v === 'number' ? v : NaN;
  return Number.isFinite(n) ? n : fallback;
};
const round = (n: number, d = 4) => Math.round(n * 10 ** d) / 10 ** d;
const byPriority = (a: AssignmentRule, b: AssignmentRule) => b.priority - a.priority || a.id - b.id;
export const supports = (r: Pick<AssignmentRule, 'attribute' | 'kind'>) => ATTRIBUTE_SPEC[r.attribute]?.kinds.includes(r.kind) ?? false;

function exclusionOf(rule: AssignmentRule, f: FleetFacts, source: SourceInput, lot: number, bound: { code: BoundCode; lots: number }): Exclusion | null {
  const p = rule.parameters ?? {};
  const ex = (code: Exclusion['code'], values: Exclusion['values'] = {}): Exclusion => ({
    ruleId: rule.id,
    ruleName: rule.name,
    attribute: rule.attribute,
    code,
    values,
  });
  switch (rule.attribute) {
    case 'qualification':
      return f.qualified
        ? null
        : ex('notQualified', {
            reasons: (f.qualificationReasons ?? []).join('; '),
          });
    case 'blacklist':
      return f.blacklisted ? ex('blacklisted', { reason: f.blacklistReason ?? '' }) : null;
    case 'vehicleType': {
      const need = source.vehicleTypes ?? [];
      return need.length === 0 || need.some((t) => (f.vehicleTypes ?? []).includes(t)) ? null : ex('vehicleType', { required: need.join(', ') });
    }
    case 'dangerousGoods':
      return source.dangerousGoods && !f.dangerousGoodsLicence ? ex('dangerousGoods') : null;
    case 'capacity': {
      // The true cause: the bound that keeps the fleet below the minimum (its free capacity, its
      // own cap, the share cap rule, or the source itself being smaller than the minimum lot).
      const minLots = Math.max(1, Math.floor(num(p.minLots, 1)));
      return bound.lots < minLots
        ? ex('belowMinLot', {
            limit: bound.code,
            capacityTonnes: f.capacityTonnes,
            maxTonnes: round(bound.lots * lot),
            minLots,
            lotTonnes: round(lot),
            minTonnes: round(minLots * lot),
            sourceTonnes: source.tonnes,
          })
        : null;
    }
    case 'price': {
      const max = num(p.maxPerTonne, Infinity);
      return f.pricePerTonne > max + EPS ? ex('priceAbove', { value: f.pricePerTonne, max }) : null;
    }
    case 'onTime': {
      const min = num(p.minRate, -Infinity);
      return f.onTimeRate < min - EPS ? ex('onTimeBelow', { value: f.onTimeRate, min }) : null;
    }
    case 'loss': {
      const max = num(p.maxRate, Infinity);
      return f.lossRate > max + EPS ? ex('lossAbove', { value: f.lossRate, max }) : null;
    }
    default:
      return null;
  }
}

const valueOf = (attribute: AttributeCode, f: FleetFacts) => (attribute === 'price' ? f.pricePerTonne : attribute === 'onTime' ? f.onTimeRate : f.lossRate);

/** The solver's view of each fleet (in id order): the filters applied, the lot bounds and the cost pieces. */
export function buildModel(source: SourceInput, fleets: FleetFacts[], rules: AssignmentRule[]): { lots: number; lot: number; models: FleetModel[]; ignoredRules: number[] } {
  const lot = source.lotTonnes > 0 ? source.lotTonnes : 1;
  const lots = Math.max(0, Math.floor(source.tonnes / lot + EPS));
  const usable = rules.filter(supports).sort(byPriority);
  const ignoredRules = rules
    .filter((r) => !supports(r))
    .map((r) => r.id)
    .sort((a, b) => a - b);
  const filters = usable.filter((r) => r.kind === 'filter');
  const scores = usable.filter((r) => r.kind === 'score');
  const minLots = Math.max(1, ...filters.filter((r) => r.attribute === 'capacity').map((r) => Math.floor(num(r.parameters?.minLots, 1))));
  const capPercent = Math.min(100, ...filters.filter((r) => r.attribute === 'shareCap').map((r) => num(r.parameters?.maxPercent, 100)));

  const minRule = filters.find((r) => r.attribute === 'capacity' && Math.floor(num(r.parameters?.minLots, 1)) === minLots && minLots > 1);
  const capRule = filters.find((r) => r.attribute === 'shareCap' && num(r.parameters?.maxPercent, 100) === capPercent && capPercent < 100);

  const sorted = [...fleets].sort((a, b) => a.id - b.id);
  const lotsIn = (tonnes: number) => Math.max(0, Math.floor(tonnes / lot + EPS));
  const models: FleetModel[] = sorted.map((f) => {
    const bounds: FleetModel['bounds'] = [
      { code: 'capacity', lots: lotsIn(Math.max(0, f.capacityTonnes)) },
      ...(f.capTonnes === null || f.capTonnes === undefined ? [] : [{ code: 'ownCap' as const, lots: lotsIn(f.capTonnes) }]),
      ...(capRule ? [{ code: 'shareCap' as const, lots: lotsIn((capPercent / 100) * source.tonnes), rule: capRule }] : []),
      { code: 'source', lots },
    ];
    // Tightest first; on a tie the fleet's own facts before the rules, the source last.
    bounds.sort((a, b) => a.lots - b.lots);
    const maxLots = bounds[0].lots;
    const excludedBy = filters.map((r) => exclusionOf(r, f, source, lot, bounds[0])).filter((e): e is Exclusion => e !== null);
    return {
      fleet: f,
      minLots,
      maxLots: excludedBy.length ? 0 : maxLots,
      pieces: [],
      terms: [],
      shareTerms: [],
      excludedBy,
      bounds,
      minRule,
    };
  });

  // Scores are normalised over the fleets still in the running.
  const candidates = models.filter((m) => !m.excludedBy.length);
  const ranges = new Map(
    scores.map((r) => {
      const values = candidates.map((c) => valueOf(r.attribute, c.fleet));
      return [r.id, [Math.min(...values), Math.max(...values)]] as const;
    })
  );
  for (const m of candidates) {
    let perTonne = 0;
    for (const r of scores) {
      if (r.attribute === 'shareCap') {
        const percent = num(r.parameters?.preferredPercent, 100);
        m.shareTerms.push({ rule: r, percent, aboveTonnes: (percent / 100) * source.tonnes });
        continue;
      }
      const [lo, hi] = ranges.get(r.id)!;
      const v = valueOf(r.attribute, m.fleet);
      const score = hi - lo < EPS ? 0 : ATTRIBUTE_SPEC[r.attribute].direction === 'higherBetter' ? (hi - v) / (hi - lo) : (v - lo) / (hi - lo);
      perTonne += r.weight * score;
      m.terms.push({
        ruleId: r.id,
        ruleName: r.name,
        attribute: r.attribute,
        value: v,
        score: round(score, 6),
        weight: r.weight,
        perTonne: r.weight * score,
      });
    }
    // Pieces: lot k (0-based) costs lot × base plus, for each preferred share, the weight on its
    // tonnes above the share: none below it, the part above it in the lot that crosses it, all
    // of each later lot. A lot's cost changes only at the crossing lot and the one after it.
    const above = (k: number, s: FleetModel['shareTerms'][number]) => Math.min(lot, Math.max(0, (k + 1) * lot - s.aboveTonnes));
    const breaks = new Set([0]);
    for (const s of m.shareTerms) {
      const crossing = Math.max(0, Math.floor(s.aboveTonnes / lot + EPS));
      breaks.add(crossing);
      breaks.add(crossing + 1);
    }
    m.pieces = [...breaks]
      .sort((a, b) => a - b)
      .map((from) => ({ from, perLot: lot * perTonne + m.shareTerms.reduce((sum, s) => sum + s.rule.weight * above(from, s), 0) }));
  }
  return { lots, lot, models, ignoredRules };
}

/** The cost of x lots on a fleet (0 for none). */
export function costOf(m: FleetModel, x: number): number {
  let cost = 0;
  for (let i = 0; i < m.pieces.length; i++) {
    const end = i + 1 < m.pieces.length ? m.pieces[i + 1].from : Infinity;
    const n = Math.max(0, Math.min(x, end) - m.pieces[i].from);
    cost += n * m.pieces[i].perLot;
  }
  return cost;
}

/**
 * Lots per fleet (same order as models) placing the most lots possible at the least cost.
 * dp[j] = least cost of placing exactly j lots on the fleets seen so far.
 */
export function solve(models: FleetModel[], lots: number): number[] {
  const n = models.length;
  let dp = new Float64Array(lots + 1).fill(Infinity);
  dp[0] = 0;
  const choice: Int32Array[] = [];
  const deque = new Int32Array(lots + 1);
  const keyOf = new Float64Array(lots + 1);
  for (let i = 0; i < n; i++) {
    const m = models[i];
    const next = Float64Array.from(dp);
    const pick = new Int32Array(lots + 1);
    const lo0 = m.minLots;
    const hi0 = Math.min(m.maxLots, lots);
    if (hi0 >= lo0) {
      for (let p = 0; p < m.pieces.length; p++) {
        // x in [lo, hi] within this piece: cost(x) = base + perLot × (x − start).
        const start = m.pieces[p].from;
        const end = p + 1 < m.pieces.length ? m.pieces[p + 1].from : Infinity;
        const lo = Math.max(lo0, start);
        const hi = Math.min(hi0, end);
        if (lo > hi) continue;
        const slope = m.pieces[p].perLot;
        const offset = costOf(m, start) - slope * start;
        // min over k in [j − hi, j − lo] of dp[k] − slope·k, then + slope·j + offset; k = j − x.
        let head = 0;
        let tail = 0;
        let nextK = 0;
        for (let j = lo; j <= lots; j++) {
          for (; nextK <= j - lo; nextK++) {
            if (dp[nextK] === Infinity) continue;
            const key = dp[nextK] - slope * nextK;
            while (tail > head && keyOf[tail - 1] >= key - EPS) tail--;
            deque[tail] = nextK;
            keyOf[tail++] = key;
          }
          while (tail > head && deque[head] < j - hi) head++;
          if (tail === head) continue;
          const value = keyOf[head] + slope * j + offset;
          if (value < next[j] - EPS) {
            next[j] = value;
            pick[j] = j - deque[head];
          }
        }
      }
    }
    choice.push(pick);
    dp = next;
  }
  let j = lots;
  while (j > 0 && dp[j] === Infinity) j--;
  const x = new Array<number>(n).fill(0);
  for (let i = n - 1; i >= 0; i--) {
    x[i] = choice[i][j];
    j -= x[i];
  }
  return x;
}

/** What shaped a fleet's lots x: the bounds it reached, the minimum it sits at, the preferred shares it reached or passed; for none taken, why. */
function shapingOf(m: FleetModel, x: number, lot: number): Shaping[] {
  if (m.excludedBy.length) return [];
  const out: Shaping[] = [];
  const t = (lots: number) => round(lots * lot);
  for (const b of m.bounds) {
    if (b.lots !== x || (x === 0 && m.maxLots > 0)) continue;
    // The source bounds every fleet; it is worth naming only when it is what stopped this one.
    if (b.code === 'source' && m.bounds.some((o) => o.code !== 'source' && o.lots === x)) continue;
    const extra: Record<string, number> = b.rule ? { percent: num(b.rule.parameters?.maxPercent, 100) } : b.code === 'capacity' ? { capacity: round(m.fleet.capacityTonnes) } : {};
    out.push({ code: b.code, ruleId: b.rule?.id, ruleName: b.rule?.name, values: { tonnes: t(b.lots), ...extra } });
  }
  if (x > 0 && m.minRule && x === m.minLots) out.push({ code: 'minLot', ruleId: m.minRule.id, ruleName: m.minRule.name, values: { lots: m.minLots, tonnes: t(m.minLots), lotTonnes: round(lot) } });
  for (const s of m.shareTerms) {
    // Reached: one more lot would be charged for tonnes above the preferred share (it stopped the fleet there), or passed.
    if (x > 0 && (x + 1) * lot > s.aboveTonnes + EPS) {
      out.push({ code: 'preferredShare', ruleId: s.rule.id, ruleName: s.rule.name, values: { percent: s.percent, tonnes: round(s.aboveTonnes), above: round(Math.max(0, x * lot - s.aboveTonnes)), weight: s.rule.weight } });
    }
  }
  if (x < m.maxLots && out.every((o) => o.code !== 'preferredShare')) out.push({ code: 'notNeeded', values: { max: t(m.maxLots) } });
  return out;
}

/** Lots placed under these rules (for the unplaced reason: the same source with a rule left out). */
const placedUnder = (source: SourceInput, fleets: FleetFacts[], rules: AssignmentRule[]) => {
  const { lots, models } = buildModel(source, fleets, rules);
  return solve(models, lots).reduce((a, b) => a + b, 0);
};

/** The allocation of a source across fleets under the rules, with each fleet's reasons. */
export function optimise(source: SourceInput, fleets: FleetFacts[], rules: AssignmentRule[]): AssignmentResult {
  const { lots, lot, models, ignoredRules } = buildModel(source, fleets, rules);
  const x = solve(models, lots);
  const placedLots = x.reduce((a, b) => a + b, 0);
  const placedTonnes = round(placedLots * lot);
  const unplacedTonnes = round(Math.max(0, source.tonnes - placedTonnes));
  const share = (t: number) => (source.tonnes > 0 ? Math.round((t / source.tonnes) * 10000) / 100 : 0);
  const out: FleetAllocation[] = models.map((m, i) => {
    const tonnes = round(x[i] * lot);
    const terms: ScoreTerm[] = m.terms.map((t) => ({
      ...t,
      perTonne: round(t.perTonne, 6),
      tonnes,
      cost: round(t.perTonne * tonnes, 6),
    }));
    for (const s of m.shareTerms) {
      const above = round(Math.max(0, x[i] * lot - s.aboveTonnes));
      terms.push({
        ruleId: s.rule.id,
        ruleName: s.rule.name,
        attribute: 'shareCap',
        value: s.percent,
        score: above > 0 ? 1 : 0,
        weight: s.rule.weight,
        perTonne: s.rule.weight,
        tonnes: above,
        cost: round(s.rule.weight * above, 6),
      });
    }
    const excluded = m.excludedBy.length > 0;
    return {
      fleetId: m.fleet.id,
      name: m.fleet.name,
      status: excluded ? 'excluded' : x[i] > 0 ? 'allocated' : 'unused',
      lots: x[i],
      tonnes,
      sharePercent: share(tonnes),
      cost: round(costOf(m, x[i]), 6),
      excludedBy: m.excludedBy,
      terms: excluded ? [] : terms,
      minTonnes: excluded ? 0 : round(m.minLots * lot),
      maxTonnes: excluded ? 0 : round(m.maxLots * lot),
      shapedBy: shapingOf(m, x[i], lot),
    };
  });
  const rank = { allocated: 0, unused: 1, excluded: 2 } as const;
  out.sort((a, b) => rank[a.status] - rank[b.status] || b.tonnes - a.tonnes || a.fleetId - b.fleetId);

  // The true cause of what stays unplaced: a rule without which more would be placed, before
  // "no fleet" and "capacity"; a remainder below one lot when every whole lot is placed.
  let unplacedReason: AssignmentResult['unplacedReason'] = null;
  let unplacedRule: AssignmentResult['unplacedRule'] = null;
  if (unplacedTonnes > EPS) {
    const usable = rules.filter(supports);
    const minRule = models[0]?.minRule;
    const capRule = models[0]?.bounds.find((b) => b.code === 'shareCap')?.rule;
    if (placedLots >= lots) unplacedReason = 'belowLot';
    else if (minRule && placedUnder(source, fleets, usable.filter((r) => !(r.attribute === 'capacity' && r.kind === 'filter'))) > placedLots) {
      unplacedReason = 'minLot';
      unplacedRule = { id: minRule.id, name: minRule.name };
    } else if (capRule && placedUnder(source, fleets, usable.filter((r) => !(r.attribute === 'shareCap' && r.kind === 'filter'))) > placedLots) {
      unplacedReason = 'shareCap';
      unplacedRule = { id: capRule.id, name: capRule.name };
    } else unplacedReason = models.some((m) => !m.excludedBy.length && m.maxLots >= m.minLots) ? 'capacity' : 'noFleet';
  }
  return {
    lotTonnes: lot,
    placedTonnes,
    unplacedTonnes,
    unplacedReason,
    unplacedRule,
    totalCost: round(
      out.reduce((s, f) => s + f.cost, 0),
      6
    ),
    fleets: out,
    ignoredRules,
  };
}
