// A rate's change from the day before, as a signed percentage with two decimals (exact: decimal.js).
import Decimal from 'decimal.js';

export function ratioChange(rate: string, previous: string | null): string | null {
  if (!previous || new Decimal(previous).isZero()) return null;
  const pct = new Decimal(rate).minus(previous).div(previous).times(100).toDecimalPlaces(2);
  return `${pct.isNegative() ? '' : '+'}${pct.toFixed(2)}%`;
}
