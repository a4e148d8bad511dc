// The display series on the server: their resources (the classes' days of service kept as one
// column "1,3,5"), the weekday picker, and the reads the big screen and the public series API
// share (points of a kind between two days, the classes in service, today's weather).
import Decimal from 'decimal.js';
import type { Knex } from 'knex';
import type { TFunction } from 'i18next';
import { defineLookup, serverResource, type Row } from '@core/server';
import { columnOf, type LookupOption, type ResourceDef } from '@core/shared';
import { K, SERIES, WEEKDAYS, bdiBduDef, classesDef, goodsInventoryDef, oreDef, rateDef, steelDef, throughputDef, weatherDef } from './series';

const days = (v: unknown): string[] =>
  String(v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => (WEEKDAYS as readonly string[]).includes(s));

export const weatherResource = serverResource(weatherDef);
export const bdiBduResource = serverResource(bdiBduDef);
export const throughputResource = serverResource(throughputDef);
export const goodsInventoryResource = serverResource(goodsInventoryDef);
export const steelResource = serverResource(steelDef);
export const oreResource = serverResource(oreDef);
export const rateResource = serverResource(rateDef);
export const classesResource = serverResource(classesDef, {
  toDb: (input, _ctx, defaults) => ('days' in input ? { ...defaults, days: [...new Set(input.days as string[])].sort().join(',') } : defaults),
  async decorate(rows) {
    for (const r of rows) r.days = days(r.days);
  },
});

export const displayResources = [weatherResource, bdiBduResource, throughputResource, goodsInventoryResource, steelResource, oreResource, rateResource, classesResource];

export const displayLookups = {
  // The days of the week: no one's data.
  weekdays: defineLookup({ open: true }, async (): Promise<LookupOption[]> => WEEKDAYS.map((d) => ({ value: d, label: `${K}.weekday.${d}` }))),
};

// ---------------------------------------------------------------------------------------------
// Reads of the big screen and the public API

/** A DATE column's value as YYYY-MM-DD (MariaDB answers a Date at UTC midnight, SQLite the text stored). */
export const dayOf = (v: unknown): string => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

const col = (def: ResourceDef, name: string) => columnOf(def.fields.find((f) => f.name === name)!)!;
const scaleOf = (def: ResourceDef, name: string) => def.fields.find((f) => f.name === name)!.scale ?? 2;

export interface SeriesPoint {
  date: string;
  series: string;
  /** The series' name in the asked language. */
  seriesLabel: string;
  value: number;
  /** weather only: the day's condition and lowest temperature (value is the highest). */
  condition?: string;
  conditionLabel?: string;
  minTemp?: number;
}

/** The x values of a kind (`throughput`: months YYYY-MM) between `from` and `to`, inclusive. */
export function xBounds(kind: string, from: string, to: string): [string, string] {
  return kind === 'throughput' ? [from.slice(0, 7), to.slice(0, 7)] : [from, to];
}

const num = (v: unknown, scale: number) => (v === null || v === undefined ? 0 : new Decimal(String(v)).toDecimalPlaces(scale).toNumber());

/** A series kind's points between two x values (days, or months for throughput), the chart's aggregation, oldest first. */
export async function seriesPoints(knex: Knex, kind: string, from: string, to: string, t: TFunction): Promise<SeriesPoint[]> {
  const def = SERIES[kind];
  const chart = def.chart!;
  const x = col(def, chart.x);
  const s = col(def, chart.series!);
  const v = col(def, chart.value);
  const scale = scaleOf(def, chart.value);
  const sf = def.fields.find((f) => f.name === chart.series)!;
  const label = (value: string) => {
    const o = sf.options?.find((opt) => opt.value === value);
    return o ? t(o.labelKey) : value;
  };
  const [lo, hi] = xBounds(kind, from, to);
  if (kind === 'weather') {
    const rows: Row[] = await knex(def.table).whereBetween(x, [lo, hi]).orderBy([x, s]).select('date', 'port', 'condition', 'min_temp', 'max_temp');
    return rows.map((r) => ({
      date: dayOf(r.date),
      series: String(r.port),
      seriesLabel: label(String(r.port)),
      value: num(r.max_temp, 1),
      condition: String(r.condition),
      conditionLabel: t(`${K}.condition.${r.condition}`),
      minTemp: num(r.min_temp, 1),
    }));
  }
  const rows: Row[] = await knex(def.table).whereBetween(x, [lo, hi]).select({ x, s })[chart.agg === 'avg' ? 'avg' : 'sum']({ v }).groupBy([x, s]).orderBy([x, s]);
  return rows.map((r) => ({ date: kind === 'throughput' ? String(r.x) : dayOf(r.x), series: String(r.s), seriesLabel: label(String(r.s)), value: num(r.v, scale) }));
}

/** The latest day a kind has values on (or month, for throughput), if any. */
export async function latestX(knex: Knex, kind: string): Promise<string | null> {
  const def = SERIES[kind];
  const x = col(def, def.chart!.x);
  const row = await knex(def.table).max({ m: x }).first();
  return row?.m ? (kind === 'throughput' ? String(row.m) : dayOf(row.m)) : null;
}

export interface ClassRow {
  mode: string;
  modeLabel: string;
  lineName: string;
  origin: string;
  destination: string;
  departureTime: string;
  arrivalTime: string;
  days: string[];
  daysLabel: string;
  operator: string;
}

/** The classes in service, by mode and departure. */
export async function activeClasses(knex: Knex, t: TFunction): Promise<ClassRow[]> {
  const rows: Row[] = await knex(classesDef.table)
    .where({ status: 'active' })
    .orderBy([{ column: 'mode' }, { column: 'departure_time' }, { column: 'id' }]);
  return rows.map((r) => {
    const d = days(r.days);
    return {
      mode: String(r.mode),
      modeLabel: t(`${K}.mode.${r.mode}`),
      lineName: String(r.line_name),
      origin: String(r.origin),
      destination: String(r.destination),
      departureTime: String(r.departure_time),
      arrivalTime: String(r.arrival_time),
      days: d,
      daysLabel: d.length === 7 ? t(`${K}.weekday.daily`) : d.map((x) => t(`${K}.weekday.${x}`)).join(t('core:resource.listSeparator')),
      operator: String(r.operator),
    };
  });
}
