// 试算 (trial calculation): enter a date, quantity, days and customer; the server runs the rule
// engine (one selected rule, or every rule that would apply) and the lines come back with
// their explanations. The charging rules' toolbar opens it (this module's default).
import { useState } from 'react';
import CalculateIcon from '@mui/icons-material/Calculate';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Grid, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { todayIso, type FieldDef, type LookupOption } from '@core/shared';
import { FieldInput, useNotify, type ScreenParts } from '@core/client';
import { BILLING_OBJECTS } from '../fee';
import type { EngineLine } from '../engine';

const FIELDS: FieldDef[] = [
  { name: 'date', labelKey: 'finance:fees.trial.date', type: 'date' },
  { name: 'quantity', labelKey: 'finance:fees.record.quantity', type: 'string' },
  { name: 'days', labelKey: 'finance:fees.record.days', type: 'integer' },
  { name: 'customerUserId', labelKey: 'finance:fees.customer', type: 'ref', lookup: 'finance.feeCustomers' },
  { name: 'contractNo', labelKey: 'finance:fees.rule.contractNo', type: 'string' },
  { name: 'billingObject', labelKey: 'finance:fees.billingObject', type: 'enum', options: BILLING_OBJECTS.map((o) => ({ value: o, labelKey: `finance:fees.billingObjects.${o}` })) },
];

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

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid="trial-dialog">
      <DialogTitle>
        {t('finance:fees.trial.title')}
        {rule ? ` — ${String(rule.ruleName)}` : ''}
      </DialogTitle>
      <DialogContent>
        <Grid container columnSpacing={2} sx={{ pt: 1 }}>
          {/* Every rule that would apply is tried for a billing object; a selected rule has its own. */}
          {FIELDS.filter((f) => !rule || f.name !== 'billingObject').map((f) => (
            <Grid key={f.name} size={{ xs: 12, sm: 4 }}>
              <FieldInput
                field={f}
                value={v[f.name as keyof typeof v]}
                onChange={(x) => set(f.name as keyof typeof v, String(x))}
                lookups={lookups}
                error={errors[f.name]}
                testId={`trial-${f.name}`}
              />
            </Grid>
          ))}
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

export default function useChargingRuleScreen(data: { canTrial: boolean; lookups: Record<string, LookupOption[]> }): ScreenParts {
  const { t } = useTranslation();
  const [trial, setTrial] = useState<{ rule: Record<string, unknown> | null } | null>(null);
  return {
    actions: (selected) =>
      data.canTrial && (
        <Button startIcon={<CalculateIcon />} onClick={() => setTrial({ rule: selected.length === 1 ? selected[0] : null })} data-testid="toolbar-trial">
          {t('finance:fees.trial.button')}
        </Button>
      ),
    dialogs: trial && <TrialDialog rule={trial.rule} lookups={data.lookups} onClose={() => setTrial(null)} />,
  };
}
