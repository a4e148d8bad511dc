// A picker's options (GET /api/lookup/<plugin>.<name>, a screen's pickers), declared with what
// they list: the resource whose rows they are (its list permission, its data scope) and the
// permissions of other screens whose forms offer them. core/resource/lookupAccess.server.ts
// applies both to every reader. A table lookup is declared instead of written out: which
// column is the value, how the label reads, the rows and their order. Templates name columns in
// braces, `{code} {name}`; `{company_name|nickname}` takes the first non-empty one; a bare
// column name is that column.
import type { Knex } from 'knex';
import { whereContains } from '../db/knex.server';
import type { LookupOption, PluginContext, SessionUserLike } from '../plugin';
import type { LookupSearch } from './lookupLabels';

export type Lookup = (ctx: PluginContext, user: SessionUserLike, search?: LookupSearch) => Promise<LookupOption[]>;

/** Who may read a lookup, and which of its rows. */
export interface LookupAccess {
  /**
   * The resource whose rows the options are (`finance.bill`): a reader needs its list permission
   * (or one the lookup serves, below) and gets only the options whose rows that resource's data
   * scope (restrict hook, scope columns) lets them read. A table lookup on the table of exactly
   * one resource names it by itself.
   */
  resource?: string;
  /** The column of that resource's table an option's value is (default: a table lookup's value column, else `id`). */
  key?: string;
  /**
   * Permissions of screens besides the resource's own whose forms or filters offer the options
   * (`finance:badDebt:add`): holding one lets a user read them too, through the same data scope.
   * The fields (and document lines) of registered resources that name the lookup add their
   * resource's list, create and update permissions by themselves.
   */
  for?: string[];
  /** Options that are no one's data (the weekdays, the vehicle types): any signed-in user. */
  open?: boolean;
  /**
   * `false`: a directory other forms pick from (the approved customs brokers a trader's order
   * names), whose rows the lookup's own `where` chooses instead of the resource's data scope
   * (which keeps an enterprise's record to its owner). The permission still applies.
   */
  scoped?: boolean;
}

/** A lookup as a plugin declares it: its options, and who may read which of them. */
export interface LookupDef extends LookupAccess {
  load: Lookup;
  /** The table a table lookup reads (the registry finds its resource by it). */
  table?: string;
}

/** A lookup whose options a function makes. */
export function defineLookup(access: LookupAccess, load: Lookup): LookupDef {
  return { ...access, load };
}

export interface TableLookup {
  table: string;
  /** Column of the option's value (answered as text). */
  value: string;
  /** Column or template of the label. */
  label: string;
  /** Labels in other languages (templates); one is given only when every column it names has a value. */
  labels?: { en?: string; my?: string };
  /** Column of the parent value, for cascading pickers. */
  parent?: string;
  /** Equalities, or a function narrowing the query (it may look at the user). */
  where?: Record<string, unknown> | ((qb: Knex.QueryBuilder, user: SessionUserLike, knex: Knex) => void);
  /** Default: the value column, ascending. */
  orderBy?: string | { column: string; order?: 'asc' | 'desc' }[];
  limit?: number;
}

const PLACEHOLDER = /\{([a-z0-9_|]+)\}/g;

function columnsOf(template: string): string[] {
  if (!template.includes('{')) return [template];
  return [...template.matchAll(PLACEHOLDER)].flatMap((m) => m[1].split('|'));
}

const filled = (v: unknown) => v !== null && v !== undefined && v !== '';

/** The template with the row's values; null when a placeholder has no value and `strict`. */
function render(template: string, row: Record<string, unknown>, strict: boolean): string | null {
  if (!template.includes('{')) return filled(row[template]) ? String(row[template]) : strict ? null : '';
  let missing = false;
  const out = template.replace(PLACEHOLDER, (_, names: string) => {
    const col = names.split('|').find((c) => filled(row[c]));
    if (!col) missing = true;
    return col ? String(row[col]) : '';
  });
  return missing && strict ? null : out;
}

export function tableLookup(spec: TableLookup & LookupAccess): LookupDef {
  const { resource, key, for: serves, open, scoped, ...table } = spec;
  return { resource, key: key ?? spec.value, for: serves, open, scoped, table: spec.table, load: tableOptions(table) };
}

function tableOptions(spec: TableLookup): Lookup {
  const templates = [spec.label, ...Object.values(spec.labels ?? {})];
  const columns = [...new Set([spec.value, ...(spec.parent ? [spec.parent] : []), ...templates.flatMap(columnsOf)])];
  const searched = [...new Set(templates.flatMap(columnsOf))].filter((c) => c !== spec.value);
  return async ({ knex }, user, search) => {
    const qb = knex(spec.table).select(columns);
    if (typeof spec.where === 'function') spec.where(qb, user, knex);
    else if (spec.where) qb.where(spec.where);
    const q = search?.q?.trim();
    if (q) {
      qb.where((w) => {
        w.whereRaw('?? LIKE ? ESCAPE ?', [spec.value, `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`, '\\']);
        for (const c of searched) w.orWhere((o) => whereContains(o, c, q));
      });
    }
    if (search?.values) qb.whereIn(spec.value, search.values);
    const order = spec.orderBy ?? spec.value;
    qb.orderBy(typeof order === 'string' ? [order] : order);
    const limit = Math.min(spec.limit ?? Infinity, search?.limit ?? Infinity);
    if (Number.isFinite(limit)) qb.limit(limit);
    const rows: Record<string, unknown>[] = await qb;
    return rows.map((r) => {
      const option: LookupOption = { value: String(r[spec.value]), label: render(spec.label, r, false)! };
      if (spec.parent) option.parent = r[spec.parent] === null || r[spec.parent] === undefined ? null : String(r[spec.parent]);
      const labels: NonNullable<LookupOption['labels']> = {};
      for (const lang of ['en', 'my'] as const) {
        const text = spec.labels?.[lang] ? render(spec.labels[lang], r, true) : null;
        if (text !== null) labels[lang] = text;
      }
      if (labels.en !== undefined || labels.my !== undefined) option.labels = labels;
      return option;
    });
  };
}
