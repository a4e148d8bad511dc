// The grid's 操作 column: a row's own 详情/修改/删除 and the screen's extra row actions; a
// disabled icon's tooltip says why.
import { useMemo, useRef, type ReactNode } from 'react';
import { IconButton, Stack, Tooltip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { useTranslation } from 'react-i18next';
import type { Row } from './cells';
import { labelPx } from './labelWidth';

const ACTIONS_FIELD = '__actions';

export interface RowActionState {
  notEditable(r: Row): boolean;
  notDeletable(r: Row): boolean;
  editRefused: string;
  deleteRefused: string;
  deleteRows(rows: Row[]): void;
  onEdit(row: Row): void;
  /** Opens the detail drawer, when the screen has one. */
  onDetail?: (row: Row) => void;
  rowActions?: (row: Row, reload: () => void) => ReactNode;
  reload(): void;
  can: { update: boolean; delete: boolean };
}

/** One icon of the 操作 cell; disabled, its tooltip says why. */
export function RowIcon({ title, why, onClick, testid, color, children }: { title: string; why?: string | null; onClick(): void; testid: string; color?: 'primary' | 'error'; children: ReactNode }) {
  return (
    <Tooltip title={why || title}>
      <span>
        <IconButton
          size="small"
          color={color ?? 'primary'}
          disabled={!!why}
          aria-label={title}
          data-testid={testid}
          onClick={(e) => {
            e.stopPropagation();
            onClick();
          }}
        >
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

export function RowActionCell({ row, latest }: { row: Row; latest: { current: RowActionState } }) {
  const { t } = useTranslation();
  const s = latest.current;
  return (
    <Stack direction="row" sx={{ alignItems: 'center', height: '100%' }} data-testid={`row-actions-${row.id}`}>
      {s.onDetail && (
        <RowIcon title={t('core:resource.detail')} onClick={() => s.onDetail!(row)} testid={`row-detail-${row.id}`}>
          <VisibilityOutlinedIcon fontSize="small" />
        </RowIcon>
      )}
      {s.can.update && (
        <RowIcon title={t('core:resource.edit')} why={s.notEditable(row) ? s.editRefused : null} onClick={() => s.onEdit(row)} testid={`row-edit-${row.id}`}>
          <EditIcon fontSize="small" />
        </RowIcon>
      )}
      {s.can.delete && (
        <RowIcon title={t('core:resource.delete')} why={s.notDeletable(row) ? s.deleteRefused : null} onClick={() => s.deleteRows([row])} testid={`row-delete-${row.id}`} color="error">
          <DeleteIcon fontSize="small" />
        </RowIcon>
      )}
      {s.rowActions?.(row, s.reload)}
    </Stack>
  );
}

/** The columns with the 操作 column first, when a row has any action. */
export function useActionColumn(columns: GridColDef[], state: RowActionState): GridColDef[] {
  const { t } = useTranslation();
  // The cells read the latest state: the column itself stays the same object between renders.
  const latest = useRef(state);
  latest.current = state;
  const icons = (state.can.update ? 1 : 0) + (state.can.delete ? 1 : 0) + (state.onDetail ? 1 : 0);
  const extra = !!state.rowActions;
  return useMemo(() => {
    if (!icons && !extra) return columns;
    const actionColumn: GridColDef = {
      field: ACTIONS_FIELD,
      headerName: t('core:common.actions'),
      sortable: false,
      filterable: false,
      hideable: false,
      disableColumnMenu: true,
      disableExport: true,
      width: Math.max(labelPx(t('core:common.actions'), 14) + 40, 16 + 36 * (icons + (extra ? 1 : 0))),
      renderCell: (p) => <RowActionCell row={p.row as Row} latest={latest} />,
    };
    return [actionColumn, ...columns];
  }, [columns, icons, extra, t]);
}
