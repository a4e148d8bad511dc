// What a resource's list screen is given: the loader's data (core/resource/page.server.ts)
// and the screen's own additions.
import type { ReactNode } from 'react';
import type { SectionContext } from '../document/DocumentEditor';
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
  /** The declared chart's points under the filters (core/resource/chart.server.ts). */
  chart?: { xs: string[]; series: { key: string; values: (number | null)[] }[]; truncated: boolean } | null;
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

/** What a declared screen adds to its resource's page (ScreenDef.ui): ResourcePage's slots and its own nodes. */
export interface ScreenParts extends Omit<Partial<ResourcePageProps>, 'def' | 'data'> {
  /** Above the list (a summary table, a note). */
  header?: ReactNode;
  /** Below it: the dialogs its buttons open. */
  dialogs?: ReactNode;
  /** The document editor's custom sections (a screen with `document`). */
  sections?: Record<string, (ctx: SectionContext) => ReactNode>;
}

/**
 * A screen's parts, as a hook over the loader's data (the list's, the current `tab` and what the
 * resource's `screen.data` hook added, which each screen types): it may keep state and call any hook.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ScreenUi = (data: any) => ScreenParts;
