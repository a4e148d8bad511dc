// A bill read-only, as payer, payee or platform see it: the header with its status and flags,
// the fee lines with how each was charged, and the return/refund details when there are any.
// Opened from the bill lists (查看明细, their toolbar: this module's default) and from the serial
// number on the settlement page.
import { Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Grid, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { TitledTable, useViewAction, type ScreenParts, type ViewAction } from '@core/client';
import { billDocument } from '../bill';

type Row = Record<string, unknown>;
const LINE_FIELDS = ['feeItemName', 'quantity', 'unit', 'rate', 'amount', 'explanation'].map((n) => billDocument.lines![0].fields.find((f) => f.name === n)!);
const str = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));

function Field({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Grid size={{ xs: 6, md: 3 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" data-testid={testId}>
        {value}
      </Typography>
    </Grid>
  );
}

export function BillDetailDialog({ bill, onClose }: { bill: Row; onClose(): void }) {
  const { t } = useTranslation();
  const L = (k: string) => t(`finance:bills.${k}`);
  const lines = (Array.isArray(bill.lines) ? bill.lines : []) as Row[];
  const flag = (field: string, group: string) => (bill[field] ? L(`${group}.${String(bill[field])}`) : '—');
  const refund = bill.refundStatus !== null && bill.refundStatus !== undefined && bill.refundStatus !== '';
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" data-testid="bill-detail">
      <DialogTitle>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <span>
            {L('detail.title')} {str(bill.serialNo)}
          </span>
          <Chip size="small" label={L(`state.${String(bill.status)}`)} data-testid="bill-detail-status" />
        </Stack>
      </DialogTitle>
      <DialogContent dividers>
        <Grid container spacing={2}>
          <Field label={L('orderNo')} value={str(bill.orderNo)} />
          <Field label={L('billType')} value={bill.billType ? L(`billTypes.${String(bill.billType)}`) : '—'} />
          <Field label={L('billDate')} value={str(bill.billDate)} />
          <Field label={L('amount')} value={`${str(bill.amount)} ${str(bill.currency)}`} testId="bill-detail-amount" />
          <Field label={L('payerName')} value={str(bill.payerName)} />
          <Field label={L('payeeName')} value={str(bill.payeeName)} />
          <Field label={L('payFlag')} value={flag('payFlag', 'payFlags')} />
          <Field label={L('receiptFlag')} value={flag('receiptFlag', 'receiptFlags')} />
          <Field label={L('pushFlag')} value={flag('pushFlag', 'pushFlags')} />
          <Field label={L('verifyFlag')} value={flag('verifyFlag', 'verifyFlags')} />
          <Field label={L('paidVia')} value={bill.paidVia ? L(`paidVias.${String(bill.paidVia)}`) : '—'} />
          {bill.returnReason ? <Field label={L('returnReason')} value={str(bill.returnReason)} /> : null}
        </Grid>
        {refund && (
          <Grid container spacing={2} sx={{ mt: 1 }} data-testid="bill-detail-refund">
            <Field label={L('refundAmount')} value={`${str(bill.refundAmount)} ${str(bill.currency)}`} />
            <Field label={L('refundStatus')} value={flag('refundStatus', 'refundStates')} />
            <Field label={L('refundReason')} value={str(bill.refundReason)} />
            <Field label={L('refundOpinion')} value={str(bill.refundOpinion)} />
          </Grid>
        )}
        {bill.remark ? (
          <Typography variant="body2" sx={{ mt: 2 }}>
            {L('remark')}: {String(bill.remark)}
          </Typography>
        ) : null}
        <TitledTable
          title={L('lines')}
          fields={LINE_FIELDS}
          rows={lines}
          testId="bill-detail-lines"
          cells={{ explanation: (l) => <Box sx={{ color: 'text.secondary', maxWidth: 280 }}>{str(l.explanation)}</Box> }}
          footer={
            <TableRow>
              <TableCell colSpan={4} align="right" sx={{ fontWeight: 600 }}>
                {L('total')}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
                {str(bill.amount)}
              </TableCell>
              <TableCell />
            </TableRow>
          }
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="bill-detail-close">
          {t('core:common.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The bill lists' parts: 查看明细 in their toolbar, one selected bill read-only. */
export function useBillDetail(): ViewAction {
  return useViewAction({
    labelKey: 'finance:bills.detail.view',
    testId: 'toolbar-billDetail',
    selectOneKey: 'finance:bills.detail.selectOne',
    view: (bill, { close }) => <BillDetailDialog bill={bill} onClose={close} />,
  });
}

export default function useBillScreen(): ScreenParts {
  const detail = useBillDetail();
  return { actions: detail.button, dialogs: detail.dialog };
}
