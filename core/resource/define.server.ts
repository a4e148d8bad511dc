// The server half of a resource: hooks where domain logic plugs into the engine (the way
// Twenty's pre-query hooks or Payload's collection hooks do) and the data-scope columns.
import type { Knex } from 'knex';
import type { TFunction } from 'i18next';
import type { RequestContext } from '../context.server';
import type { Services } from '../registry.server';
import type { LookupOption } from '../plugin';
import type { SessionUser } from '../rbac/menu';
import type { ResourceDef } from './define';
import type { ResourcePageData } from './page.server';

export type Row = Record<string, unknown>;

export interface Actor {
  user: SessionUser;
  ip: string | null;
}

export interface HookContext {
  trx: Knex.Transaction;
  actor: Actor;
  t: TFunction;
  /** A picker's options (another plugin's code table) as the actor sees them, read through `trx`. */
  lookup(name: string): Promise<LookupOption[]>;
  /** Services other plugins registered (a hook checks `hasService` first: the plugin may be absent). */
  services: Services;
}

export interface TransitionContext extends HookContext {
  /** The note written with the transition (trimmed), if the transition takes one. */
  note: string | null;
  /** The amount entered with the transition (a decimal string, checked), if it takes one and one was given. */
  amount: string | null;
}

export interface WriteContext extends HookContext {
  op: 'create' | 'update';
  /** The row as it was (update only), in API form. */
  before: Row | null;
  /**
   * Values a hook hands back in this write's answer only (a new API token, shown once): never
   * stored, audited or read back. Set by validate, toDb or afterWrite.
   */
  reveal?: Row;
}

export interface ResourceHooks {
  /** Base query (joins, computed columns). Default: the resource's table. */
  query?(knex: Knex): Knex.QueryBuilder;
  /** Adds fields to a page of API rows (related names, counts). */
  decorate?(rows: Row[], knex: Knex): Promise<void>;
  /**
   * Column values from validated input. `defaults` is what the engine would store without the
   * hook (each declared field with a column, blank as null): return it with what is special
   * added or overridden.
   */
  toDb?(input: Row, ctx: WriteContext, defaults: Row): Promise<Row> | Row;
  /** Checks beyond the schema (uniqueness, references); throw FieldError / ApiError. */
  validate?(input: Row, ctx: WriteContext): Promise<void>;
  /** After insert/update in the same transaction (join tables, side records). */
  afterWrite?(id: number, input: Row, ctx: WriteContext): Promise<void>;
  /**
   * `afterWrite` writes other rows only (siblings, join tables), never the row written: an update
   * may then answer without reading that row again (see `answerOf` in service.server.ts).
   */
  afterWriteLeavesRow?: boolean;
  /** Before rows are deleted, in the same transaction. */
  beforeDelete?(rows: Row[], ctx: HookContext): Promise<void>;
  /** Before a transition, in its transaction: checks beyond the `from` states; may return extra column values per row. */
  beforeTransition?(rows: Row[], transition: string, ctx: TransitionContext): Promise<void | ((row: Row) => Row)>;
  /** After a state-machine transition, in the same transaction (e.g. disabling signs out). */
  afterTransition?(rows: Row[], transition: string, ctx: TransitionContext): Promise<void>;
  /** Narrows every read and write to the rows this user may touch (owner company, entrusted broker). */
  restrict?(qb: Knex.QueryBuilder, user: SessionUser, knex: Knex): void | Promise<void>;
  /** Hard delete (default) or soft delete by setting a column (value may be computed at delete time). */
  softDelete?: { column: string; value: unknown | (() => unknown); /** Keep soft-deleted rows in lists. */ keepInList?: boolean };
}

export interface DataScopeColumns {
  /** Column holding the department id: scope `dept` keeps the user's department and below. */
  dept?: string;
  /** Column holding the owning user id: scope `self` keeps the user's own rows. */
  owner?: string;
}

/** What a declared screen of the resource does on the server besides listing it (app/screen.tsx). */
export interface ScreenHooks {
  /** Rows the screen computes rather than queries (the registry's jobs, the menu tree): listed in this order, paged in memory. */
  rows?(ctx: RequestContext): Promise<(Row & { id: number })[]>;
  /**
   * What the page needs besides the list (a grant tree, further rights), merged into its data over
   * the list's own (lookups in the user's language, narrower rights); given the computed rows and the list shown (a tab's, when one is open).
   */
  data?(ctx: RequestContext, rows: Row[] | undefined, list: Pick<ResourcePageData, 'can' | 'lookups'>): Promise<Record<string, unknown>>;
  /** The page's form posts: the permission one needs (besides the screen's menu), and what it answers. */
  action?: { permission(form: FormData): string; run(ctx: RequestContext, form: FormData): Promise<unknown> };
}

export interface ServerResource {
  def: ResourceDef;
  hooks: ResourceHooks;
  scope?: DataScopeColumns;
  /** Pickers its page loads besides its fields' own (a document's line fields). */
  lookups?: string[];
  screen?: ScreenHooks;
}

export function serverResource(def: ResourceDef, hooks: ResourceHooks = {}, scope?: DataScopeColumns): ServerResource {
  return { def, hooks, scope };
}
