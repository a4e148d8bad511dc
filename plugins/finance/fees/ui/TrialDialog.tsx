// 试算 (trial calculation): enter a date, quantity, days and customer; the server runs the rule
// engine (one selected rule, or every rule that would apply) and the lines come back with
// their explanations.
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Grid, MenuItem, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { LookupOption } from '@core/plugin';
import { useNotify } from '@core/ui/notify';
import { DateField } from '@core/ui/DateField';
import { todayIso } from '@core/i18n/dates';
import { optionLabel } from '@core/ui/resource/ResourcePage';
import { BILLING_OBJECTS } from '../fee';
import type { EngineLine } from '../engine';

export function TrialDialog({ rule, lookups, onClose }: { rule: Record<string, unknown> | null; lookups: Record<string, LookupOption[]>; onClose(): void }) {
  const { t } = useTranslation();
  const { api, toast } = useNotify();
  const [v, setV] = useState({ date: todayIso(), quantity: '', days: '', customerUserId: '', contractNo: '', billingObject: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<{ lines: EngineLine[]; total: string } | null>(null);
  const set = (k: keyof typeof v, x: string) => {
    setV((o) => ({ ...o, [k]: x }));
    setErrors((o) => ({ ...o, [k]: '' }));
  };

  const run = async () => {
    try {
      const res = await api.post<{ lines: EngineLine[]; total: string }>(
        '/finance/fees/trial',
        {
          ...v,
          days: v.days === '' ? null : Number(v.days),
          customerUserId: v.customerUserId === '' ? null : Number(v.customerUserId),
          ruleId: rule ? Number(rule.id) : null,
        },
        { silent: true },
      );
      setResult(res.data ?? null);
    } catch (e) {
      const data = (e as { envelope?: { data?: { fieldErrors?: Record<string, string> } } }).envelope?.data;
      if (data?.fieldErrors) setErrors(data.fieldErrors);
      else toast((e as Error).message, { severity: 'error' });
    }
  };

  const input = (k: keyof typeof v, labelKey: string, type = 'text') =>
    type === 'date' ? (
      <DateField label={t(labelKey)} value={v[k]} onChange={(iso) => set(k, iso)} error={!!errors[k]} helperText={errors[k] || ' '} fullWidth testId={`trial-${k}-field`} inputTestId={`trial-${k}`} />
    ) : (
    <TextField
      label={t(labelKey)}
      type={type}
      value={v[k]}
      onChange={(e) => set(k, e.target.value)}
      error={!!errors[k]}
      helperText={errors[k] || ' '}
      fullWidth
      slotProps={{ htmlInput: { 'data-testid': `trial-${k}` } }}
    />
  );

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid="trial-dialog">
      <DialogTitle>
        {t('finance:fees.trial.title')}
        {rule ? ` — ${String(rule.ruleName)}` : ''}
      </DialogTitle>
      <DialogContent>
        <Grid container columnSpacing={2} sx={{ pt: 1 }}>
          <Grid size={{ xs: 12, sm: 4 }}>{input('date', 'finance:fees.trial.date', 'date')}</Grid>
          <Grid size={{ xs: 12, sm: 4 }}>{input('quantity', 'finance:fees.record.quantity')}</Grid>
          <Grid size={{ xs: 12, sm: 4 }}>{input('days', 'finance:fees.record.days', 'number')}</Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField select label={t('finance:fees.customer')} value={v.customerUserId} onChange={(e) => set('customerUserId', e.target.value)} fullWidth helperText=" " data-testid="trial-customer">
              <MenuItem value="">—</MenuItem>
              {(lookups['finance.feeCustomers'] ?? []).map((o) => (
                <MenuItem key={o.value} value={o.value}>
                  {optionLabel(t, o.label)}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>{input('contractNo', 'finance:fees.rule.contractNo')}</Grid>
          {!rule && (
            <Grid size={{ xs: 12, sm: 4 }}>
              <TextField select label={t('finance:fees.billingObject')} value={v.billingObject} onChange={(e) => set('billingObject', e.target.value)} fullWidth helperText=" ">
                <MenuItem value="">—</MenuItem>
                {BILLING_OBJECTS.map((o) => (
                  <MenuItem key={o} value={o}>
                    {t(`finance:fees.billingObjects.${o}`)}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
          )}
        </Grid>
        {result && (
          <>
            <Table size="small" data-testid="trial-lines">
              <TableHead>
                <TableRow>
                  <TableCell>{t('finance:fees.trial.feeItem')}</TableCell>
                  <TableCell>{t('finance:fees.billingMethod')}</TableCell>
                  <TableCell align="right">{t('finance:fees.rule.price')}</TableCell>
                  <TableCell align="right">{t('finance:fees.record.quantity')}</TableCell>
                  <TableCell align="right">{t('finance:fees.trial.amount')}</TableCell>
                  <TableCell>{t('finance:fees.trial.explanation')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {result.lines.map((l) => (
                  <TableRow key={l.ruleId}>
                    <TableCell>{l.feeItemName}</TableCell>
                    <TableCell>{t(`finance:fees.methods.${l.chargingMethod}`)}</TableCell>
                    <TableCell align="right">{l.rate}</TableCell>
                    <TableCell align="right">{l.quantity}</TableCell>
                    <TableCell align="right">
                      {l.amount} {l.currency}
                    </TableCell>
                    <TableCell>{l.explanation}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Typography sx={{ mt: 1 }} data-testid="trial-total">
              {result.lines.length === 0 ? t('finance:fees.trial.none') : t('finance:fees.trial.total', { total: result.total })}
            </Typography>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('core:common.cancel')}</Button>
        <Button variant="contained" onClick={run} data-testid="trial-run">
          {t('finance:fees.trial.run')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
