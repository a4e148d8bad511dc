// The charging-rule engine (pure, isomorphic): picks the rule that applies to each fee item
// and computes one bill line per item with decimal.js, explaining rule, quantity and rate.
//
// Conventions (tested in engine.test.ts):
// - Rule choice per fee item: only valid rules of valid items, effective on the date
//   (effectiveFrom ≤ date ≤ effectiveTo, both inclusive, open ends allowed), matching the
//   billing object when one is asked for, and whose customer / contract is either empty or the
//   input's. The most specific wins: contract > customer > general; then higher priority;
//   then the newest rule (highest id).
// - quantityTiered is progressive: tier {from, to, price} covers the part of the quantity in
//   (from, to] (to = null: no upper end); each portion is priced at its tier's price, like
//   income-tax brackets. 0–100 @10, 100–∞ @8 for 150 t = 100×10 + 50×8 = 1400.00.
// - timeTiered counts days: day numbers 1..freeDays are free; each later day d is priced by
//   the tier whose inclusive day range [from, to] contains d (to = null: no end), or by the
//   rule's price when no tier covers it. 30 days, free 7, 8–15 ×2, 16–30 ×3 = 16 + 45 = 61.00.
//   A quantity (tonnes, containers) multiplies the day total.
// - negotiated: the agreed amount for the rule (input.negotiated[ruleId]), else its price.
// - Amounts are computed exactly and rounded once per line, half-up to 2 decimals.
import Decimal from 'decimal.js';

export const BILLING_METHODS = ['fixed', 'perQuantity', 'quantityTiered', 'timeTiered', 'negotiated'] as const;
export type BillingMethod = (typeof BILLING_METHODS)[number];

export interface Tier {
  from: string;
  /** Empty / null: no upper end. */
  to: string | null;
  price: string;
}

export interface EngineRule {
  id: number;
  feeItemId: number;
  feeItemName: string;
  ruleName: string;
  billingObject: string;
  settlementMethod?: string;
  currency?: string;
  /** The fee item's standard (shown on the line). */
  standard: string | null;
  method: BillingMethod;
  price: string;
  unit: string | null;
  tiers: Tier[];
  freeDays: number;
  effectiveFrom: string | null;
  effectiveTo: string | null;
  customerUserId: number | null;
  contractNo: string | null;
  priority: number;
  /** Rule valid and its fee item valid. */
  valid: boolean;
}

/** A rule of these fields, the others those of a general, valid, fixed charge of 0 (no unit, tiers, free days or dates). */
export const engineRule = (over: Partial<EngineRule>): EngineRule => ({
  id: 0, feeItemId: 0, feeItemName: '', ruleName: '', billingObject: 'cargo', standard: null, method: 'fixed', price: '0', unit: null, tiers: [], freeDays: 0,
  effectiveFrom: null, effectiveTo: null, customerUserId: null, contractNo: null, priority: 0, valid: true, ...over,
});

export interface EngineInput {
  date: string;
  quantity?: string;
  days?: number;
  customerUserId?: number;
  contractNo?: string;
  billingObject?: string;
  negotiated?: Record<number, string>;
}

export interface EngineLine {
  ruleId: number;
  feeItemId: number;
  feeItemName: string;
  rate: string;
  chargingMethod: BillingMethod;
  standard: string | null;
  unit: string | null;
  quantity: string;
  amount: string;
  currency: string | null;
  source: 'rule';
  explanation: string;
}

/** Words of the explanation; the default is Chinese (what bills store), callers may translate. */
export interface ExplainWords {
  days: string;
  free: string;
  dayRange: string;
  agreed: string;
}

export const ZH_WORDS: ExplainWords = { days: '天', free: '免', dayRange: '天', agreed: '协议价' };

const money = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
const rate = (s: string) => {
  const d = new Decimal(s);
  return d.decimalPlaces() <= 2 ? d.toFixed(2) : d.toString();
};
const num = (d: Decimal) => d.toString();

function specificity(r: EngineRule): number {
  if (r.contractNo) return 3;
  if (r.customerUserId !== null) return 2;
  return 1;
}

/** The rules that may apply to the input, the most specific first within each fee item. */
export function applicableRules(rules: EngineRule[], input: EngineInput): EngineRule[] {
  const ok = rules.filter(
    (r) =>
      r.valid &&
      (!r.effectiveFrom || r.effectiveFrom <= input.date) &&
      (!r.effectiveTo || input.date <= r.effectiveTo) &&
      (!input.billingObject || r.billingObject === input.billingObject) &&
      (r.customerUserId === null || r.customerUserId === input.customerUserId) &&
      (!r.contractNo || r.contractNo === input.contractNo),
  );
  return ok.sort((a, b) => a.feeItemId - b.feeItemId || specificity(b) - specificity(a) || b.priority - a.priority || b.id - a.id);
}

/** One rule per fee item: the winner of applicableRules. */
export function chooseRules(rules: EngineRule[], input: EngineInput): EngineRule[] {
  const seen = new Set<number>();
  return applicableRules(rules, input).filter((r) => (seen.has(r.feeItemId) ? false : (seen.add(r.feeItemId), true)));
}

function progressive(q: Decimal, tiers: Tier[]): { total: Decimal; parts: string[] } {
  let total = new Decimal(0);
  const parts: string[] = [];
  for (const t of [...tiers].sort((a, b) => new Decimal(a.from).cmp(b.from))) {
    const from = new Decimal(t.from);
    const upper = t.to === null || t.to === '' ? q : Decimal.min(q, t.to);
    const portion = upper.minus(from);
    if (portion.lte(0)) continue;
    total = total.plus(portion.times(t.price));
    parts.push(`${num(from)}–${t.to === null || t.to === '' ? '∞' : num(new Decimal(t.to))}: ${num(portion)}×${rate(t.price)}`);
  }
  return { total, parts };
}

function byDays(days: number, freeDays: number, tiers: Tier[], fallback: string, w: ExplainWords): { total: Decimal; parts: string[] } {
  // Consecutive chargeable days with the same price are grouped into one explanation part.
  let total = new Decimal(0);
  const groups: { from: number; to: number; price: string }[] = [];
  for (let d = freeDays + 1; d <= days; d++) {
    const tier = tiers.find((t) => Number(t.from) <= d && (t.to === null || t.to === '' || d <= Number(t.to)));
    const price = tier ? tier.price : fallback;
    total = total.plus(price);
    const last = groups[groups.length - 1];
    if (last && last.to === d - 1 && new Decimal(last.price).eq(price)) last.to = d;
    else groups.push({ from: d, to: d, price });
  }
  return { total, parts: groups.map((g) => `${g.from}–${g.to}${w.dayRange}×${rate(g.price)}`) };
}

/** The bill line of one rule. */
export function computeLine(r: EngineRule, input: EngineInput, w: ExplainWords = ZH_WORDS): EngineLine {
  const q = new Decimal(input.quantity && input.quantity !== '' ? input.quantity : '1');
  const unit = r.unit ?? '';
  let exact: Decimal;
  let how: string;
  switch (r.method) {
    case 'fixed':
      exact = new Decimal(r.price);
      how = `${rate(r.price)}`;
      break;
    case 'perQuantity':
      exact = q.times(r.price);
      how = `${num(q)}${unit}×${rate(r.price)}`;
      break;
    case 'quantityTiered': {
      const p = progressive(q, r.tiers);
      exact = p.total;
      how = `${num(q)}${unit}, ${p.parts.join(', ')}`;
      break;
    }
    case 'timeTiered': {
      const days = input.days ?? 0;
      const p = byDays(days, r.freeDays, r.tiers, r.price, w);
      const head = [`${days}${w.days}`, r.freeDays > 0 ? `${w.free}${r.freeDays}${w.days}` : '', ...p.parts].filter(Boolean).join(', ');
      exact = p.total.times(q);
      how = q.eq(1) && !input.quantity ? head : `${num(q)}${unit} × (${head})`;
      break;
    }
    case 'negotiated': {
      const agreed = input.negotiated?.[r.id] ?? r.price;
      exact = new Decimal(agreed);
      how = `${w.agreed} ${rate(agreed)}`;
      break;
    }
  }
  const amount = money(exact);
  return {
    ruleId: r.id,
    feeItemId: r.feeItemId,
    feeItemName: r.feeItemName,
    rate: rate(r.price),
    chargingMethod: r.method,
    standard: r.standard,
    unit: r.unit,
    quantity: r.method === 'timeTiered' && !input.quantity ? String(input.days ?? 0) : num(q),
    amount,
    currency: r.currency ?? null,
    source: 'rule',
    explanation: `${r.feeItemName}: ${how} = ${amount}`,
  };
}

/** Bill lines for an input: one per fee item, from the most specific applicable rule. */
export function computeLines(rules: EngineRule[], input: EngineInput, w: ExplainWords = ZH_WORDS): EngineLine[] {
  return chooseRules(rules, input).map((r) => computeLine(r, input, w));
}

/** Sum of line amounts (already rounded per line). */
export function totalOf(lines: { amount: string }[]): string {
  return lines.reduce((s, l) => s.plus(l.amount), new Decimal(0)).toFixed(2);
}

/** Tiers as stored (JSON text) to checked tiers; throws on anything that is not a tier list. */
export function parseTiers(json: unknown): Tier[] {
  const raw = typeof json === 'string' ? (json.trim() === '' ? [] : JSON.parse(json)) : (json ?? []);
  if (!Array.isArray(raw)) throw new Error('tiers');
  return raw.map((t: Record<string, unknown>) => ({
    from: String(t.from ?? '0'),
    to: t.to === null || t.to === undefined || t.to === '' ? null : String(t.to),
    price: String(t.price ?? '0'),
  }));
}
