// The list's grid: server-side paging, sorting and row selection. The grid renders nothing on
// the server, so the first paint is a plain table of the same rows; a small list (jobs, the
// menu tree) may stay a plain table, its actions last and paged below. The grid's code loads
// once the page is live, the plain table standing in meanwhile: the server never renders the
// grid, so it never loads it either.
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigation } from '@remix-run/react';
import { Box, LinearProgress, TableContainer, TablePagination } from '@mui/material';
import type { GridColDef, GridRowSelectionModel } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { useNonce } from '../../auth/nonce';
import type { LookupOption } from '../../plugin';
import { listed, PAGE_SIZES, type FieldDef, type ResourceDef } from '../../resource/define';
import { displayValue, rememberingT, type Row } from './cells';
import { fitHeaders } from './columnWidth';
import { EmptyOverlay, type EmptyOverlayProps } from './EmptyOverlay';
import type { ListState } from './useListState';

const DataGrid = lazy(() => import('@mui/x-data-grid').then((m) => ({ default: m.DataGrid })));

export interface ResourceGridProps {
  def: ResourceDef;
  list: ListState;
  columns: GridColDef[];
  /** The columns of the first paint (without the 操作 column). */
  plainColumns: GridColDef[];
  total: number;
  lookups: Record<string, LookupOption[]>;
  empty: EmptyOverlayProps;
  hydrated: boolean;
  /** Rows can be selected (for the toolbar's actions). */
  selectable: boolean;
  /** Stay a plain table: its test id, each row's, a row's cell and its 操作 cell (last). */
  plain?: PlainTableOptions & { cell(row: Row, field: string): ReactNode; actions?: (row: Row) => ReactNode };
}

export interface PlainTableOptions {
  testId: string;
  rowTestId?: (row: Row) => string;
}

/**
 * A header wraps to two lines (a taller header row) when it does not fit its column on one:
 * clamped at two, so a header still too long shows its ellipsis rather than being clipped.
 * Burmese needs taller lines for the marks above and below its letters.
 */
const headerLines = (lang: string) => (lang === 'my' ? 1.85 : 1.4);
/** The header row's height for two lines (× 0.7 in the compact density): 49 px, 56 px in Burmese. */
const twoLineHeader = (lang: string) => (lang === 'my' ? 80 : 70);
const headerSx = (lang: string) => ({
  '& .MuiDataGrid-columnHeaderTitle': { whiteSpace: 'normal', lineHeight: headerLines(lang), display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical' },
});

/** The grid's loading bar, with its name (the grid's own has none). */
function LoadingBar() {
  const { t } = useTranslation();
  return <LinearProgress aria-label={t('core:common.loading')} sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }} />;
}

/**
 * The plain table's look (MUI's small table) as one class on the table: its rows and cells carry
 * no classes of their own, so a 100-row first paint stays small and quick to render. Per column:
 * a declared width is a cap (the rest behind an ellipsis, whole in the tooltip); dates, numbers
 * and choices stay on one line; Chinese text breaks between words only.
 */
function tableSx(fields: FieldDef[]) {
  const sx: Record<string, unknown> = {
    width: '100%',
    borderCollapse: 'collapse',
    typography: 'body2',
    color: 'text.primary',
    '& th, & td': { p: '6px 16px', borderBottom: '1px solid rgb(224, 224, 224)', textAlign: 'left', verticalAlign: 'middle' },
    '& th': { fontWeight: 500, lineHeight: '1.5rem', whiteSpace: 'nowrap' },
    '& tbody tr:hover': { bgcolor: 'action.hover' },
  };
  fields.forEach((f, i) => {
    const width = typeof f.list === 'object' ? f.list.width : undefined;
    const cell = width
      ? { maxWidth: width, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }
      : f.type !== 'string' && f.type !== 'text'
      ? { whiteSpace: 'nowrap' }
      : { wordBreak: 'keep-all' };
    sx[`& td:nth-of-type(${i + 1})`] = cell;
  });
  return sx;
}

/** Counts the web fonts loaded so far (the Burmese one arrives with the page's first Burmese text): headers are measured again with each. */
function useFontsLoaded(): number {
  const [loaded, setLoaded] = useState(0);
  useEffect(() => {
    const fonts = typeof document !== 'undefined' ? document.fonts : undefined;
    if (!fonts) return;
    const again = () => setLoaded((n) => n + 1);
    void fonts.ready.then(again);
    fonts.addEventListener('loadingdone', again);
    return () => fonts.removeEventListener('loadingdone', again);
  }, []);
  return loaded;
}

export function ResourceGrid(props: ResourceGridProps) {
  const { list, columns, total, empty, hydrated, selectable, plain } = props;
  // The grid's own <style> (its CSS variables) needs the page's CSP nonce.
  const nonce = useNonce();
  const navigation = useNavigation();
  const { t, i18n } = useTranslation();
  const sm = props.def.stateMachine;
  const { rows } = list;
  const fonts = useFontsLoaded();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- measured again once a font has loaded
  const fitted = useMemo(() => fitHeaders(columns, i18n.language, sm ? { [sm.field]: sm.states.map((o) => t(o.labelKey)) } : {}), [columns, i18n.language, sm, t, fonts]);
  if (!hydrated || plain) return <PlainTable {...props} />;
  return (
    <Box data-testid="resource-grid">
      <Suspense fallback={<PlainTable {...props} />}>
        <DataGrid
          rows={rows}
          nonce={nonce}
          columns={fitted.columns}
          columnHeaderHeight={fitted.wraps ? twoLineHeader(i18n.language) : undefined}
          sx={headerSx(i18n.language)}
          slots={{ noRowsOverlay: EmptyOverlay as never, loadingOverlay: LoadingBar }}
          slotProps={{ noRowsOverlay: empty as never }}
          rowCount={total}
          loading={navigation.state === 'loading' || list.loading}
          paginationMode="server"
          sortingMode="server"
          filterMode="server"
          disableColumnFilter
          paginationModel={list.paginationModel}
          onPaginationModelChange={list.onPaginationModelChange}
          pageSizeOptions={PAGE_SIZES}
          sortModel={list.sortModel}
          onSortModelChange={list.onSortModelChange}
          checkboxSelection={selectable}
          disableRowSelectionOnClick={!selectable}
          rowSelectionModel={{ type: 'include', ids: new Set(list.selection) } as GridRowSelectionModel}
          onRowSelectionModelChange={(m) => {
            const model = m as unknown as { type?: string; ids?: Set<number> } | number[];
            if (Array.isArray(model)) list.setSelection(model.map(Number));
            else if (model.type === 'exclude') list.setSelection(rows.map((r) => r.id).filter((id) => !model.ids?.has(id)));
            else list.setSelection([...(model.ids ?? [])].map(Number));
          }}
          columnVisibilityModel={list.visibility}
          onColumnVisibilityModelChange={list.onVisibilityChange}
          autoHeight
          density="compact"
        />
      </Suspense>
    </Box>
  );
}

function PlainTable({ def, list, plainColumns, total, lookups, empty, plain }: ResourceGridProps) {
  const { t } = useTranslation();
  const { rows } = list;
  // The columns the grid will show: a column hidden by default (or by the user) is not painted first.
  const shown = (name: string) => list.visibility[name] !== false;
  const fields = def.fields.filter((f) => listed(f) && shown(f.name));
  const text = rememberingT(t);
  const actions = plain?.actions;
  const span = fields.length + (actions ? 1 : 0);
  return (
    <>
      {/* Focusable, so that a table wider than the page can be scrolled from the keyboard. */}
      <TableContainer tabIndex={0}>
        <Box component="table" sx={tableSx(fields)} data-testid={plain?.testId}>
          <thead>
            <tr>
              {plainColumns
                .filter((c) => shown(c.field))
                .map((c) => (
                  <th key={c.field}>{c.headerName}</th>
                ))}
              {actions && <th>{t('core:common.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {!rows.length && (
              <tr>
                <td colSpan={span} style={{ textAlign: 'center' }} data-testid="empty-hint">
                  {empty.hint}
                </td>
              </tr>
            )}
            {rows.map((r) => (
              <tr key={r.id} data-testid={plain?.rowTestId?.(r)}>
                {fields.map((f) => (
                  <td key={f.name} title={typeof f.list === 'object' && f.list.width && typeof r[f.name] === 'string' ? String(r[f.name]) : undefined}>
                    {plain ? plain.cell(r, f.name) : displayValue(f, r[f.name], text, lookups)}
                  </td>
                ))}
                {actions && <td>{actions(r)}</td>}
              </tr>
            ))}
          </tbody>
        </Box>
      </TableContainer>
      {plain && total > Math.min(...PAGE_SIZES) && (
        <TablePagination
          component="div"
          count={total}
          page={list.paginationModel.page}
          rowsPerPage={list.paginationModel.pageSize}
          rowsPerPageOptions={PAGE_SIZES}
          onPageChange={(_e, page) => list.onPaginationModelChange({ ...list.paginationModel, page })}
          onRowsPerPageChange={(e) => list.onPaginationModelChange({ page: 0, pageSize: Number(e.target.value) })}
        />
      )}
    </>
  );
}
