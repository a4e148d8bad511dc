// Which dispatch rules apply to a source: the enabled ones in its scope (all sources, its line,
// its customer), one per attribute and kind. As in the fee engine, the most specific scope wins
// (customer > line > all), then the higher priority, then the newer rule.
import type { AssignmentRule } from './optimiser';

export const SCOPES = ['all', 'line', 'customer'] as const;
export type Scope = (typeof SCOPES)[number];

export interface ScopedRule extends AssignmentRule {
  scope: Scope;
  lineId: number | null;
  customerId: number | null;
  enabled: boolean;
}

const specificity = (r: ScopedRule) => SCOPES.indexOf(r.scope);
const beats = (a: ScopedRule, b: ScopedRule) => (specificity(a) - specificity(b) || a.priority - b.priority || a.id - b.id) > 0;

function inScope(r: ScopedRule, at: { lineId?: number | null; customerId?: number | null }): boolean {
  if (r.scope === 'all') return true;
  if (r.scope === 'line') return r.lineId !== null && r.lineId === (at.lineId ?? null);
  return r.customerId !== null && r.customerId === (at.customerId ?? null);
}

/** The rules for a source on this line for this customer, highest priority first. */
export function rulesFor<R extends ScopedRule>(rules: R[], at: { lineId?: number | null; customerId?: number | null }): R[] {
  const winners = new Map<string, R>();
  for (const r of rules) {
    if (!r.enabled || !inScope(r, at)) continue;
    const key = `${r.attribute}/${r.kind}`;
    const held = winners.get(key);
    if (!held || beats(r, held)) winners.set(key, r);
  }
  return [...winners.values()].sort((a, b) => b.priority - a.priority || a.id - b.id);
}
