// The chart above a series resource's grid (ResourceDef.chart): its points aggregated in SQL from
// the same filtered, scoped query as the list, over the latest `maxX` x values only, so a chart
// of years of daily rows stays a few hundred points. Values are rounded to the field's scale with
// decimal.js (SQLite sums DECIMAL columns as binary floats) and answered as numbers.
import Decimal from 'decimal.js';
import type { Knex } from 'knex';
import { getKnex } from '../db/knex.server';
import type { SessionUser } from '../rbac/menu';
import type { FieldDef } from './define';
import type { ServerResource } from './define.server';
import { listQueryBuilder, toApiValue, type ListQuery } from './service.server';
import { qualifiedColumn } from './variant.server';

/** Columns rather than points, so that a year of four series stays a few kilobytes of page data. */
export interface ChartData {
  /** The x values, oldest first. */
  xs: string[];
  /** Per series (an enum value, a name; '' for a chart of one series) its value at each x, null where it has none. */
  series: { key: string; values: (number | null)[] }[];
  /** Older x values were left out (more than maxX under the filters). */
  truncated: boolean;
}

const DEFAULT_MAX_X = 366;

function scaleOf(f: FieldDef): number {
  if (f.type === 'integer') return 0;
  return f.scale ?? 2;
}

const field = (sr: ServerResource, name: string) => sr.def.fields.find((f) => f.name === name)!;

/** The declared chart's points under the list's filters; null for a resource without a chart. */
export async function chartPoints(sr: ServerResource, user: SessionUser, q: ListQuery, knex: Knex = getKnex()): Promise<ChartData | null> {
  const chart = sr.def.chart;
  if (!chart) return null;
  const maxX = Math.max(1, Math.min(chart.maxX ?? DEFAULT_MAX_X, 2000));
  const xf = field(sr, chart.x);
  const vf = field(sr, chart.value);
  const sf = chart.series ? field(sr, chart.series) : null;
  const xCol = qualifiedColumn(sr.def, xf);
  // Wrapped: a query builder is a thenable, which an async function's answer would run.
  const base = async () => {
    const { qb } = await listQueryBuilder(sr, user, q, knex);
    return { qb: qb.clearSelect().clearOrder() };
  };
  // The latest maxX x values under the filters (one more tells whether older ones were left out).
  const xs = (
    await (
      await base()
    ).qb
      .distinct({ x: xCol })
      .orderBy(xCol, 'desc')
      .limit(maxX + 1)
  ).map((r: { x: unknown }) => r.x);
  if (!xs.length) return { xs: [], series: [], truncated: false };
  const truncated = xs.length > maxX;
  const oldest = xs[Math.min(xs.length, maxX) - 1] as Knex.Value;
  const qb = (await base()).qb.where(xCol, '>=', oldest);
  const agg = chart.agg === 'avg' ? 'avg' : 'sum';
  const select: Record<string, string> = { x: xCol };
  if (sf) select.s = qualifiedColumn(sr.def, sf);
  qb.select(select)
    [agg]({ v: qualifiedColumn(sr.def, vf) })
    .groupBy(Object.values(select))
    .orderBy(xCol, 'asc');
  const rows: { x: unknown; s?: unknown; v: unknown }[] = await qb;
  const scale = scaleOf(vf);
  const xValues = [...new Set(rows.map((r) => String(toApiValue(xf, r.x))))];
  const at = new Map(xValues.map((x, i) => [x, i]));
  const series = new Map<string, (number | null)[]>();
  for (const r of rows) {
    const key = sf ? String(toApiValue(sf, r.s) ?? '') : '';
    let values = series.get(key);
    if (!values) series.set(key, (values = xValues.map(() => null)));
    values[at.get(String(toApiValue(xf, r.x)))!] = r.v === null || r.v === undefined ? null : new Decimal(String(r.v)).toDecimalPlaces(scale).toNumber();
  }
  return { xs: xValues, series: [...series.entries()].map(([key, values]) => ({ key, values })), truncated };
}
