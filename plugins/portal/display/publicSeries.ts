// The day range a public series call asks for: `from`/`to` as YYYY-MM-DD (throughput also
// YYYY-MM), by default the last 90 days (throughput: the last 12 months), at most 366 days
// (throughput: 36 months) so that one call stays a few thousand points.
const DAY = 86_400_000;
const ISO_DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const ISO_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export const MAX_DAYS = 366;
export const MAX_MONTHS = 36;

const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const monthsBetween = (a: string, b: string) => (Number(b.slice(0, 4)) - Number(a.slice(0, 4))) * 12 + Number(b.slice(5, 7)) - Number(a.slice(5, 7));

export type Range = { from: string; to: string } | { error: 'badDate' | 'fromAfterTo' | 'rangeTooLongDays' | 'rangeTooLongMonths'; vars?: Record<string, unknown> };

export function seriesRange(kind: string, from: string | null, to: string | null, today: string): Range {
  const monthly = kind === 'throughput';
  const ok = (v: string) => ISO_DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
  const norm = (v: string | null, end: boolean): string | null | false => {
    if (!v) return null;
    if (monthly && ISO_MONTH.test(v)) return end ? `${v}-31` : `${v}-01`;
    return ok(v) ? v : false;
  };
  const f = norm(from, false);
  const tt = norm(to, true);
  if (f === false || tt === false) return { error: 'badDate' };
  const end = tt ?? today;
  const start = f ?? (monthly ? `${shift(end, -335).slice(0, 7)}-01` : shift(end, -89));
  if (start > end) return { error: 'fromAfterTo' };
  if (monthly ? monthsBetween(start, end) >= MAX_MONTHS : (Date.parse(end) - Date.parse(start)) / DAY >= MAX_DAYS)
    return monthly ? { error: 'rangeTooLongMonths', vars: { max: MAX_MONTHS } } : { error: 'rangeTooLongDays', vars: { max: MAX_DAYS } };
  return { from: start, to: end };
}
