// The settlement page's parts: above the trader's recent bills, what they owe, what awaits their
// confirmation, what is settled or being refunded per currency and their available advance
// funds, with the XLSX statement; in the list the bill's detail, its state and pay / refund.
import { useState } from 'react';
import { Link as RemixLink, useRevalidator } from '@remix-run/react';
import { Box, Button, Card, CardContent, Chip, Grid, Link, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import { ApiError, ConfirmDialog, TransitionNoteDialog, useNotify, type ScreenParts } from '@core/client';
import { BillDetailDialog } from './BillDetail';
import { BILL_TRANSITIONS } from '../bill';
import type { settlementBillResource } from '../settlement.server';

type Data = Awaited<ReturnType<typeof settlementBillResource.screen.data>>;
type Bill = Data['bills'][number];

/** The figures of a currency's card, with their colours. */
const FIGURES = { owe: 'error.main', toConfirm: undefined, settled: 'success.main', refunding: undefined } as const;
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

export default function useSettlementScreen(data: Data): ScreenParts {
  const { t } = useTranslation();
  const { api, toast } = useNotify();
  const { revalidate } = useRevalidator();
  const [refundId, setRefundId] = useState<number | null>(null);
  const [payId, setPayId] = useState<number | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  const detail = data.bills.find((b) => b.id === detailId);
  const L = (k: string) => t(`finance:bills.${k}`);
  const bill = (r: Record<string, unknown>) => r as Bill;

  const run = async (name: string, id: number, note?: string) => {
    try {
      const res = await api.post(`/finance/billPayable/transition/${name}`, { ids: [id], note });
      toast(res.msg, { severity: 'success' });
      revalidate();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    }
  };

  return {
    header: (
      <Stack spacing={2} sx={{ mb: 2 }} data-testid="settlement-page">
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
          {data.currencies.length === 0 && (
            <Grid size={12}>
              <Typography color="text.secondary">{L('settlement.none')}</Typography>
            </Grid>
          )}
          {data.currencies.map((s) => (
            <Grid key={s.currency} size={{ xs: 12, md: 6, lg: 4 }}>
              <Card variant="outlined" data-testid={`settlement-${s.currency}`}>
                <CardContent>
                  <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
                    {s.currency}
                  </Typography>
                  <Grid container spacing={1}>
                    {(Object.keys(FIGURES) as (keyof typeof FIGURES)[]).map((name) => (
                      <Grid key={name} size={6}>
                        <Figure label={L(`settlement.${name}`)} value={s[name]} currency={s.currency} testId={`${name}-${s.currency}`} color={FIGURES[name]} />
                      </Grid>
                    ))}
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
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          {L('settlement.bills')}
        </Typography>
      </Stack>
    ),
    table: { testId: 'settlement-bills', rowTestId: (r) => `settlement-bill-${bill(r).serialNo}` },
    renderCell: {
      serialNo: (r) => (
        <Link component="button" variant="body2" onClick={() => setDetailId(r.id)} data-testid={`settlement-detail-${bill(r).serialNo}`}>
          {bill(r).serialNo}
        </Link>
      ),
      amount: (r) => (
        <Box sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {bill(r).amount} {bill(r).currency}
          {bill(r).refundAmount !== null && (
            <Typography variant="caption" color="text.secondary" component="div" data-testid={`settlement-refund-amount-${bill(r).serialNo}`}>
              {L('refundAmount')} {bill(r).refundAmount}
            </Typography>
          )}
        </Box>
      ),
      status: (r) => (
        <>
          <Chip size="small" label={L(`state.${bill(r).status}`)} color={bill(r).status === 'settled' ? 'success' : bill(r).status === 'awaitingPayment' ? 'warning' : 'default'} />
          {bill(r).badDebt === 'writtenOff' && <Chip size="small" sx={{ ml: 0.5 }} label={L('badDebtFlags.writtenOff')} color="error" variant="outlined" />}
        </>
      ),
    },
    rowActions: (r) => {
      const b = bill(r);
      return (
        <>
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
        </>
      );
    },
    dialogs: (
      <>
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
      </>
    ),
  };
}
