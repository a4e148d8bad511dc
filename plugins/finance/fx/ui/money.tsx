// Money cells: amounts arrive as exact decimal strings and are shown with two decimals (the
// embedded SQLite hands DECIMAL columns back as numbers, which drop trailing zeros).
import Decimal from 'decimal.js';

export function moneyText(v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  try {
    return new Decimal(String(v)).toFixed(2, Decimal.ROUND_HALF_UP);
  } catch {
    return String(v);
  }
}

/** renderCell entries for the named money fields. */
export function moneyCells(...names: string[]): Record<string, (row: Record<string, unknown>) => string> {
  return Object.fromEntries(names.map((n) => [n, (row: Record<string, unknown>) => moneyText(row[n])]));
}
