// What a resource's list screen is given: the loader's data (core/resource/page.server.ts)
// and the screen's own additions.
import type { ReactNode } from 'react';
import type { LookupOption } from '../../plugin';
import type { ResourceDef } from '../../resource/define';
import type { Row } from './cells';
import type { PlainTableOptions } from './ResourceGrid';

export interface ResourcePageData {
  result: { rows: Row[] | Record<string, unknown>[]; total: number | null; page: number; pageSize: number };
  query: { page: number; pageSize: number; sort: { field: string; dir: 'asc' | 'desc' } | null };
  can: { create: boolean; update: boolean; delete: boolean; export: boolean; import: boolean; transitions: string[] };
  prefs: { pageSize?: number; hidden?: string[]; filtersOpen?: boolean };
  lookups: Record<string, LookupOption[]>;
  /** The variant the screen shows (its API calls name it). */
  variant?: string | null;
  /** Rows per state under the filters, for the state tabs. */
  counts?: { total: number; states: Record<string, number> } | null;
  /** Totals of the summed fields over the filtered list. */
  summary?: Record<string, string> | null;
}

export interface ResourcePageProps {
  def: ResourceDef;
  data: ResourcePageData;
  /** Extra toolbar buttons (given the selected rows). */
  actions?: (selected: Row[], reload: () => void) => ReactNode;
  /** Extra per-row cell renderers by field name. */
  renderCell?: Record<string, (row: Row) => ReactNode>;
  /** Extra buttons in a row's 操作 cell (after 修改/删除), e.g. small IconButtons. */
  rowActions?: (row: Row, reload: () => void) => ReactNode;
  /** Overrides the default form dialog (e.g. the role editor). */
  renderForm?: (props: { open: boolean; row: Row | null; onClose(): void; onSaved(): void }) => ReactNode;
  /**
   * The detail drawer's own content below the record's fields (a log's full text); given, the
   * drawer is on even if the resource does not declare `detail`.
   */
  renderDetail?: (row: Row) => ReactNode;
  /**
   * A small list stays a plain table (no column chooser, no selection; the 操作 column last),
   * with these test ids.
   */
  table?: PlainTableOptions;
}
