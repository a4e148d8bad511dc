// /unifiedSettlement/settlementManage (统一结算): a trader's landing page — per currency what
// they owe, what awaits their confirmation, what is settled or being refunded, and their
// available advance funds; their recent bills with pay and refund actions; the XLSX statement.
import { useState } from 'react';
import { Link as RemixLink, useLoaderData, useRevalidator } from '@remix-run/react';
import { Box, Button, Card, CardContent, Chip, Grid, Link, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import { page } from '@core/server';
import { ApiError, ConfirmDialog, TransitionNoteDialog, useNotify } from '@core/client';
import { hasPermission } from '@core/shared';
import { BillDetailDialog } from '../ui/BillDetail';
import { BILL_PERMISSIONS, BILL_TRANSITIONS } from '../bill';
import { SETTLEMENT_MENU, SETTLEMENT_PERMISSION } from '../settlement';
import { recentBills, settlementSummary } from '../settlement.server';

export const loader = page({ menu: SETTLEMENT_MENU, permission: SETTLEMENT_PERMISSION }, async ({ knex, user }) => ({
  summary: await settlementSummary(knex, user.id),
  bills: await recentBills(user),
  canPay: hasPermission(user, BILL_PERMISSIONS.pay),
  canRefund: hasPermission(user, BILL_PERMISSIONS.requestRefund),
  canOpenPayable: user.isAdmin || user.menuList.includes('traderCenter.billsPayable'),
}));

const REFUND = BILL_TRANSITIONS.find((x) => x.name === 'requestRefund')!;
const PAY = BILL_TRANSITIONS.find((x) => x.name === 'pay')!;

function Figure({ label, value, currency, testId, color }: { label: string; value: string; currency: string; testId: string; color?: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" sx={{ color, fontVariantNumeric: 'tabular-nums' }} data-testid={testId}>
        {value}{' '}
        <Typography component="span" variant="body2">
          {currency}
        </Typography>
      </Typography>
    </Box>
  );
}

export default function SettlementManagePage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { api, toast } = useNotify();
  const { revalidate } = useRevalidator();
  const [refundId, setRefundId] = useState<number | null>(null);
  const [payId, setPayId] = useState<number | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  const detail = data.bills.find((b) => b.id === detailId);
  const L = (k: string) => t(`finance:bills.${k}`);

  const run = async (name: string, id: number, note?: string) => {
    try {
      const res = await api.post(`/finance/billPayable/transition/${name}`, { ids: [id], note });
      toast(res.msg, { severity: 'success' });
      revalidate();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    }
  };

  return (
    <Stack spacing={2} data-testid="settlement-page">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h5">{L('settlement.title')}</Typography>
        <Stack direction="row" spacing={1}>
          {data.canOpenPayable && (
            <Button component={RemixLink} to="/traderCenter/billsPayable" variant="outlined">
              {L('settlement.openPayable')}
            </Button>
          )}
          <Button component="a" href="/api/finance/bills/statement" startIcon={<DownloadIcon />} variant="contained" data-testid="settlement-download">
            {L('settlement.download')}
          </Button>
        </Stack>
      </Stack>
      <Grid container spacing={2}>
        {data.summary.length === 0 && (
          <Grid size={12}>
            <Typography color="text.secondary">{L('settlement.none')}</Typography>
          </Grid>
        )}
        {data.summary.map((s) => (
          <Grid key={s.currency} size={{ xs: 12, md: 6, lg: 4 }}>
            <Card variant="outlined" data-testid={`settlement-${s.currency}`}>
              <CardContent>
                <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
                  {s.currency}
                </Typography>
                <Grid container spacing={1}>
                  <Grid size={6}>
                    <Figure label={L('settlement.owe')} value={s.owe} currency={s.currency} testId={`owe-${s.currency}`} color="error.main" />
                  </Grid>
                  <Grid size={6}>
                    <Figure label={L('settlement.toConfirm')} value={s.toConfirm} currency={s.currency} testId={`toConfirm-${s.currency}`} />
                  </Grid>
                  <Grid size={6}>
                    <Figure label={L('settlement.settled')} value={s.settled} currency={s.currency} testId={`settled-${s.currency}`} color="success.main" />
                  </Grid>
                  <Grid size={6}>
                    <Figure label={L('settlement.refunding')} value={s.refunding} currency={s.currency} testId={`refunding-${s.currency}`} />
                  </Grid>
                  <Grid size={12}>
                    {s.available === null ? (
                      <Typography variant="body2" color="text.secondary">
                        {L('settlement.funds')}: {L('settlement.noAccount')}
                      </Typography>
                    ) : (
                      <Figure label={L('settlement.funds')} value={s.available} currency={s.currency} testId={`funds-${s.currency}`} color="primary.main" />
                    )}
                  </Grid>
                </Grid>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            {L('settlement.bills')}
          </Typography>
          <Table size="small" data-testid="settlement-bills">
            <TableHead>
              <TableRow>
                <TableCell>{L('serialNo')}</TableCell>
                <TableCell>{L('orderNo')}</TableCell>
                <TableCell>{L('payeeName')}</TableCell>
                <TableCell>{L('billDate')}</TableCell>
                <TableCell align="right">{L('amount')}</TableCell>
                <TableCell>{L('status')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {data.bills.map((b) => (
                <TableRow key={b.id} data-testid={`settlement-bill-${b.serialNo}`}>
                  <TableCell>
                    <Link component="button" variant="body2" onClick={() => setDetailId(b.id)} data-testid={`settlement-detail-${b.serialNo}`}>
                      {b.serialNo}
                    </Link>
                  </TableCell>
                  <TableCell>{b.orderNo}</TableCell>
                  <TableCell>{b.payeeName}</TableCell>
                  <TableCell>{b.billDate}</TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {b.amount} {b.currency}
                    {b.refundAmount !== null && (
                      <Typography variant="caption" color="text.secondary" component="div" data-testid={`settlement-refund-amount-${b.serialNo}`}>
                        {L('refundAmount')} {b.refundAmount}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    <Chip size="small" label={L(`state.${b.status}`)} color={b.status === 'settled' ? 'success' : b.status === 'awaitingPayment' ? 'warning' : 'default'} />
                    {b.badDebt === 'writtenOff' && <Chip size="small" sx={{ ml: 0.5 }} label={L('badDebtFlags.writtenOff')} color="error" variant="outlined" />}
                  </TableCell>
                  <TableCell align="right">
                    {data.canPay && b.status === 'awaitingPayment' && b.badDebt !== 'writtenOff' && (
                      <Button size="small" variant="contained" onClick={() => setPayId(b.id)} data-testid={`settlement-pay-${b.serialNo}`}>
                        {L('action.pay')}
                      </Button>
                    )}
                    {data.canRefund && (b.status === 'settled' || b.status === 'refundRejected') && (
                      <Button size="small" onClick={() => setRefundId(b.id)} data-testid={`settlement-refund-${b.serialNo}`}>
                        {L('action.requestRefund')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
              {data.bills.length === 0 && (
                <TableRow>
                  <TableCell colSpan={7}>
                    <Typography color="text.secondary">{L('settlement.none')}</Typography>
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
      {detail && <BillDetailDialog bill={detail} onClose={() => setDetailId(null)} />}
      <ConfirmDialog
        open={payId !== null}
        text={t(PAY.confirmKey!, { count: 1 })}
        onCancel={() => setPayId(null)}
        onConfirm={() => {
          const id = payId;
          setPayId(null);
          if (id !== null) void run('pay', id);
        }}
      />
      {refundId !== null && (
        <TransitionNoteDialog
          transition={REFUND}
          initialAmount={data.bills.find((b) => b.id === refundId)?.amount}
          onCancel={() => setRefundId(null)}
          onSubmit={async (note, amount) => {
            const res = await api.post('/finance/billPayable/transition/requestRefund', { ids: [refundId], note, amount });
            toast(res.msg, { severity: 'success' });
            setRefundId(null);
            revalidate();
          }}
        />
      )}
    </Stack>
  );
}
