// The list's state: what the URL holds (filters, page, sort, state tab), the selection, the
// remembered grid settings (page size, hidden columns, filter bar open), and the moves between
// them. Paging in the default order walks by id (keyset) instead of OFFSET.
import { useEffect, useMemo, useState } from 'react';
import { useRevalidator, useSearchParams, useSubmit } from '@remix-run/react';
import type { GridColumnVisibilityModel, GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { apiPath, resourceKey, STATE_PARAM, withVariant, type ResourceDef } from '../../resource/define';
import { useNotify } from '../notify';
import type { Row } from './cells';
import type { ResourcePageData } from './types';

export function useListState(def: ResourceDef, data: ResourcePageData) {
  const { api } = useNotify();
  const [params] = useSearchParams();
  const submit = useSubmit();
  const revalidator = useRevalidator();
  const [selection, setSelection] = useState<number[]>([]);
  const [hidden, setHidden] = useState<string[]>(data.prefs.hidden ?? def.fields.filter((f) => typeof f.list === 'object' && f.list.hidden).map((f) => f.name));
  const [filtersOpen, setFiltersOpen] = useState(!!data.prefs.filtersOpen);
  const rows = data.result.rows as Row[];
  const variant = data.variant ?? null;

  // Selections survive paging only as far as the rows are still on screen.
  useEffect(() => {
    setSelection((sel) => sel.filter((id) => rows.some((r) => r.id === id)));
  }, [rows]);

  const go = (changes: Record<string, string | number | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, String(v));
    }
    submit(next, { method: 'get', replace: true, preventScrollReset: true });
  };

  const savePrefs = (next: { pageSize?: number; hidden?: string[]; filtersOpen?: boolean }) => {
    const key = `grid:${resourceKey(def)}${variant ? `:${variant}` : ''}`;
    api.post('/core/prefs', { key, value: { pageSize: data.query.pageSize, hidden, filtersOpen, ...next } }, { silent: true }).catch(() => {});
  };

  // One model object per sort: the grid treats a new sortModel object as a sort change and
  // jumps back to its first page (which sent every later page back to page 1).
  const sortField = data.query.sort?.field;
  const sortDir = data.query.sort?.dir;
  const sortModel: GridSortModel = useMemo(() => (sortField && sortDir ? [{ field: sortField, sort: sortDir }] : []), [sortField, sortDir]);
  const paginationModel = useMemo(() => ({ page: data.query.page - 1, pageSize: data.query.pageSize }), [data.query.page, data.query.pageSize]);

  const onPaginationModelChange = (m: GridPaginationModel) => {
    if (m.pageSize !== data.query.pageSize) {
      savePrefs({ pageSize: m.pageSize });
      go({ pageSize: m.pageSize, page: null, after: null, before: null });
      return;
    }
    const page = m.page + 1;
    const order = data.query.sort ?? def.defaultSort;
    const keyset = !order || order.field === 'id';
    const last = rows[rows.length - 1];
    const first = rows[0];
    if (keyset && page === data.query.page + 1 && last) go({ page, after: last.id, before: null });
    else if (keyset && page === data.query.page - 1 && first && page > 1) go({ page, before: first.id, after: null });
    else go({ page, after: null, before: null });
  };
  const onSortModelChange = (m: GridSortModel) => go({ sort: m[0] ? `${m[0].field}:${m[0].sort}` : null, page: null, after: null, before: null });

  const visibility: GridColumnVisibilityModel = Object.fromEntries(hidden.map((h) => [h, false]));
  const onVisibilityChange = (m: GridColumnVisibilityModel) => {
    const next = Object.entries(m)
      .filter(([, v]) => !v)
      .map(([k]) => k);
    setHidden(next);
    savePrefs({ hidden: next });
  };

  const toggleFilters = (open: boolean) => {
    setFiltersOpen(open);
    savePrefs({ filtersOpen: open });
  };
  /** Clears the filters; a screen's own tab and the state tab stay. */
  const resetFilters = () => {
    const kept = new URLSearchParams();
    for (const k of ['tab', STATE_PARAM]) if (params.get(k)) kept.set(k, params.get(k)!);
    submit(kept, { method: 'get', replace: true });
  };

  const exportHref = (format: 'csv' | 'xlsx') => {
    const q = new URLSearchParams(params);
    q.delete('page');
    q.set('format', format);
    return withVariant(`${apiPath(def)}/export?${q.toString()}`, variant);
  };

  return {
    params,
    rows,
    variant,
    selection,
    setSelection,
    selectedRows: rows.filter((r) => selection.includes(r.id)),
    reload: () => revalidator.revalidate(),
    loading: revalidator.state === 'loading',
    go,
    sortModel,
    paginationModel,
    onPaginationModelChange,
    onSortModelChange,
    visibility,
    onVisibilityChange,
    filtersOpen,
    toggleFilters,
    resetFilters,
    exportHref,
  };
}

export type ListState = ReturnType<typeof useListState>;
