// /bankCenter/receivable (应收账款): outstanding bills — the platform's bill managers see all of
// them, the bank and other payees the ones owed to them — aged by bill date per currency, with
// the bills' details and receipt confirmation.
import { useLoaderData } from '@remix-run/react';
import { Card, CardContent, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { page as guarded, resourcePageData } from '@core/server';
import { ResourcePage } from '@core/client';
import { AGING_BUCKETS, billReceivableDef } from '../bill';
import { billReceivableResource } from '../bills.server';
import { receivableAging } from '../receivable.server';
import { BillDetailButton } from '../ui/BillDetail';

export const loader = guarded({ menu: billReceivableResource.def.menu, permission: billReceivableResource.def.permissions.list }, async ({ request, knex, user }) => ({
  page: await resourcePageData(billReceivableResource, request),
  aging: await receivableAging(knex, user),
}));

export default function ReceivablePage() {
  const { page, aging } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const L = (k: string) => t(`finance:bills.${k}`);
  return (
    <Stack spacing={2}>
      <Card variant="outlined">
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
      <ResourcePage def={billReceivableDef} data={page} actions={(selected) => <BillDetailButton selected={selected} />} />
    </Stack>
  );
}
