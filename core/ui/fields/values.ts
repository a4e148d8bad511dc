// Form values of declared fields: what the inputs hold (strings, booleans, id lists) and what
// is sent (the types the schema expects; blank optional values become null or absent).
import type { TFunction } from 'i18next';
import type { LookupOption } from '../../plugin';
import { inForm, type FieldDef, type ResourceDef } from '../../resource/define';

export type Values = Record<string, unknown>;

/** A row's values as the inputs hold them (a new row's are blank, or the field's declared `initial`). */
export function initialValues(fields: readonly FieldDef[], row: Values | null): Values {
  const v: Values = {};
  for (const f of fields) {
    const x = row ? row[f.name] : f.initial;
    if (f.type === 'password') v[f.name] = '';
    else if (f.type === 'boolean') v[f.name] = x === undefined || x === null ? false : !!x;
    else if (f.type === 'refs') v[f.name] = Array.isArray(x) ? x.map(String) : [];
    else v[f.name] = x === null || x === undefined ? '' : String(x);
  }
  return v;
}

/** One field's value to send: trimmed text, numbers as numbers; `blank` is what an empty input sends. */
export function sendValue(f: FieldDef, v: unknown, blank: '' | null = ''): unknown {
  if (f.type === 'integer' || f.type === 'number' || f.type === 'image') return v === '' || v === null ? null : Number(v);
  if (f.type === 'html') return v === '' || v === null ? blank : v;
  if (f.type === 'boolean' || f.type === 'refs') return v;
  const s = typeof v === 'string' ? v.trim() : v;
  return s === '' ? blank : s;
}

/** Form strings to the types the schema expects; blank optional values become null/absent. */
export function toPayload(def: ResourceDef, values: Values, mode: 'create' | 'update'): Values {
  const out: Values = {};
  for (const f of def.fields.filter(inForm)) {
    const v = values[f.name];
    if (f.type === 'password') {
      if (v) out[f.name] = v;
      continue;
    }
    if (mode === 'update' && f.form && f.form.createOnly) continue;
    out[f.name] = sendValue(f, v);
  }
  return out;
}

/** The form fields a mode shows (create-only fields not on edit, edit-only not on create). */
export function formFields(def: ResourceDef, mode: 'create' | 'update'): FieldDef[] {
  return def.fields.filter(inForm).filter((f) => !(f.form && ((mode === 'update' && f.form.createOnly) || (mode === 'create' && f.form.editOnly))));
}

/** Grid columns of a form field by its span (1: a third, 3: the whole row, default half). */
export function spanOf(f: FieldDef, wide = false): { xs: number; sm: number; md?: number } {
  const span = f.form ? f.form.span : undefined;
  if (wide) return { xs: 12, sm: span === 3 ? 12 : span === 1 ? 4 : 6, md: span === 3 ? 12 : span === 2 ? 8 : 4 };
  return { xs: 12, sm: span === 3 ? 12 : span === 1 ? 4 : 6 };
}

/**
 * The values after one input changed: the pickers that depend on it (lookupParent), and theirs,
 * are blanked; a picked option that fills other fields (LookupOption.fill) sets those the form
 * has, each as if typed. Given the form's lookups (a searched picker's options are not there).
 */
export function withValue(fields: readonly FieldDef[], values: Values, name: string, v: unknown, lookups?: Record<string, LookupOption[]>): Values {
  let out: Values = { ...values, [name]: v };
  for (const f of fields) if (f.lookupParent === name) out = withValue(fields, out, f.name, '');
  const field = fields.find((f) => f.name === name);
  const picked = field?.type === 'ref' && field.lookup && v !== '' && v !== null && v !== undefined ? lookups?.[field.lookup]?.find((o) => o.value === String(v)) : undefined;
  for (const [k, x] of Object.entries(picked?.fill ?? {})) {
    if (k !== name && fields.some((f) => f.name === k) && String(out[k] ?? '') !== x) out = withValue(fields, out, k, x);
  }
  return out;
}

/** The options a field's picker offers: a dependent picker's (lookupParent) are those under its parent field's value, none while that is blank. */
export function pickerLookups(f: FieldDef, values: Values, lookups: Record<string, LookupOption[]>): Record<string, LookupOption[]> {
  if (!f.lookupParent || !f.lookup) return lookups;
  const parent = String(values[f.lookupParent] ?? '');
  return { ...lookups, [f.lookup]: parent ? (lookups[f.lookup] ?? []).filter((o) => (o.parent ? o.parent === parent : f.lookupRoot === parent)) : [] };
}

/** A dependent picker waits (disabled) while it has nothing to offer. */
export const pickerWaits = (f: FieldDef, values: Values, lookups: Record<string, LookupOption[]>) => !!f.lookupParent && !!f.lookup && !pickerLookups(f, values, lookups)[f.lookup].length;

/** Fields the schema refuses when absent: their inputs carry the required mark. */
export function requiredFields(def: ResourceDef, t: TFunction, mode: 'create' | 'update'): ReadonlySet<string> {
  const shape = def.schema(t, mode).shape;
  return new Set(Object.keys(shape).filter((k) => !shape[k].safeParse(undefined).success));
}
