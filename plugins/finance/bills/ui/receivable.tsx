// The receivables screen's parts: above the list, the outstanding bills aged by bill date per
// currency (the loader's `aging`), and 查看明细.
import { Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ScreenParts } from '@core/client';
import { AGING_BUCKETS } from '../bill';
import type { receivableAging } from '../receivable.server';
import { BillDetailButton } from './BillDetail';

export default function useReceivableScreen({ aging }: { aging: Awaited<ReturnType<typeof receivableAging>> }): ScreenParts {
  const { t } = useTranslation();
  const L = (k: string) => t(`finance:bills.${k}`);
  return {
    actions: (selected) => <BillDetailButton selected={selected} />,
    header: (
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            {L('aging.title')}
          </Typography>
          <Table size="small" data-testid="receivable-aging">
            <TableHead>
              <TableRow>
                <TableCell>{L('currency')}</TableCell>
                <TableCell align="right">{L('aging.count')}</TableCell>
                <TableCell align="right">{L('aging.total')}</TableCell>
                {AGING_BUCKETS.map((b) => (
                  <TableCell key={b} align="right">
                    {L(`aging.${b}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {aging.map((a) => (
                <TableRow key={a.currency} data-testid={`aging-${a.currency}`}>
                  <TableCell>{a.currency}</TableCell>
                  <TableCell align="right">{a.count}</TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }} data-testid={`aging-${a.currency}-total`}>
                    {a.total}
                  </TableCell>
                  {AGING_BUCKETS.map((b) => (
                    <TableCell
                      key={b}
                      align="right"
                      sx={{ fontVariantNumeric: 'tabular-nums', color: b === 'd90' && a[b] !== '0.00' ? 'error.main' : undefined }}
                      data-testid={`aging-${a.currency}-${b}`}
                    >
                      {a[b]}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
              {aging.length === 0 && (
                <TableRow>
                  <TableCell colSpan={3 + AGING_BUCKETS.length}>
                    <Typography color="text.secondary">{L('aging.none')}</Typography>
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
    ),
  };
}
