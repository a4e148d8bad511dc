// The list's grid: server-side paging, sorting and row selection. The grid renders nothing on
// the server, so the first paint is a plain table of the same rows; a small list (jobs, the
// menu tree) may stay a plain table, its actions last and paged below. The grid's code loads
// once the page is live, the plain table standing in meanwhile: the server never renders the
// grid, so it never loads it either.
import { lazy, Suspense, type ReactNode } from 'react';
import { useNavigation } from '@remix-run/react';
import { Box, TableContainer, TablePagination } from '@mui/material';
import type { GridColDef, GridRowSelectionModel } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { useNonce } from '../../auth/nonce';
import type { LookupOption } from '../../plugin';
import { listed, PAGE_SIZES, type FieldDef, type ResourceDef } from '../../resource/define';
import { displayValue, rememberingT, type Row } from './cells';
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

export function ResourceGrid(props: ResourceGridProps) {
  const { list, columns, total, empty, hydrated, selectable, plain } = props;
  // The grid's own <style> (its CSS variables) needs the page's CSP nonce.
  const nonce = useNonce();
  const navigation = useNavigation();
  const { rows } = list;
  if (!hydrated || plain) return <PlainTable {...props} />;
  return (
    <Box data-testid="resource-grid">
      <Suspense fallback={<PlainTable {...props} />}>
        <DataGrid
          rows={rows}
          nonce={nonce}
          columns={columns}
          slots={{ noRowsOverlay: EmptyOverlay as never }}
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
      <TableContainer>
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
