// A resource is declared once, as data: fields (columns, filters, form), the zod schema,
// permission codes per action and an optional state machine. This file is isomorphic: the
// list page renders from it in the browser; the server adds hooks in define.server.ts.
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type { UploadType } from '../files/sniff';
import { rules } from './rules';

export type FieldType =
  | 'string'
  | 'text'
  | 'integer'
  | 'number'
  | 'money'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'enum'
  | 'password'
  /** A value picked from another resource or lookup (`lookup` names it). */
  | 'ref'
  /** Several values picked from a lookup. */
  | 'refs'
  /** Rich text (HTML), written in an editor and sanitised on the server before it is stored. */
  | 'html'
  /** One stored image (a sys_file id), uploaded through POST /api/core/files?resource=…&field=…; see `image`. */
  | 'image';

export type FilterKind = 'contains' | 'eq' | 'in' | 'range';

export interface EnumOption {
  value: string;
  labelKey: string;
}

export interface FieldDef {
  /** API name (camelCase). */
  name: string;
  /** Database column; defaults to snake_case of name. Virtual fields set `column: null`. */
  column?: string | null;
  labelKey: string;
  type: FieldType;
  options?: EnumOption[];
  /** For ref/refs: the lookup the picker loads (`/api/lookup/<lookup>`). */
  lookup?: string;
  /** ref: the picker searches on the server as the user types (`?q=`); the page does not load the options whole. */
  search?: boolean;
  /** ref: typing filters the loaded options (a long code table) instead of a drop-down list. */
  typeahead?: boolean;
  /**
   * ref: a dependent picker (province → city → county). It offers the options whose `parent` is
   * this other field's value, waits (disabled) while that field is blank or has nothing to
   * offer, and is cleared when that field changes.
   */
  lookupParent?: string;
  /** With lookupParent: the parent's value under which the options without a parent are offered (a region table holding one country's regions). */
  lookupRoot?: string;
  /** In the grid; `false` to leave it out, `{ hidden: true }` to start it hidden. */
  list?: boolean | { width?: number; hidden?: boolean };
  sortable?: boolean;
  filter?: FilterKind;
  /** In the form; `false` to leave it out (a datetime is in it only with `{...}`). Under the input while it has no error: the hint `helpKey`, or with `counter` the length typed of maxLength. */
  form?: false | { span?: 1 | 2 | 3; readOnlyOnEdit?: boolean; createOnly?: boolean; editOnly?: boolean; placeholderKey?: string; helpKey?: string; counter?: boolean; autoComplete?: string };
  /** The value a new row's form starts with (default blank, a switch off); the schema should give an absent value the same default. */
  initial?: string | boolean;
  /** Export column (default: listed fields). */
  export?: boolean;
  /** Import column (default: form fields). */
  import?: boolean;
  /** Maximum length, for the form input and the import template hint. */
  maxLength?: number;
  /** money: the decimals its column keeps (default 2), so SQLite's numbers read back as MariaDB's text ("12500.50"). */
  scale?: number;
  /** money: read without trailing zeros (a quantity 2.5, not 2.5000); still exact. */
  trimZeros?: boolean;
  /**
   * Whether the API may answer null for it (the OpenAPI row schema says so). Default: what the
   * create schema stores (a key it leaves out or lets be null may be null); fields outside the
   * schema may be null unless they say `false` (a NOT NULL column).
   */
  nullable?: boolean;
  /** ref/refs: the JSON type of the value the API answers, when the create schema stores another (picker values are strings). */
  valueType?: 'integer' | 'string';
  /** A virtual field its resource's decorate hook fills with a list of sub-records (goods lines, bills, files). */
  records?: true;
  /** money/number: totalled over the whole filtered list (server-computed, decimal-exact), shown under the grid. */
  summary?: 'sum';
  /** A link to another plugin's records: the screen shows it only where a plugin provides this service (its hooks refuse it otherwise). */
  service?: string;
  /** image: the types and size the upload takes (default jpg/png up to 500 KB), checked by content. */
  image?: ImagePolicy;
}

/** What an `image` field's upload takes. */
export interface ImagePolicy {
  types: readonly ('jpg' | 'png')[];
  maxKb: number;
}

export const DEFAULT_IMAGE: ImagePolicy = { types: ['jpg', 'png'], maxKb: 500 };

/** The upload policy of an image field. */
export const imagePolicy = (f: FieldDef): ImagePolicy => f.image ?? DEFAULT_IMAGE;

export interface Transition {
  name: string;
  labelKey: string;
  from: string[];
  to: string;
  permission: string;
  /** Catalogue message when a selected row is not in a `from` state. */
  refusedKey: string;
  /**
   * Shown on the list's toolbar; the others go into its 更多 menu. When no transition says,
   * the first three the user may take are shown.
   */
  primary?: boolean;
  confirmKey?: string;
  /** A note the user writes with the transition (review opinion, rejection reason), stored in `column`. */
  note?: { field: string; column: string; labelKey: string; required: boolean; maxLength: number };
  /**
   * An amount the user may enter with the transition (a partial refund), for one row at a time.
   * Left empty, the hook decides (usually the row's `defaultFrom` field, shown pre-filled).
   */
  amount?: { field: string; labelKey: string; scale: number; defaultFrom: string };
}

/** The check of a transition's amount, the same in the dialog and on the server; blank is none (null). */
export function transitionAmountCheck(t: TFunction, amount: NonNullable<Transition['amount']>) {
  return rules(t).decimal(amount.labelKey, { scale: amount.scale, positive: true, optional: true });
}

export interface StateMachine {
  field: string;
  states: EnumOption[];
  transitions: Transition[];
  /** States in which rows may be edited / deleted (absent: always). */
  editableIn?: string[];
  deletableIn?: string[];
  editRefusedKey?: string;
  deleteRefusedKey?: string;
}

export interface ResourcePermissions {
  list: string;
  create?: string;
  update?: string;
  delete?: string;
  export?: string;
  import?: string;
}

/** Permission codes by action, `<base>:<action>`: list, add, edit, remove, then the extra actions in order. */
export function permissionCodes<E extends string = never>(base: string, extra: readonly E[] = []): Record<'list' | 'add' | 'edit' | 'remove' | E, string> {
  return Object.fromEntries(['list', 'add', 'edit', 'remove', ...extra].map((a) => [a, `${base}:${a}`])) as Record<'list' | 'add' | 'edit' | 'remove' | E, string>;
}

/** The usual codes `<base>:list|add|edit|remove`: export goes with list and, where the screen imports, import with add. */
export function crudPermissions(base: string, { withImport = false } = {}): ResourcePermissions {
  const crud = { list: `${base}:list`, create: `${base}:add`, update: `${base}:edit`, delete: `${base}:remove`, export: `${base}:list` };
  return withImport ? { ...crud, import: `${base}:add` } : crud;
}

/**
 * Field names whose values together may belong to one row only (`['code']`, `['rvDomain',
 * 'code']`), checked in the write's transaction before the validate hook; the message goes on
 * the last field: `messageKey`, or "<label> already exists" (core:resource.exists).
 */
export interface UniqueRule {
  fields: string[];
  messageKey?: string;
}

/** What a variant screen may do besides listing: transition names and/or create/update/delete/import/export. */
export type VariantAction = 'create' | 'update' | 'delete' | 'import' | 'export' | (string & {});

/**
 * One resource, several screens: a variant fixes a filter (field name → value or values, each
 * a declared field with a column), enforced by the server on every read and write made through
 * it, and allows a subset of the resource's actions (absent: all of them).
 */
export interface ResourceVariant {
  filter: Record<string, string | string[]>;
  actions?: VariantAction[];
  titleKey?: string;
}

/**
 * A chart of the listed rows above the grid (a series resource: daily index values, monthly
 * throughput): points aggregated on the server from the same filtered query as the list, one
 * line or bar stack per value of `series`, the latest `maxX` x values at most.
 */
export interface ChartDef {
  kind: 'line' | 'bar';
  /** The x axis: a date field, or a string field whose values sort in time order (`YYYY-MM`). */
  x: string;
  /** One line (or bar segment) per value of this field (an enum or string field); absent: one series. */
  series?: string;
  /** The plotted number: a money/number/integer field. */
  value: string;
  /** How rows of one x and series combine (default sum). */
  agg?: 'sum' | 'avg';
  /** Bars of one x stacked by series (bar charts). */
  stacked?: boolean;
  /** One small chart per series side by side, each with its own value axis (series of different magnitudes: exchange rates). */
  split?: boolean;
  /** The most x values drawn, the latest ones (default 400). */
  maxX?: number;
  /** The value axis' unit (`°C`, `t`), an i18n key. */
  unitKey?: string;
}

export interface ResourceDef {
  /** Plugin id: the API lives under /api/<plugin>/<name>. */
  plugin: string;
  name: string;
  table: string;
  titleKey: string;
  /** Menu key the screen belongs to (the page guard). */
  menu: string;
  fields: FieldDef[];
  /** Validation of create/update input; messages come from t(). */
  schema: (t: TFunction, mode: 'create' | 'update') => z.ZodObject;
  permissions: ResourcePermissions;
  defaultSort?: { field: string; dir: 'asc' | 'desc' };
  stateMachine?: StateMachine;
  /** Field shown as the row's name in confirmations and the audit log. */
  labelField?: string;
  /** Business documents carry a version column for optimistic locking (default true). */
  versioned?: boolean;
  /** Table has created_at/created_by/updated_at/updated_by (default true). */
  stamped?: boolean;
  /** Files this resource takes (POST /api/core/files?resource=<plugin>.<name>). */
  uploads?: { types: readonly UploadType[]; maxMb: number };
  /** What an empty list tells the user to do first (default: the generic 暂无数据 hints). */
  emptyHintKey?: string;
  /** Uniqueness rules: a list of field names, or a rule with its own message. */
  unique?: (string[] | UniqueRule)[];
  /** A log-like resource: listed, viewed and exported only (no add, edit, delete, import; the API refuses them). */
  readOnly?: boolean;
  /** The list opens a record in a side drawer (its fields, state diagram and audit trail) from a 详情 row action. */
  detail?: boolean;
  /** With a state machine: tabs 全部 + one per state above the grid, with the rows in each under the filters. */
  stateTabs?: boolean;
  /** Fixed-filter screens of this resource (`variants: { payer: { filter: { side: 'payer' }, actions: ['pay'] } }`). */
  variants?: Record<string, ResourceVariant>;
  /** A chart of the filtered rows above the grid (see ChartDef). */
  chart?: ChartDef;
}

export function defineResource(def: ResourceDef): ResourceDef {
  for (const f of def.fields) {
    if (f.filter === 'in' && f.type !== 'enum' && f.type !== 'ref') throw new Error(`${def.name}.${f.name}: 'in' filter needs enum/ref`);
  }
  for (const [name, v] of Object.entries(def.variants ?? {})) {
    for (const field of Object.keys(v.filter)) {
      const f = def.fields.find((x) => x.name === field);
      if (!f || !columnOf(f)) throw new Error(`${def.name}: variant ${name} filters on ${field}, which is not a column field`);
    }
  }
  for (const f of def.fields) {
    if (f.lookupParent && (f.type !== 'ref' || !def.fields.some((x) => x.name === f.lookupParent)))
      throw new Error(`${def.name}.${f.name}: lookupParent is for ref fields and must name one of the resource's fields (${f.lookupParent})`);
    if (f.summary && f.type !== 'money' && f.type !== 'number' && f.type !== 'integer') throw new Error(`${def.name}.${f.name}: summary needs a money/number field`);
  }
  if (def.chart) {
    const { x, series, value } = def.chart;
    const col = (name: string) => {
      const f = def.fields.find((y) => y.name === name);
      if (!f || !columnOf(f)) throw new Error(`${def.name}: chart names ${name}, which is not a column field`);
      return f;
    };
    col(x);
    if (series) col(series);
    if (!['money', 'number', 'integer'].includes(col(value).type)) throw new Error(`${def.name}: chart value ${value} must be a money/number/integer field`);
  }
  for (const rule of uniqueRules(def)) {
    for (const name of rule.fields) {
      const f = def.fields.find((x) => x.name === name);
      if (!f || !columnOf(f) || columnOf(f)!.includes('.')) throw new Error(`${def.name}: unique names ${name}, which is not a column of ${def.table}`);
    }
  }
  return def;
}

export function uniqueRules(def: Pick<ResourceDef, 'unique'>): UniqueRule[] {
  return (def.unique ?? []).map((r) => (Array.isArray(r) ? { fields: r } : r));
}

export function snake(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

const columns = new WeakMap<FieldDef, string | null>();

/** The field's column (its name in snake case unless declared), worked out once per field: lists ask it per cell. */
export function columnOf(f: FieldDef): string | null {
  let col = columns.get(f);
  if (col === undefined) columns.set(f, (col = f.column === undefined ? snake(f.name) : f.column));
  return col;
}

/** A plugin's head of a table declaration (`tableHead('finance')(name, table, …)`): its screen's menu and title, the field naming a row, newest first. */
export const tableHead = (plugin: string) => (name: string, table: string, titleKey: string, menu: string, labelField: string) => ({
  plugin,
  name,
  table,
  titleKey,
  menu,
  labelField,
  defaultSort: { field: 'id', dir: 'desc' as const },
});

export function resourceKey(def: Pick<ResourceDef, 'plugin' | 'name'>): string {
  return `${def.plugin}.${def.name}`;
}

/** The resource's REST path, for links (export, templates). */
export function apiPath(def: Pick<ResourceDef, 'plugin' | 'name'>): string {
  return `/api${endpoint(def)}`;
}

/** Whether a row's state lets it be edited (no state machine, or a state it is editable in). */
export function editableInState(def: Pick<ResourceDef, 'stateMachine'>, row: Record<string, unknown>): boolean {
  const sm = def.stateMachine;
  return !sm?.editableIn || sm.editableIn.includes(String(row[sm.field]));
}

/** The same path relative to the API client's /api base. */
export function endpoint(def: Pick<ResourceDef, 'plugin' | 'name'>): string {
  return `/${def.plugin}/${def.name}`;
}

export const listed = (f: FieldDef) => f.list !== false;
/** Form fields: all but `form: false`; a date-time only when it declares `form: {...}` (most are stamps the server sets). */
export const inForm = (f: FieldDef) => (f.type === 'datetime' ? !!f.form : f.form !== false);
export const exported = (f: FieldDef) => (f.export ?? listed(f)) && f.type !== 'password' && f.type !== 'image';
export const imported = (f: FieldDef) => f.import ?? (inForm(f) && f.type !== 'refs' && f.type !== 'image');

/** The URL parameter of a state tab (a state value of the state machine's field). */
export const STATE_PARAM = 'inState';
/** The URL parameter naming a resource's variant, on its screens' loaders and on every API call. */
export const VARIANT_PARAM = 'variant';

/** An API path with the variant the screen works in, if any. */
export function withVariant(path: string, variant: string | null | undefined): string {
  return variant ? `${path}${path.includes('?') ? '&' : '?'}${VARIANT_PARAM}=${encodeURIComponent(variant)}` : path;
}

/** One entry of a record's audit trail (GET /api/<plugin>/<name>/<id>/trail, core/resource/trail.server.ts). */
export interface TrailEntry {
  id: number;
  at: string | null;
  /** create, update, delete or transition:<name>. */
  action: string;
  /** The transition's name, for a transition. */
  transition: string | null;
  /** The state before and after, when the entry changed it. */
  from: string | null;
  to: string | null;
  username: string | null;
  note: string | null;
  /** Declared fields that changed (before, after). */
  changes: Record<string, [unknown, unknown]>;
}

/** The page sizes the list offers (the MIT DataGrid caps at 100). */
export const PAGE_SIZES = [10, 20, 50, 100];
