// A list request as the engine takes it: paging, sort, keyset cursors and filters read from a
// URL, where only declared, filterable fields get through; and the shape of the list's answer.
import { columnOf, PAGE_SIZES, type ResourceDef } from './define';
import type { Row } from './define.server';

export type FilterValue = { kind: 'contains' | 'eq'; value: string } | { kind: 'in'; values: string[] } | { kind: 'range'; from?: string; to?: string };

export interface ListQuery {
  page: number;
  pageSize: number;
  sort: { field: string; dir: 'asc' | 'desc' } | null;
  filters: Record<string, FilterValue>;
  withTotal: boolean;
  /** Keyset cursors in the default (id) order: the page after / before a row id. */
  after?: number;
  before?: number;
}

export interface ListResult {
  rows: Row[];
  total: number | null;
  page: number;
  pageSize: number;
  /** Pass as `after` to get the next page without OFFSET (default order only). */
  nextCursor: number | null;
}

const RESERVED = new Set(['page', 'pageSize', 'sort', 'total', 'after', 'format', 'lng', 'tab', 'mode']);

/** Reads paging, sort and filters from a URL; only declared fields get through. */
export function parseListQuery(def: ResourceDef, params: URLSearchParams, maxPageSize = 100): ListQuery {
  const size = Number(params.get('pageSize'));
  const pageSize = PAGE_SIZES.includes(size) || (size > 0 && size <= maxPageSize && Number.isInteger(size)) ? size : 20;
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  let sort: ListQuery['sort'] = null;
  const [sf, sd] = (params.get('sort') ?? '').split(':');
  const sortField = def.fields.find((f) => f.name === sf && f.sortable && columnOf(f));
  if (sortField || sf === 'id') sort = { field: sf, dir: sd === 'asc' ? 'asc' : 'desc' };
  const filters: Record<string, FilterValue> = {};
  for (const f of def.fields) {
    if (!f.filter || RESERVED.has(f.name)) continue;
    if (f.filter === 'range') {
      const from = params.get(`${f.name}From`) ?? undefined;
      const to = params.get(`${f.name}To`) ?? undefined;
      if (from || to) filters[f.name] = { kind: 'range', from: from || undefined, to: to || undefined };
      continue;
    }
    const raw = params.get(f.name);
    if (raw === null || raw.trim() === '') continue;
    if (f.filter === 'in')
      filters[f.name] = {
        kind: 'in',
        values: raw
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean)
          .slice(0, 100),
      };
    else filters[f.name] = { kind: f.filter, value: raw.trim().slice(0, 200) };
  }
  const cursor = (name: string) => {
    const n = Number(params.get(name));
    return Number.isInteger(n) && n > 0 ? n : undefined;
  };
  return { page, pageSize, sort, filters, withTotal: params.get('total') !== '0', after: cursor('after'), before: cursor('before') };
}
