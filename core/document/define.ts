// A document is a header resource plus named collections of lines (a bill's fee lines, a
// declaration's goods lines with their licences), declared once as data: the server reads and
// saves the whole graph from it (document.server.ts) and the editor renders it
// (core/ui/document). Isomorphic, like the resource declaration it builds on.
import Decimal from 'decimal.js';
import { z } from 'zod';
import type { LookupOption } from '../plugin';
import { columnOf, type FieldDef, type ResourceDef } from '../resource/define';

type Values = Record<string, unknown>;

/** A part of the selected line's form: some of its fields, or a domain part rendered by name. */
export interface LineDetailSection {
  /** Title of the group (a divider with the text). */
  titleKey?: string;
  fields?: string[];
  /** A custom renderer by name (DocumentEditor's `sections`), given the line as its values. */
  custom?: string;
  /** Shown only while the line's values say so (dangerous goods' UN number). */
  when?(line: Values): boolean;
}

export interface LineCollection {
  /** The document's array field (a `records` field of the header resource) and the relation's name. */
  name: string;
  labelKey: string;
  /**
   * Table of the lines, and the column pointing at the parent row (the header, or the parent
   * line for lines of lines). Without a table the lines are stored by the resource itself
   * (a JSON column its schema writes, or its own hooks) and only edited here.
   */
  table?: string;
  foreignKey?: string;
  /** Columns of the lines; `form: false` keeps a field out of the editor (still read and saved). */
  fields: FieldDef[];
  /** Column numbered 1, 2, … in the order the lines arrive; they are read back in it. */
  position?: string;
  /** Read order without a position column (default: id). */
  orderBy?: string;
  /**
   * Fields that tell lines apart among their siblings (a currency unique per statement): a line
   * keeps its row when they match. Default: its position (or no match: all rows replaced).
   */
  key?: string[];
  /** Column values every saved line carries besides its fields (the header's currency). */
  values?(line: Values, header: Values): Values;
  /** Lines of each line (goods → licences), edited below the table for the selected line. */
  lines?: LineCollection[];
  /** A new line's values (the others start blank); may look at the lines already there, the header and (lines of lines) the parent line. */
  blank?(lines: Values[], values: Values, parent?: Values): Values;
  /** Label of the add button (default: 添加一行). */
  addKey?: string;
  /** Lines the editor starts a new document with (default 0). */
  initial?: number;
  /** At most this many lines: the add button waits at it (the schema says why). */
  max?: number;
  /** A line after one of its fields changed (a date filling in its year and month); `picked`: the option a picker chose. */
  derive?(line: Values, changed: string, picked?: LookupOption): Values;
  /**
   * Lines too wide for a row of inputs: the table lists `columns` (read-only) and the selected
   * line is edited as a form below it, its fields in `sections`, then its lines of lines.
   */
  detail?: { columns: string[]; sections: LineDetailSection[] };
  /** A message (key) shown instead of adding a line while the selected one is unfinished. */
  addRefusal?(selected: Values | undefined): string | null;
  /** No add button: the lines come from elsewhere (an upload section). */
  add?: false;
  /** Column titles that depend on the header (days instead of quantities), by field name. */
  labels?(values: Values): Record<string, string>;
  /** A hint under the title. */
  hintKey?(values: Values): string | null;
  /** data-testid prefix of the cells (`<prefix>-<i>-<field>`) and buttons; default the name. */
  testId?: string;
}

export interface DocumentSection {
  /** Title of the group (none: fields straight under the previous one). */
  titleKey?: string;
  /** Header fields in order; `'*'`: every form field no other section places. */
  fields?: string[] | '*';
  /** Line collections shown in this section, after its fields. */
  lines?: string[];
  /** A domain part the page renders (DocumentEditor's `sections` prop), e.g. an upload. */
  custom?: string;
  /** The tab it sits on, when the document has tabs. */
  tab?: string;
}

export interface ComputedValue {
  name: string;
  labelKey: string;
  /** A read-only value from the form values (a total); exact decimal text. */
  value(values: Values): string;
}

export interface DocumentDef {
  resource: ResourceDef;
  lines: LineCollection[];
  /** Layout of the header; default: one section of all form fields, then every collection. */
  sections?: DocumentSection[];
  /**
   * Tabs of the layout; `count`: a collection whose number of lines the tab shows, as `货物 (3)`;
   * `saved`: shown only once the document exists (its receipts).
   */
  tabs?: { name: string; labelKey: string; count?: string; saved?: true }[];
  computed?: ComputedValue[];
  /** A new document's header values besides blank ones (today's date, the usual currency). */
  defaults?(): Values;
  /** The header after one of its fields changed; `picked`: the option a picker chose (an order's import/export flag). */
  derive?(values: Values, changed: string, picked?: LookupOption): Values;
  /** Header fields and collections shown (and sent) only while the predicate holds. */
  when?: Record<string, (values: Values) => boolean>;
  /** Values the custom sections set that are sent with the form fields (an uploaded file's id). */
  extra?: string[];
  /** data-testid of the editor (default document-form) and its width. */
  testId?: string;
  /** data-testid prefix of the header inputs (`<prefix>-<field>`; default form). */
  fieldTestId?: string;
  maxWidth?: 'md' | 'lg' | 'xl';
}

function checkCollection(owner: string, c: LineCollection): void {
  if (c.table && !c.foreignKey) throw new Error(`${owner}.${c.name}: a table needs its foreignKey`);
  for (const k of c.key ?? []) if (!c.fields.some((f) => f.name === k && columnOf(f))) throw new Error(`${owner}.${c.name}: key ${k} is not a column`);
  const names = new Set(c.fields.map((f) => f.name));
  for (const n of [...(c.detail?.columns ?? []), ...(c.detail?.sections ?? []).flatMap((s) => s.fields ?? [])]) {
    if (!names.has(n)) throw new Error(`${owner}.${c.name}: detail names ${n}, which it does not declare`);
  }
  for (const sub of c.lines ?? []) {
    if (!c.table !== !sub.table) throw new Error(`${owner}.${c.name}.${sub.name}: lines of lines are stored like their parent lines (both in tables, or both by the resource)`);
    checkCollection(`${owner}.${c.name}`, sub);
  }
}

export function defineDocument(doc: DocumentDef): DocumentDef {
  const def = doc.resource;
  for (const c of doc.lines) {
    // Stored lines are a records field without a column (the engine keys errors inside it by
    // path: lines.2.amount); lines without a table are a field the resource stores itself.
    const field = def.fields.find((f) => f.name === c.name);
    if (!field || (c.table && !(field.records && field.column === null))) throw new Error(`${def.name}: ${c.name} needs a field (records, column: null, for lines in a table)`);
    checkCollection(def.name, c);
  }
  const names = new Set([...def.fields.map((f) => f.name), ...doc.lines.map((c) => c.name)]);
  for (const s of doc.sections ?? []) {
    const fields = s.fields === '*' ? [] : s.fields ?? [];
    for (const n of [...fields, ...(s.lines ?? [])]) if (!names.has(n)) throw new Error(`${def.name}: section names ${n}, which it does not declare`);
  }
  return doc;
}

/** The lookups a document's line pickers load with the page (a searched one asks the server as the user types). */
export function lineLookups(doc: Pick<DocumentDef, 'lines'>): string[] {
  const fields = (list: LineCollection[]): FieldDef[] => list.flatMap((c) => [...c.fields, ...fields(c.lines ?? [])]);
  return [...new Set(fields(doc.lines).flatMap((f) => (f.lookup && !f.search ? [f.lookup] : [])))];
}

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * The schema of a collection: an array of lines, each checked by the line's schema (its issues
 * keep their path, so `lines.2.amount` finds its cell), at least `min` of them.
 */
export function lineList<S extends z.ZodObject>(line: S, opts: { min?: number; message?: string } = {}) {
  return z.preprocess((v) => (Array.isArray(v) ? v : []), z.array(line).min(opts.min ?? 0, opts.message));
}

/** The sum of a decimal field over lines, exact (never through floats); an unfinished number counts as nothing. */
export function decimalSum(lines: unknown, field: string, scale = 2): string {
  let total = new Decimal(0);
  for (const l of Array.isArray(lines) ? (lines as Values[]) : []) {
    const v = blankToUndefined(typeof l[field] === 'string' ? (l[field] as string).trim() : l[field]);
    if (v === undefined) continue;
    try {
      total = total.plus(new Decimal(v as Decimal.Value).toDecimalPlaces(scale, Decimal.ROUND_HALF_UP));
    } catch {
      /* not a number yet */
    }
  }
  return total.toFixed(scale);
}
