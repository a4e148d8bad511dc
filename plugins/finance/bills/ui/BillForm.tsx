// The bill form: header (order number, type, payer, payee, currency, date, remark) and the fee
// lines, with the total shown as the sum of the lines (decimal, never float). Saved through the
// resource's own schema and API, so the same SPEC §5 checks run in the browser and on the server.
import { useState } from 'react';
import Decimal from 'decimal.js';
import { Alert, Autocomplete, Button, Dialog, DialogActions, DialogContent, DialogTitle, Grid, IconButton, MenuItem, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslation } from 'react-i18next';
import type { LookupOption } from '@core/plugin';
import { useRowSubmit } from '@core/ui/resource/useRowSubmit';
import { DateField } from '@core/ui/DateField';
import { todayIso } from '@core/i18n/dates';
import { optionLabel } from '@core/ui/resource/ResourcePage';
import { billDef, BILL_TYPES, CURRENCIES } from '../bill';

type Row = Record<string, unknown>;
interface Line {
  feeItemName: string;
  quantity: string;
  rate: string;
  unit: string;
  amount: string;
  source: string;
  explanation: string;
}

const blankLine = (): Line => ({ feeItemName: '', quantity: '1', rate: '', unit: '', amount: '', source: 'manual', explanation: '' });
const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

function sum(lines: Line[]): string {
  let total = new Decimal(0);
  for (const l of lines) {
    try {
      if (l.amount.trim()) total = total.plus(new Decimal(l.amount.trim()).toDecimalPlaces(2, Decimal.ROUND_HALF_UP));
    } catch {
      /* an unfinished number counts as nothing until it parses */
    }
  }
  return total.toFixed(2);
}

export function BillForm({ row, lookups, onClose, onSaved }: { row: Row | null; lookups: Record<string, LookupOption[]>; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const L = (k: string) => t(`finance:bills.${k}`);
  const customers = lookups['finance.fundCustomers'] ?? [];
  const [v, setV] = useState<Row>(() => ({
    orderNo: str(row?.orderNo),
    billType: str(row?.billType) || 'SERVICE',
    payerUserId: str(row?.payerUserId),
    payeeUserId: str(row?.payeeUserId),
    payeeName: str(row?.payeeName),
    currency: str(row?.currency) || 'RMB',
    billDate: str(row?.billDate) || todayIso(),
    remark: str(row?.remark),
  }));
  const [lines, setLines] = useState<Line[]>(() =>
    Array.isArray(row?.lines) && (row.lines as Row[]).length
      ? (row.lines as Row[]).map((l) => ({ feeItemName: str(l.feeItemName), quantity: str(l.quantity), rate: str(l.rate), unit: str(l.unit), amount: str(l.amount), source: str(l.source) || 'manual', explanation: str(l.explanation) }))
      : [blankLine()],
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { submit, saving } = useRowSubmit(billDef, row, { onSaved, onClose, onErrors: setErrors });
  const set = (k: string, x: unknown) => setV((p) => ({ ...p, [k]: x }));
  const setLine = (i: number, k: keyof Line, x: string) => setLines((p) => p.map((l, j) => (j === i ? { ...l, [k]: x } : l)));
  const pick = (name: string) => (
    <Autocomplete
      options={customers}
      value={customers.find((o) => o.value === v[name]) ?? null}
      getOptionLabel={(o) => optionLabel(t, o.label)}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      onChange={(_e, o) => set(name, o?.value ?? '')}
      renderInput={(p) => <TextField {...p} size="small" label={L(name)} required={name === 'payerUserId'} error={!!errors[name]} helperText={errors[name]} />}
      data-testid={`bill-${name}`}
    />
  );

  const save = () =>
    submit({
      ...v,
      lines: lines.map((l) => ({ ...l, rate: l.rate.trim() || null, unit: l.unit.trim() || null, explanation: l.explanation.trim() || null })),
    });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" data-testid="bill-form">
      <DialogTitle>{L('title')}</DialogTitle>
      <DialogContent>
        <Grid container spacing={2} sx={{ pt: 1 }}>
          <Grid size={{ xs: 12, md: 4 }}>
            <TextField fullWidth size="small" required label={L('orderNo')} value={v.orderNo} onChange={(e) => set('orderNo', e.target.value)} error={!!errors.orderNo} helperText={errors.orderNo} slotProps={{ htmlInput: { 'data-testid': 'bill-orderNo' } }} />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <TextField select fullWidth size="small" label={L('billType')} value={v.billType} onChange={(e) => set('billType', e.target.value)}>
              {BILL_TYPES.map((x) => (
                <MenuItem key={x} value={x}>
                  {L(`billTypes.${x}`)}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <TextField select fullWidth size="small" label={L('currency')} value={v.currency} onChange={(e) => set('currency', e.target.value)}>
              {CURRENCIES.map((x) => (
                <MenuItem key={x} value={x}>
                  {x}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>{pick('payerUserId')}</Grid>
          <Grid size={{ xs: 12, md: 4 }}>{pick('payeeUserId')}</Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <TextField fullWidth size="small" required label={L('payeeName')} value={v.payeeName} onChange={(e) => set('payeeName', e.target.value)} error={!!errors.payeeName} helperText={errors.payeeName} />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <DateField fullWidth size="small" label={L('billDate')} value={str(v.billDate)} onChange={(iso) => set('billDate', iso)} testId="form-billDate-field" inputTestId="form-billDate" />
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            <TextField fullWidth size="small" label={L('remark')} value={v.remark} onChange={(e) => set('remark', e.target.value)} error={!!errors.remark} helperText={errors.remark} />
          </Grid>
        </Grid>
        <Typography variant="subtitle2" sx={{ mt: 2 }}>
          {L('lines')}
        </Typography>
        {errors.lines && (
          <Alert severity="error" sx={{ my: 1 }} data-testid="bill-lines-error">
            {errors.lines}
          </Alert>
        )}
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{L('line.feeItemName')}</TableCell>
              <TableCell>{L('line.quantity')}</TableCell>
              <TableCell>{L('line.unit')}</TableCell>
              <TableCell>{L('line.rate')}</TableCell>
              <TableCell>{L('line.amount')}</TableCell>
              <TableCell>{L('line.explanation')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map((l, i) => (
              <TableRow key={i}>
                <TableCell sx={{ minWidth: 160 }}>
                  <TextField size="small" fullWidth value={l.feeItemName} onChange={(e) => setLine(i, 'feeItemName', e.target.value)} slotProps={{ htmlInput: { 'data-testid': `line-${i}-feeItemName`, maxLength: 50 } }} />
                </TableCell>
                <TableCell sx={{ width: 110 }}>
                  <TextField size="small" value={l.quantity} onChange={(e) => setLine(i, 'quantity', e.target.value)} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
                </TableCell>
                <TableCell sx={{ width: 90 }}>
                  <TextField size="small" value={l.unit} onChange={(e) => setLine(i, 'unit', e.target.value)} />
                </TableCell>
                <TableCell sx={{ width: 110 }}>
                  <TextField size="small" value={l.rate} onChange={(e) => setLine(i, 'rate', e.target.value)} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
                </TableCell>
                <TableCell sx={{ width: 130 }}>
                  <TextField size="small" value={l.amount} onChange={(e) => setLine(i, 'amount', e.target.value)} slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': `line-${i}-amount` } }} />
                </TableCell>
                <TableCell>
                  <TextField size="small" fullWidth value={l.explanation} onChange={(e) => setLine(i, 'explanation', e.target.value)} />
                </TableCell>
                <TableCell sx={{ width: 48 }}>
                  <IconButton size="small" aria-label={L('line.remove')} onClick={() => setLines((p) => p.filter((_x, j) => j !== i))}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Button startIcon={<AddIcon />} sx={{ mt: 1 }} onClick={() => setLines((p) => [...p, blankLine()])} data-testid="bill-add-line">
          {L('line.add')}
        </Button>
        <Typography variant="h6" align="right" data-testid="bill-total">
          {L('amount')}: {sum(lines)} {String(v.currency)}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('core:common.cancel')}</Button>
        <Button variant="contained" disabled={saving} onClick={() => void save()} data-testid="bill-save">
          {t('core:common.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
