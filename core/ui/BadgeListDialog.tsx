// The dialog a top-bar badge with a list opens: one page of the rows behind its count from
// GET /api/core/badges/<key>/list, with paging and a link to the full screen.
import { useEffect, useState } from 'react';
import { Link as RemixLink } from '@remix-run/react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { BadgeView } from '../plugin';
import { useApiData } from './useApiData';

interface ListPage {
  rows: Record<string, unknown>[];
  total: number;
  page: number;
  pageSize: number;
}

const PAGE_SIZES = [10, 20, 50, 100];

export function BadgeListDialog({ badgeKey, title, list, open, onClose }: { badgeKey: string; title: string; list: NonNullable<BadgeView['list']>; open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  // No full-screen overlay: the dialog shows its own loading state.
  const { answer, error, loading, load } = useApiData<ListPage>();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(10);

  useEffect(() => {
    if (open) load(`/core/badges/${encodeURIComponent(badgeKey)}/list`, { page: page + 1, pageSize });
  }, [open, badgeKey, page, pageSize, load]);

  const close = () => {
    setPage(0);
    onClose();
  };

  const rows = answer?.data?.rows ?? [];
  const total = answer?.data?.total ?? 0;
  const cols = list.columns;

  return (
    <Dialog open={open} onClose={close} maxWidth="md" fullWidth data-testid={`badge-dialog-${badgeKey}`}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent dividers sx={{ position: 'relative', px: 0, py: 0 }}>
        <Box sx={{ height: 4 }}>{loading && answer && <LinearProgress />}</Box>
        {error && !loading ? (
          <Alert severity="error" sx={{ m: 2 }} data-testid="badge-dialog-error">
            {error.message}
          </Alert>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                {cols.map((c) => (
                  <TableCell key={c.field} align={c.kind === 'money' ? 'right' : 'left'} sx={{ fontWeight: 600 }}>
                    {t(c.labelKey)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {!answer ? (
                <TableRow>
                  <TableCell colSpan={cols.length} align="center" sx={{ py: 4, color: 'text.secondary' }} data-testid="badge-dialog-loading">
                    <CircularProgress size={20} sx={{ mr: 1, verticalAlign: 'middle' }} />
                    {t('core:badgeList.loading')}
                  </TableCell>
                </TableRow>
              ) : rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={cols.length} align="center" sx={{ py: 4, color: 'text.secondary' }} data-testid="badge-dialog-empty">
                    {t('core:badgeList.empty')}
                  </TableCell>
                </TableRow>
              ) : (
                rows.map((r, i) => (
                  <TableRow key={i} hover data-testid="badge-dialog-row">
                    {cols.map((c) => (
                      <TableCell key={c.field} align={c.kind === 'money' ? 'right' : 'left'} sx={c.kind === 'money' ? { fontVariantNumeric: 'tabular-nums' } : undefined}>
                        {r[c.field] === null || r[c.field] === undefined ? '' : String(r[c.field])}
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between', pl: 2 }}>
        <TablePagination
          component="div"
          count={total}
          page={total > 0 ? page : 0}
          rowsPerPage={pageSize}
          rowsPerPageOptions={PAGE_SIZES}
          onPageChange={(_e, p) => setPage(p)}
          onRowsPerPageChange={(e) => {
            setPageSize(Number(e.target.value));
            setPage(0);
          }}
          sx={{ flexShrink: 0 }}
        />
        <Box sx={{ display: 'flex', gap: 1 }}>
          {list.moreHref && (
            <Button component={RemixLink} to={list.moreHref} onClick={close} data-testid={`badge-dialog-more-${badgeKey}`}>
              {t('core:badgeList.more')}
            </Button>
          )}
          <Button onClick={close}>{t('core:badgeList.close')}</Button>
        </Box>
      </DialogActions>
    </Dialog>
  );
}
