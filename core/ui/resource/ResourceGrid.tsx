// The list's grid: server-side paging, sorting and row selection. The grid renders nothing on
// the server, so the first paint is a plain table of the same rows; a small list (jobs, the
// menu tree) may stay a plain table, its actions last and paged below.
import type { ReactNode } from 'react';
import { useNavigation } from '@remix-run/react';
import { Box, Table, TableBody, TableCell, TableContainer, TableHead, TablePagination, TableRow } from '@mui/material';
import { DataGrid, type GridColDef, type GridRowSelectionModel } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { useNonce } from '../../auth/nonce';
import type { LookupOption } from '../../plugin';
import { listed, PAGE_SIZES, type FieldDef, type ResourceDef } from '../../resource/define';
import { displayValue, type Row } from './cells';
import { EmptyOverlay, type EmptyOverlayProps } from './EmptyOverlay';
import type { ListState } from './useListState';

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
 * A plain cell: a declared width is a cap (the rest behind an ellipsis, whole in the tooltip);
 * dates, numbers and choices stay on one line; Chinese text breaks between words only.
 */
function cellSx(f: FieldDef) {
  const width = typeof f.list === 'object' ? f.list.width : undefined;
  if (width) return { maxWidth: width, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' };
  if (f.type !== 'string' && f.type !== 'text') return { whiteSpace: 'nowrap' };
  return { wordBreak: 'keep-all' as const };
}

export function ResourceGrid({ def, list, columns, plainColumns, total, lookups, empty, hydrated, selectable, plain }: ResourceGridProps) {
  const { t } = useTranslation();
  // The grid's own <style> (its CSS variables) needs the page's CSP nonce.
  const nonce = useNonce();
  const navigation = useNavigation();
  const { rows } = list;
  if (!hydrated || plain) {
    const fields = def.fields.filter(listed);
    const actions = plain?.actions;
    const span = fields.length + (actions ? 1 : 0);
    return (
      <>
        <TableContainer>
          <Table size="small" data-testid={plain?.testId}>
            <TableHead>
              <TableRow>
                {plainColumns.map((c) => (
                  <TableCell key={c.field} sx={{ whiteSpace: 'nowrap' }}>
                    {c.headerName}
                  </TableCell>
                ))}
                {actions && <TableCell sx={{ whiteSpace: 'nowrap' }}>{t('core:common.actions')}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {!rows.length && (
                <TableRow>
                  <TableCell colSpan={span} align="center" data-testid="empty-hint">
                    {empty.hint}
                  </TableCell>
                </TableRow>
              )}
              {rows.map((r) => (
                <TableRow key={r.id} hover data-testid={plain?.rowTestId?.(r)}>
                  {fields.map((f) => (
                    <TableCell key={f.name} sx={cellSx(f)} title={typeof f.list === 'object' && f.list.width && typeof r[f.name] === 'string' ? String(r[f.name]) : undefined}>
                      {plain ? plain.cell(r, f.name) : displayValue(f, r[f.name], t, lookups)}
                    </TableCell>
                  ))}
                  {actions && <TableCell>{actions(r)}</TableCell>}
                </TableRow>
              ))}
            </TableBody>
          </Table>
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
  return (
    <Box data-testid="resource-grid">
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
    </Box>
  );
}
