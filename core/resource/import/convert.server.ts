// Cells to field values: headers matched to fields by their label in any language, each cell
// converted by its field's type (Excel dates, yes/no, enum and lookup labels), and a row's
// values checked with the resource's create schema.
import type { Knex } from 'knex';
import type { TFunction } from 'i18next';
import type { ZodType } from 'zod';
import { LANGS } from '../../i18n/i18n';
import { tFor } from '../../i18n/i18n.server';
import type { LookupOption } from '../../plugin';
import type { SessionUser } from '../../rbac/access.server';
import type { Registry } from '../../registry.server';
import { imported, type FieldDef, type ResourceDef } from '../define';
import type { Row } from '../define.server';
import { zodFieldErrors } from '../service.server';
import { isEmpty } from './read.server';
import type { Cell, SheetRow } from './types';

/** How headers and labels are compared: case, spaces, full-width forms and a required '*' ignored. */
export function normalizeLabel(v: unknown): string {
  return String(v ?? '')
    .normalize('NFKC')
    .replace(/[\s*]/g, '')
    .toLowerCase();
}

function cellText(c: Cell): string {
  if (c === null) return '';
  if (c instanceof Date) return c.toISOString();
  return String(c);
}

export function importFields(def: ResourceDef): FieldDef[] {
  return def.fields.filter(imported);
}

/** Column index → field, by the field's label in any language or its name; the first header wins. */
export function mapHeader(def: ResourceDef, header: Cell[]): { index: number; field: FieldDef }[] {
  const byLabel = new Map<string, FieldDef>();
  const fields = importFields(def);
  for (const f of fields) {
    for (const key of [f.name, ...LANGS.map((l) => tFor(l)(f.labelKey))]) {
      const k = normalizeLabel(key);
      if (k && !byLabel.has(k)) byLabel.set(k, f);
    }
  }
  const used = new Set<string>();
  const out: { index: number; field: FieldDef }[] = [];
  header.forEach((h, index) => {
    const f = byLabel.get(normalizeLabel(cellText(h)));
    if (f && !used.has(f.name)) {
      used.add(f.name);
      out.push({ index, field: f });
    }
  });
  return out;
}

export interface Converters {
  t: TFunction;
  boolTrue: Set<string>;
  boolFalse: Set<string>;
  enums: Map<string, Map<string, string>>;
  refs: Map<string, { values: Set<string>; labels: Map<string, string> } | null>;
}

export async function converters(def: ResourceDef, t: TFunction, registry: Registry, knex: Knex, user: SessionUser): Promise<Converters> {
  const langs = LANGS.map((l) => tFor(l));
  const boolTrue = new Set(['true', '1', 'yes', 'y', '是', ...langs.map((tl) => normalizeLabel(tl('core:common.yes')))]);
  const boolFalse = new Set(['false', '0', 'no', 'n', '否', ...langs.map((tl) => normalizeLabel(tl('core:common.no')))]);
  const enums = new Map<string, Map<string, string>>();
  const refs: Converters['refs'] = new Map();
  for (const f of importFields(def)) {
    if (f.type === 'enum') {
      const m = new Map<string, string>();
      for (const o of f.options ?? []) m.set(normalizeLabel(o.value), o.value);
      for (const o of f.options ?? []) {
        for (const tl of langs) {
          const k = normalizeLabel(tl(o.labelKey));
          if (!m.has(k)) m.set(k, o.value);
        }
      }
      enums.set(f.name, m);
    }
    if ((f.type === 'ref' || f.type === 'refs') && f.lookup && !refs.has(f.lookup)) {
      if (!registry.lookups.has(f.lookup)) {
        refs.set(f.lookup, null);
        continue;
      }
      // As the importing user sees them (the data scope of what the lookup lists).
      const options: LookupOption[] = await registry.context(knex).lookup(f.lookup, user);
      const values = new Set(options.map((o) => String(o.value)));
      const labels = new Map<string, string>();
      for (const o of options) {
        const texts = o.label.includes(':') ? langs.map((tl) => tl(o.label)) : [o.label];
        for (const text of texts) {
          const k = normalizeLabel(text);
          if (k && !labels.has(k)) labels.set(k, String(o.value));
        }
      }
      refs.set(f.lookup, { values, labels });
    }
  }
  return { t, boolTrue, boolFalse, enums, refs };
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const TEXT_TYPES = new Set(['string', 'text', 'password']);

function toNumber(c: Cell): number | null {
  if (typeof c === 'number') return Number.isFinite(c) ? c : null;
  if (typeof c === 'boolean' || c instanceof Date || c === null) return null;
  const s = c.trim().replace(/[\s,]/g, '');
  return NUMBER.test(s) ? Number(s) : null;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** A date cell (Excel date, serial number or a written date) as YYYY-MM-DD, or null. */
export function toIsoDate(c: Cell): string | null {
  if (c instanceof Date) return Number.isNaN(c.getTime()) ? null : c.toISOString().slice(0, 10);
  if (typeof c === 'number') {
    // An Excel serial day number (1900 date system) in a cell without a date format.
    if (c < 1 || c > 2_958_465) return null;
    return new Date(Date.UTC(1899, 11, 30) + Math.floor(c) * 86_400_000).toISOString().slice(0, 10);
  }
  if (typeof c !== 'string') return null;
  const m = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?(?:[ T].*)?$/.exec(c.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${y}-${pad(mo)}-${pad(d)}`;
}

function toIsoDateTime(c: Cell): string | null {
  if (c instanceof Date) return Number.isNaN(c.getTime()) ? null : c.toISOString();
  if (typeof c === 'number') {
    if (c < 1 || c > 2_958_465) return null;
    return new Date(Date.UTC(1899, 11, 30) + Math.round(c * 86_400_000)).toISOString();
  }
  if (typeof c !== 'string') return null;
  const s = c.trim();
  // Export writes UTC as `YYYY-MM-DD HH:mm:ss`.
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:?\d{2})?$/.exec(s);
  if (m) {
    const d = new Date(`${m[1]}T${m[2]}${m[3] ?? 'Z'}`);
    return Number.isNaN(d.getTime()) ? null : d.toISOString();
  }
  const day = toIsoDate(s);
  return day ? `${day}T00:00:00.000Z` : null;
}

function toText(c: Cell): string {
  if (c instanceof Date) {
    const iso = c.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.replace('T', ' ').slice(0, 19);
  }
  return String(c).trim();
}

export type Converted = { ok: true; value: unknown } | { ok: false; message: string };

export function convertCell(f: FieldDef, c: Cell, label: string, cv: Converters): Converted {
  const { t } = cv;
  const bad = (key: string, vars: Record<string, unknown> = {}): Converted => ({ ok: false, message: t(key, { field: label, value: cellText(c), ...vars }) });
  switch (f.type) {
    case 'integer':
    case 'number': {
      const n = toNumber(c);
      return n === null ? bad('core:resource.mustBeNumber') : { ok: true, value: n };
    }
    case 'money': {
      const n = toNumber(c);
      if (n === null) return bad('core:resource.mustBeNumber');
      return { ok: true, value: typeof c === 'number' ? String(c) : String(c).trim().replace(/[\s,]/g, '') };
    }
    case 'boolean': {
      if (typeof c === 'boolean') return { ok: true, value: c };
      const k = normalizeLabel(cellText(c));
      if (cv.boolTrue.has(k)) return { ok: true, value: true };
      if (cv.boolFalse.has(k)) return { ok: true, value: false };
      return bad('core:import.badBoolean');
    }
    case 'date': {
      const d = toIsoDate(c);
      return d ? { ok: true, value: d } : bad('core:import.badDate');
    }
    case 'datetime': {
      const d = toIsoDateTime(c);
      return d ? { ok: true, value: d } : bad('core:import.badDate');
    }
    case 'enum': {
      const v = cv.enums.get(f.name)?.get(normalizeLabel(toText(c)));
      return v === undefined ? bad('core:import.notAllowed') : { ok: true, value: v };
    }
    case 'ref':
    case 'refs':
      return convertRef(f, c, label, cv);
    default:
      return { ok: true, value: toText(c) };
  }
}

/** A ref (one lookup value) or refs (several, comma-separated) cell, by value or label. */
function convertRef(f: FieldDef, c: Cell, label: string, cv: Converters): Converted {
  const { t } = cv;
  const opts = f.lookup ? cv.refs.get(f.lookup) : null;
  const one = (raw: string): string | null => {
    if (!opts) return raw;
    if (opts.values.has(raw)) return raw;
    return opts.labels.get(normalizeLabel(raw)) ?? null;
  };
  const bad = (value: string): Converted => ({ ok: false, message: t('core:import.notAllowed', { field: label, value }) });
  // Values stay strings: a numeric id is coerced by the schema, a code keeps its leading zeros.
  if (f.type === 'ref') {
    const v = one(toText(c));
    // An Excel number may be a code that lost its leading zeros: the schema decides.
    if (v === null && typeof c === 'number') return { ok: true, value: c };
    return v === null ? bad(cellText(c)) : { ok: true, value: v };
  }
  const parts = toText(c)
    .split(/[,，、;；]/)
    .map((s) => s.trim())
    .filter(Boolean);
  const values: string[] = [];
  for (const p of parts) {
    const v = one(p);
    if (v === null) return bad(p);
    values.push(v);
  }
  return { ok: true, value: values };
}

export interface ParsedRow {
  /** The converted values, as API input. */
  input: Row;
  /** What the create schema made of them; null when the row has problems. */
  data: Row | null;
  /** Field name → message, or null for a valid row. */
  problems: Record<string, string> | null;
}

/** Parses one sheet row at a time: its cells as API input, checked with the create schema. */
export function rowParser(columns: { index: number; field: FieldDef }[], labels: Map<string, string>, cv: Converters, schema: ZodType): (r: SheetRow) => ParsedRow {
  return (r) => {
    const input: Row = {};
    /** Text fields that came as Excel numbers: a code schema may want the number (lost zeros). */
    const numbers: Row = {};
    let errs: Record<string, string> | null = null;
    for (const { index, field } of columns) {
      const c = r.cells[index] ?? null;
      if (isEmpty(c)) continue;
      const out = convertCell(field, c, labels.get(field.name) ?? field.name, cv);
      if (out.ok) input[field.name] = out.value;
      else (errs ??= {})[field.name] = out.message;
      if (typeof c === 'number' && TEXT_TYPES.has(field.type)) numbers[field.name] = c;
    }
    let parsed = schema.safeParse(input);
    if (!parsed.success && parsed.error.issues.some((i) => String(i.path[0]) in numbers)) {
      const again = schema.safeParse({ ...input, ...numbers });
      if (again.success) {
        parsed = again;
        Object.assign(input, numbers);
      }
    }
    const problems = errs || !parsed.success ? { ...(parsed.success ? {} : zodFieldErrors(parsed.error)), ...errs } : null;
    return { input, data: parsed.success ? (parsed.data as Row) : null, problems };
  };
}
