// What a resource's list screen loads: the page of rows (same query as the API), what the
// user may do, their remembered grid settings, and the options of the form's pickers.
import type { Knex } from 'knex';
import { requireCurrent } from '../auth/guard.server';
import { getKnex } from '../db/knex.server';
import { getLang } from '../i18n/i18n.server';
import type { LookupOption } from '../plugin';
import type { SessionUser } from '../rbac/menu';
import { getRegistry } from '../registry.server';
import { PAGE_SIZES, resourceKey, type ResourceDef } from './define';
import type { Row, ServerResource } from './define.server';
import { abilities, listQuery } from './api.server';
import { stateCounts } from './counts.server';
import { localizeLookups, narrowOptions, type LookupSearch } from './lookupLabels';
import { lookupOptions, mayReadLookup } from './lookupAccess.server';
import type { ListQuery } from './listQuery';
import { listRows } from './service.server';
import { chartPoints } from './chart.server';
import { columnSums } from './summary.server';
import { effectiveResource } from './variant.server';

export interface GridPrefs {
  pageSize?: number;
  hidden?: string[];
  /** The list's filter bar shown whole (else its first row). */
  filtersOpen?: boolean;
}

export async function loadPref<T>(knex: Knex, userId: number, key: string): Promise<T | null> {
  const row = await knex('sys_user_pref').where({ user_id: userId, pref_key: key }).first();
  if (!row) return null;
  try {
    return JSON.parse(row.value) as T;
  } catch {
    return null;
  }
}

export async function savePref(knex: Knex, userId: number, key: string, value: unknown): Promise<void> {
  const json = JSON.stringify(value).slice(0, 10000);
  const now = new Date();
  const n = await knex('sys_user_pref').where({ user_id: userId, pref_key: key }).update({ value: json, updated_at: now });
  if (!n) await knex('sys_user_pref').insert({ user_id: userId, pref_key: key, value: json, updated_at: now });
}

/** The options of the lookups the user may read (the others are left out), through their data scope. */
export async function loadLookups(names: string[], user: SessionUser): Promise<Record<string, LookupOption[]>> {
  const registry = getRegistry();
  const out: Record<string, LookupOption[]> = {};
  for (const name of [...new Set(names)]) {
    const l = registry.lookups.get(name);
    if (l && mayReadLookup(l, user)) out[name] = await lookupOptions(l, registry.context(), user);
  }
  return out;
}

/** A picker's server-side search: a table lookup searches in SQL, any other is narrowed after; null for a lookup the user may not read. */
export async function searchLookup(name: string, user: SessionUser, search: LookupSearch): Promise<LookupOption[] | null> {
  const registry = getRegistry();
  const l = registry.lookups.get(name);
  return l && mayReadLookup(l, user) ? narrowOptions(await lookupOptions(l, registry.context(), user, search), search) : null;
}

export interface PageOptions {
  /** The variant of the resource this screen shows (its fixed filter and actions, enforced by the API too). */
  variant?: string;
}

export async function resourcePageData(resource: ServerResource, request: Request, opts: PageOptions = {}) {
  const variant = opts.variant ?? null;
  const sr = effectiveResource(resource, variant);
  if (!sr) throw new Error(`${resourceKey(resource.def)} declares no variant ${variant}`);
  const { user } = await requireCurrent(request, { menu: sr.def.menu, permission: sr.def.permissions.list });
  const knex = getKnex();
  const url = new URL(request.url);
  const prefs = (await loadPref<GridPrefs>(knex, user.id, `grid:${resourceKey(sr.def)}${variant ? `:${variant}` : ''}`)) ?? {};
  if (!url.searchParams.has('pageSize') && prefs.pageSize) url.searchParams.set('pageSize', String(prefs.pageSize));
  const query = listQuery(sr, url.searchParams, variant);
  const tabs = sr.def.stateTabs && sr.def.stateMachine;
  const [result, counts, summary, chart] = await Promise.all([listRows(sr, user, query), tabs ? stateCounts(sr, user, query) : null, columnSums(sr, user, query), chartPoints(sr, user, query)]);
  // A searched picker (a code table of thousands) asks the server as the user types instead.
  const lookupNames = [...sr.def.fields.filter((f) => !f.search).map((f) => f.lookup).filter((x): x is string => !!x), ...(sr.lookups ?? [])];
  const [lookups, shown, lang] = await Promise.all([loadLookups(lookupNames, user), shownOptions(sr, result.rows, query.filters, user), getLang(request)]);
  return {
    result,
    query: { page: query.page, pageSize: query.pageSize, sort: query.sort },
    can: abilities(sr, user),
    prefs,
    // Pickers, filters and cells read the label in the user's language where the table has one.
    lookups: localizeLookups({ ...shown, ...lookups }, lang),
    variant,
    counts,
    summary,
    chart,
  };
}

/** A searched picker's options for the values the page shows (its rows and its filter): their
 *  labels in the list and the filter bar, without the whole table. */
async function shownOptions(sr: ServerResource, rows: Row[], filters: ListQuery['filters'], user: SessionUser): Promise<Record<string, LookupOption[]>> {
  const out: Record<string, LookupOption[]> = {};
  for (const f of sr.def.fields) {
    if (!f.search || !f.lookup) continue;
    const filter = filters[f.name];
    const filtered = !filter ? [] : filter.kind === 'in' ? filter.values : 'value' in filter ? [filter.value] : [];
    const values = new Set([...rows.map((r) => r[f.name]), ...filtered].flat().filter((v) => v !== null && v !== undefined && v !== '').map(String));
    const options = values.size ? await searchLookup(f.lookup, user, { values: [...values] }) : null;
    if (options) out[f.lookup] = [...(out[f.lookup] ?? []), ...options];
  }
  return out;
}

export type ResourcePageData = Awaited<ReturnType<typeof resourcePageData>>;

/**
 * The same screen data for rows a loader computes rather than a table it queries (the jobs of
 * the registry, the menu tree, the sessions online): paged in memory, in the given order, with
 * the user's grid settings; nothing but listing is offered (the screen adds its own actions).
 * The loader has checked the user's access.
 */
export async function rowsPageData<R extends Row & { id: number }>(def: ResourceDef, rows: R[], request: Request, user: SessionUser) {
  const url = new URL(request.url);
  const prefs = (await loadPref<GridPrefs>(getKnex(), user.id, `grid:${resourceKey(def)}`)) ?? {};
  const size = Number(url.searchParams.get('pageSize') ?? prefs.pageSize);
  const pageSize = PAGE_SIZES.includes(size) ? size : PAGE_SIZES[PAGE_SIZES.length - 1];
  const page = Math.min(Math.max(1, Math.floor(Number(url.searchParams.get('page')) || 1)), Math.max(1, Math.ceil(rows.length / pageSize)));
  return {
    result: { rows: rows.slice((page - 1) * pageSize, page * pageSize), total: rows.length, page, pageSize },
    query: { page, pageSize, sort: null },
    can: { create: false, update: false, delete: false, export: false, import: false, transitions: [] as string[] },
    prefs,
    lookups: {} as Record<string, LookupOption[]>,
    variant: null,
    counts: null,
    summary: null,
    chart: null,
  };
}
