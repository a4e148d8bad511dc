// A document's receipts (code, message number, function, time, message), with 刷新回执 to
// read the EDI inbox now.
import { useCallback, useEffect, useState } from 'react';
import { Button, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useTranslation } from 'react-i18next';
import { ApiError, useNotify } from '@core/client';
import { formatDateTime } from '@core/shared';
import type { ReceiptRow } from './receipts.server';

export function ReceiptsTable({ docType, docId, statusLabel, onChanged }: { docType: string; docId: number; statusLabel?: (s: string) => string; onChanged?(): void }) {
  const { t } = useTranslation();
  const { api, toast } = useNotify();
  const [rows, setRows] = useState<ReceiptRow[]>([]);
  const load = useCallback(async () => {
    const res = await api.get<ReceiptRow[]>('/customs/receipts', { docType, docId });
    setRows(res.data ?? []);
  }, [api, docType, docId]);
  useEffect(() => {
    load().catch(() => {});
  }, [load]);
  const refresh = async () => {
    try {
      const before = rows.length;
      const res = await api.post('/customs/receipts', { docType });
      toast(res.msg, { severity: 'success' });
      const next = await api.get<ReceiptRow[]>('/customs/receipts', { docType, docId });
      setRows(next.data ?? []);
      if ((next.data?.length ?? 0) !== before) onChanged?.();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    }
  };
  return (
    <Stack spacing={1} data-testid="receipts">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <Typography variant="subtitle2">{t('customs:receipts.title')}</Typography>
        <Button size="small" startIcon={<RefreshIcon />} onClick={() => void refresh()} data-testid="receipts-refresh">
          {t('customs:receipts.refresh')}
        </Button>
      </Stack>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('customs:receipts.code')}</TableCell>
            <TableCell>{t('customs:receipts.messageNo')}</TableCell>
            <TableCell>{t('customs:receipts.functionCode')}</TableCell>
            <TableCell>{t('customs:receipts.time')}</TableCell>
            <TableCell>{t('customs:receipts.message')}</TableCell>
            <TableCell>{t('customs:receipts.statusAfter')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={6}>{t('customs:receipts.none')}</TableCell>
            </TableRow>
          )}
          {rows.map((r) => (
            <TableRow key={r.id} data-testid="receipt-row">
              <TableCell>{r.code}</TableCell>
              <TableCell>{r.messageNo}</TableCell>
              <TableCell>{r.functionCode}</TableCell>
              <TableCell>{formatDateTime(r.receiptTime)}</TableCell>
              <TableCell>{r.message}</TableCell>
              <TableCell>{r.statusAfter ? (statusLabel ? statusLabel(r.statusAfter) : r.statusAfter) : ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Stack>
  );
}
