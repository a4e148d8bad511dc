// A document's form values: the header's inputs plus each collection's lines (and their
// lines), as the editor holds them, and the payload sent from them. Pure, so it is tested
// without a browser.
import type { DocumentDef, LineCollection } from '../../document/define';
import { inForm, type FieldDef } from '../../resource/define';
import { formFields, initialValues, sendValue, toPayload, type Values } from '../fields/values';

export type Mode = 'create' | 'update';

/** The fields of a line the editor shows (the others are kept as read). */
export const lineFields = (c: LineCollection): FieldDef[] => c.fields.filter(inForm);

/** Stored lines of a collection: an array, or the JSON text a resource keeps them in. */
function storedLines(v: unknown): Values[] {
  if (Array.isArray(v)) return v as Values[];
  if (typeof v === 'string' && v.trim()) {
    try {
      const parsed: unknown = JSON.parse(v);
      return Array.isArray(parsed) ? (parsed as Values[]) : [];
    } catch {
      return [];
    }
  }
  return [];
}

/** One line as the inputs hold it; fields the editor does not show keep their values. */
export function lineValues(c: LineCollection, line: Values): Values {
  const out: Values = { ...line, ...initialValues(lineFields(c), line) };
  for (const sub of c.lines ?? []) out[sub.name] = storedLines(line[sub.name]).map((l) => lineValues(sub, l));
  return out;
}

/** A new line: blank inputs, the collection's defaults, empty lines of lines. */
export function blankLine(c: LineCollection, lines: Values[], values: Values, parent?: Values): Values {
  return lineValues(c, { ...initialValues(lineFields(c), null), ...c.blank?.(lines, values, parent) });
}

export function initialDocument(doc: DocumentDef, row: Values | null, mode: Mode): Values {
  const values: Values = initialValues(formFields(doc.resource, mode), row);
  if (!row) Object.assign(values, doc.defaults?.());
  for (const name of doc.extra ?? []) values[name] = row?.[name] ?? null;
  for (const c of doc.lines) {
    const lines = storedLines(row?.[c.name]).map((l) => lineValues(c, l));
    if (!row) for (let i = 0; i < (c.initial ?? 0); i++) lines.push(blankLine(c, lines, values));
    values[c.name] = lines;
  }
  return values;
}

/** Whether a header field or collection is shown (and sent) with these values. */
export const shown = (doc: DocumentDef, name: string, values: Values) => doc.when?.[name]?.(values) ?? true;

function linePayload(c: LineCollection, line: Values): Values {
  const out: Values = { ...line };
  // Blank line inputs are sent as null: an optional column stays empty, a required one says so.
  for (const f of lineFields(c)) out[f.name] = sendValue(f, line[f.name], null);
  for (const sub of c.lines ?? []) out[sub.name] = ((line[sub.name] as Values[] | undefined) ?? []).map((l) => linePayload(sub, l));
  return out;
}

/** What the editor sends: the shown header fields, the custom sections' values and the lines. */
export function documentPayload(doc: DocumentDef, values: Values, mode: Mode): Values {
  const out = toPayload(doc.resource, values, mode);
  for (const name of Object.keys(out)) if (!shown(doc, name, values)) delete out[name];
  for (const name of doc.extra ?? []) out[name] = values[name];
  for (const c of doc.lines) {
    if (shown(doc, c.name, values)) out[c.name] = ((values[c.name] as Values[] | undefined) ?? []).map((l) => linePayload(c, l));
  }
  return out;
}

/** A path into the values (`['goods', 0, 'licences']`) as the error keys spell it. */
export const pathKey = (path: readonly (string | number)[]) => path.join('.');

/** The values with the list at `path` replaced by `fn` of it. */
export function updateLines(values: Values, path: readonly (string | number)[], fn: (lines: Values[]) => Values[]): Values {
  const [head, ...rest] = path;
  if (rest.length === 0) return { ...values, [head]: fn((values[head] as Values[] | undefined) ?? []) };
  const list = [...((values[head] as Values[] | undefined) ?? [])];
  const [index, ...deeper] = rest;
  list[Number(index)] = updateLines(list[Number(index)], deeper, fn);
  return { ...values, [head]: list };
}
