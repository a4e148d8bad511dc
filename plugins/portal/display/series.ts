// The display series (SPEC §2 /dataBase/displayInformation: weather, bdiBdu, throughput,
// goodsInventory, steel, ore, rate) and the service schedule (classes): resources the platform
// staff keep by hand or by XLSX import, each shown with its chart above the grid, on the big
// screen and through the public series API. Isomorphic: the screens render from these
// declarations and the server enforces them. Values are DECIMAL columns kept as exact strings.
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { crudPermissions, defineResource, rules, type FieldDef, type ResourceDef } from '@core/shared';
import { DISPLAY_GROUP, portalTable } from '../common';

export const K = 'portal:display';
const f = (k: string) => `${K}.field.${k}`;
const opts = (group: string, values: readonly string[]) => values.map((value) => ({ value, labelKey: `${K}.${group}.${value}` }));

export const PORTS = ['ruili', 'wanding', 'muse', 'mandalay', 'kyaukphyu', 'yangon'] as const;
export const CONDITIONS = ['sunny', 'cloudy', 'rain', 'storm', 'fog'] as const;
/** BDI: the Baltic Dry Index; BDU: what the customer calls 波罗的海航运指数 (kept as its own index kind). */
export const INDEXES = ['BDI', 'BDU'] as const;
export const CARGO_TYPES = ['container', 'bulk', 'rubber', 'ore', 'steel', 'agricultural', 'other'] as const;
export const STEEL_PRODUCTS = ['rebar', 'wireRod', 'hotRolledCoil', 'coldRolledCoil', 'section'] as const;
export const ORE_TYPES = ['ironOre62', 'ironOre58', 'manganese', 'tin', 'leadZinc'] as const;
/** `A/B`: how many B one A buys. */
export const PAIRS = ['CNY/USD', 'CNY/MMK', 'USD/MMK'] as const;
export const MODES = ['ship', 'bus', 'rail'] as const;
export const CLASS_STATUS = ['active', 'suspended'] as const;
/** ISO weekdays, Monday 1 … Sunday 7 (the classes' days of service, lookup portal.weekdays). */
export const WEEKDAYS = ['1', '2', '3', '4', '5', '6', '7'] as const;

/** Each series' screen, by its SPEC name: menu key `dataBase.displayInformation.<name>`. */
export const menuOf = (name: string) => `${DISPLAY_GROUP}.${name}`;
export const SCREEN_MENU = menuOf('screen');

const dateField = (over: Partial<FieldDef> = {}): FieldDef => ({ name: 'date', labelKey: f('date'), type: 'date', filter: 'range', sortable: true, list: { width: 130 }, ...over });

/** A temperature or other signed amount with one decimal between min and max (rules.decimal refuses the sign). */
function signed(t: TFunction, key: string, opts: { min: number; max: number; scale?: number; optional?: boolean }) {
  const scale = opts.scale ?? 1;
  const label = t(key);
  const required = t('core:resource.required', { field: label });
  const s = z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine((v) => /^-?\d+(\.\d+)?$/.test(v), t('core:resource.mustBeNumber', { field: label }))
    .refine((v) => !v.includes('.') || v.split('.')[1].length <= scale, t('core:resource.decimalPlaces', { field: label, scale }))
    .refine((v) => Number(v) >= opts.min && Number(v) <= opts.max, t(`${K}.msg.between`, { field: label, min: opts.min, max: opts.max }));
  const pre = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' && v.trim() === '' ? undefined : v);
  return opts.optional ? z.preprocess((v) => pre(v) ?? null, s.nullable()) : z.preprocess(pre, s);
}

const perms = (name: string) => crudPermissions(`portal:${name}`, { withImport: true });
const head = (name: string, table: string, labelField: string) => ({
  ...portalTable(name, table, `${K}.title.${name}`, menuOf(name), labelField),
  permissions: perms(name),
  defaultSort: { field: 'date', dir: 'desc' as const },
  versioned: true,
});

// ---------------------------------------------------------------------------------------------

export const weatherDef = defineResource({
  ...head('weather', 'ptl_weather', 'date'),
  unique: [{ fields: ['date', 'port'], messageKey: `${K}.msg.weatherExists` }],
  chart: { kind: 'line', x: 'date', series: 'port', value: 'maxTemp', agg: 'avg', unitKey: `${K}.unit.celsius` },
  fields: [
    dateField(),
    { name: 'port', labelKey: f('port'), type: 'enum', options: opts('port', PORTS), filter: 'eq', sortable: true, list: { width: 120 } },
    { name: 'condition', labelKey: f('condition'), type: 'enum', options: opts('condition', CONDITIONS), filter: 'eq', list: { width: 100 } },
    { name: 'minTemp', labelKey: f('minTemp'), type: 'money', scale: 1, trimZeros: true, list: { width: 130 } },
    { name: 'maxTemp', labelKey: f('maxTemp'), type: 'money', scale: 1, trimZeros: true, list: { width: 130 } },
    { name: 'wind', labelKey: f('wind'), type: 'string', maxLength: 30, list: { width: 130 }, form: { placeholderKey: `${K}.hint.wind` } },
    { name: 'visibility', labelKey: f('visibility'), type: 'money', scale: 1, trimZeros: true, list: { width: 110 } },
  ],
  schema: (t) => {
    const r = rules(t);
    return z
      .object({
        date: r.date(f('date')),
        port: r.oneOf(f('port'), PORTS),
        condition: r.oneOf(f('condition'), CONDITIONS),
        minTemp: signed(t, f('minTemp'), { min: -50, max: 60 }),
        maxTemp: signed(t, f('maxTemp'), { min: -50, max: 60 }),
        wind: r.optionalText(f('wind'), 30),
        visibility: r.decimal(f('visibility'), { scale: 1, maxDigits: 4, optional: true }),
      })
      .superRefine((v, ctx) => {
        if (Number(v.minTemp) > Number(v.maxTemp)) ctx.addIssue({ code: 'custom', path: ['maxTemp'], message: t(`${K}.msg.minAboveMax`) });
      });
  },
});

export const bdiBduDef = defineResource({
  ...head('bdiBdu', 'ptl_bdi_bdu', 'date'),
  unique: [{ fields: ['date', 'index'], messageKey: `${K}.msg.indexExists` }],
  chart: { kind: 'line', x: 'date', series: 'index', value: 'value', agg: 'avg', unitKey: `${K}.unit.points` },
  fields: [
    dateField(),
    { name: 'index', column: 'index_kind', labelKey: f('index'), type: 'enum', options: opts('index', INDEXES), filter: 'eq', sortable: true, list: { width: 220 } },
    { name: 'value', labelKey: f('indexValue'), type: 'money', scale: 2, trimZeros: true, sortable: true, list: { width: 120 } },
  ],
  schema: (t) => {
    const r = rules(t);
    return z.object({ date: r.date(f('date')), index: r.oneOf(f('index'), INDEXES), value: r.decimal(f('indexValue'), { scale: 2, positive: true, maxDigits: 8 }) });
  },
});

export const throughputDef = defineResource({
  ...head('throughput', 'ptl_throughput', 'month'),
  defaultSort: { field: 'month', dir: 'desc' },
  unique: [{ fields: ['month', 'cargoType'], messageKey: `${K}.msg.throughputExists` }],
  chart: { kind: 'bar', x: 'month', series: 'cargoType', value: 'tonnes', agg: 'sum', stacked: true, maxX: 36, unitKey: `${K}.unit.tonnes` },
  fields: [
    { name: 'month', labelKey: f('month'), type: 'string', maxLength: 7, filter: 'contains', sortable: true, list: { width: 110 }, form: { placeholderKey: `${K}.hint.month` } },
    { name: 'cargoType', labelKey: f('cargoType'), type: 'enum', options: opts('cargo', CARGO_TYPES), filter: 'eq', sortable: true, list: { width: 130 } },
    { name: 'tonnes', labelKey: f('tonnes'), type: 'money', scale: 2, trimZeros: true, sortable: true, summary: 'sum', list: { width: 140 } },
    { name: 'teu', labelKey: f('teu'), type: 'integer', summary: 'sum', list: { width: 100 } },
  ],
  schema: (t) => {
    const r = rules(t);
    return z.object({
      month: r.pattern(f('month'), /^\d{4}-(0[1-9]|1[0-2])$/, { messageKey: `${K}.msg.monthFormat` }),
      cargoType: r.oneOf(f('cargoType'), CARGO_TYPES),
      tonnes: r.decimal(f('tonnes'), { scale: 2, maxDigits: 14 }),
      teu: r.number(f('teu'), { int: true, min: 0, max: 10_000_000, optional: true }),
    });
  },
});

export const goodsInventoryDef = defineResource({
  ...head('goodsInventory', 'ptl_goods_inventory', 'goods'),
  unique: [{ fields: ['date', 'goods', 'warehouse'], messageKey: `${K}.msg.inventoryExists` }],
  chart: { kind: 'line', x: 'date', series: 'goods', value: 'quantity', agg: 'sum', unitKey: `${K}.unit.tonnes` },
  fields: [
    dateField(),
    { name: 'goods', labelKey: f('goods'), type: 'string', maxLength: 50, filter: 'contains', sortable: true, list: { width: 160 } },
    { name: 'warehouse', labelKey: f('warehouse'), type: 'string', maxLength: 50, filter: 'contains', sortable: true, list: { width: 180 } },
    { name: 'quantity', labelKey: f('quantity'), type: 'money', scale: 3, trimZeros: true, sortable: true, list: { width: 130 } },
  ],
  schema: (t) => {
    const r = rules(t);
    return z.object({ date: r.date(f('date')), goods: r.text(f('goods'), 50), warehouse: r.text(f('warehouse'), 50), quantity: r.decimal(f('quantity'), { scale: 3, maxDigits: 15 }) });
  },
});

export const steelDef = defineResource({
  ...head('steel', 'ptl_steel', 'product'),
  unique: [{ fields: ['date', 'product', 'market'], messageKey: `${K}.msg.priceExists` }],
  chart: { kind: 'line', x: 'date', series: 'product', value: 'price', agg: 'avg', unitKey: `${K}.unit.cnyPerTonne` },
  fields: [
    dateField(),
    { name: 'product', labelKey: f('product'), type: 'enum', options: opts('steel', STEEL_PRODUCTS), filter: 'eq', sortable: true, list: { width: 140 } },
    { name: 'market', labelKey: f('market'), type: 'string', maxLength: 50, filter: 'contains', list: { width: 140 } },
    { name: 'price', labelKey: f('priceCny'), type: 'money', scale: 2, sortable: true, list: { width: 140 } },
  ],
  schema: (t) => {
    const r = rules(t);
    return z.object({
      date: r.date(f('date')),
      product: r.oneOf(f('product'), STEEL_PRODUCTS),
      market: r.text(f('market'), 50),
      price: r.decimal(f('priceCny'), { scale: 2, positive: true, maxDigits: 12 }),
    });
  },
});

export const oreDef = defineResource({
  ...head('ore', 'ptl_ore', 'oreType'),
  unique: [{ fields: ['date', 'oreType'], messageKey: `${K}.msg.priceExists` }],
  chart: { kind: 'line', x: 'date', series: 'oreType', value: 'price', agg: 'avg', unitKey: `${K}.unit.usdPerTonne` },
  fields: [
    dateField(),
    { name: 'oreType', labelKey: f('oreType'), type: 'enum', options: opts('ore', ORE_TYPES), filter: 'eq', sortable: true, list: { width: 170 } },
    { name: 'price', labelKey: f('priceUsd'), type: 'money', scale: 2, sortable: true, list: { width: 140 } },
  ],
  schema: (t) => {
    const r = rules(t);
    return z.object({ date: r.date(f('date')), oreType: r.oneOf(f('oreType'), ORE_TYPES), price: r.decimal(f('priceUsd'), { scale: 2, positive: true, maxDigits: 12 }) });
  },
});

export const rateDef = defineResource({
  ...head('rate', 'ptl_rate', 'pair'),
  unique: [{ fields: ['date', 'pair'], messageKey: `${K}.msg.rateExists` }],
  chart: { kind: 'line', x: 'date', series: 'pair', value: 'rate', agg: 'avg', split: true },
  fields: [
    dateField(),
    { name: 'pair', labelKey: f('pair'), type: 'enum', options: opts('pair', PAIRS), filter: 'eq', sortable: true, list: { width: 200 } },
    { name: 'rate', labelKey: f('rate'), type: 'money', scale: 6, trimZeros: true, list: { width: 140 }, form: { helpKey: `${K}.hint.rate` } },
  ],
  schema: (t) => {
    const r = rules(t);
    return z.object({ date: r.date(f('date')), pair: r.oneOf(f('pair'), PAIRS), rate: r.decimal(f('rate'), { scale: 6, positive: true, maxDigits: 16 }) });
  },
});

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const classesDef = defineResource({
  ...head('classes', 'ptl_class', 'lineName'),
  defaultSort: { field: 'departureTime', dir: 'asc' },
  unique: [{ fields: ['mode', 'lineName', 'departureTime'], messageKey: `${K}.msg.classExists` }],
  fields: [
    { name: 'mode', labelKey: f('mode'), type: 'enum', options: opts('mode', MODES), filter: 'eq', sortable: true, list: { width: 90 } },
    { name: 'lineName', labelKey: f('lineName'), type: 'string', maxLength: 100, filter: 'contains', sortable: true, list: { width: 200 } },
    { name: 'origin', labelKey: f('origin'), type: 'string', maxLength: 50, filter: 'contains', list: { width: 110 } },
    { name: 'destination', labelKey: f('destination'), type: 'string', maxLength: 50, filter: 'contains', list: { width: 110 } },
    { name: 'departureTime', labelKey: f('departureTime'), type: 'string', maxLength: 5, sortable: true, list: { width: 100 }, form: { placeholderKey: `${K}.hint.time` } },
    { name: 'arrivalTime', labelKey: f('arrivalTime'), type: 'string', maxLength: 5, list: { width: 100 }, form: { placeholderKey: `${K}.hint.time`, helpKey: `${K}.hint.arrival` } },
    { name: 'days', labelKey: f('days'), type: 'refs', lookup: 'portal.weekdays', import: true, list: { width: 200 }, form: { span: 2 } },
    { name: 'operator', labelKey: f('operator'), type: 'string', maxLength: 100, filter: 'contains', list: { width: 180 } },
    { name: 'status', labelKey: f('status'), type: 'enum', options: opts('classStatus', CLASS_STATUS), filter: 'eq', list: { width: 90 } },
  ],
  schema: (t) => {
    const r = rules(t);
    const time = (key: string) => r.pattern(key, TIME, { messageKey: `${K}.msg.timeFormat` });
    return z.object({
      mode: r.oneOf(f('mode'), MODES),
      lineName: r.text(f('lineName'), 100, 2),
      origin: r.text(f('origin'), 50),
      destination: r.text(f('destination'), 50),
      departureTime: time(f('departureTime')),
      arrivalTime: time(f('arrivalTime')),
      days: z.preprocess(
        (v) => (Array.isArray(v) ? v.map(String) : typeof v === 'string' && v.trim() ? v.split(/[,，、\s]+/).filter(Boolean) : []),
        z.array(z.enum(WEEKDAYS, { error: t('core:resource.invalid', { field: t(f('days')) }) })).min(1, t('core:resource.required', { field: t(f('days')) }))
      ),
      operator: r.text(f('operator'), 100),
      status: r.oneOf(f('status'), CLASS_STATUS),
    });
  },
});

/** The series kinds of the public API and the big screen, in menu order. */
export const SERIES: Record<string, ResourceDef> = {
  weather: weatherDef,
  bdiBdu: bdiBduDef,
  throughput: throughputDef,
  goodsInventory: goodsInventoryDef,
  steel: steelDef,
  ore: oreDef,
  rate: rateDef,
};

export const ALL_DEFS: ResourceDef[] = [...Object.values(SERIES), classesDef];
