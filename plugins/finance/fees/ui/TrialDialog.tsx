// 试算 (trial calculation): enter a date, quantity, days and customer; the server runs the rule
// engine (one selected rule, or every rule that would apply) and the lines come back with
// their explanations. The charging rules' toolbar opens it (this module's default).
import { useState } from 'react';
import CalculateIcon from '@mui/icons-material/Calculate';
import { Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { todayIso, type FieldDef, type LookupOption } from '@core/shared';
import { FormDialog, TitledTable, useNotify, type ScreenParts, type Values } from '@core/client';
import { BILLING_OBJECTS } from '../fee';
import { BILLING_METHODS } from '../engine';
import type { EngineLine } from '../engine';

const third = { span: 1 } as const;
const FIELDS: FieldDef[] = [
  { name: 'date', labelKey: 'finance:fees.trial.date', type: 'date', form: third },
  { name: 'quantity', labelKey: 'finance:fees.record.quantity', type: 'string', form: third },
  { name: 'days', labelKey: 'finance:fees.record.days', type: 'integer', form: third },
  { name: 'customerUserId', labelKey: 'finance:fees.customer', type: 'ref', lookup: 'finance.feeCustomers', form: third },
  { name: 'contractNo', labelKey: 'finance:fees.rule.contractNo', type: 'string', form: third },
  { name: 'billingObject', labelKey: 'finance:fees.billingObject', type: 'enum', form: third, options: BILLING_OBJECTS.map((o) => ({ value: o, labelKey: `finance:fees.billingObjects.${o}` })) },
];

const LINE_FIELDS: FieldDef[] = [
  { name: 'feeItemName', labelKey: 'finance:fees.trial.feeItem', type: 'string' },
  { name: 'chargingMethod', labelKey: 'finance:fees.billingMethod', type: 'enum', options: BILLING_METHODS.map((m) => ({ value: m, labelKey: `finance:fees.methods.${m}` })) },
  { name: 'rate', labelKey: 'finance:fees.rule.price', type: 'money' },
  { name: 'quantity', labelKey: 'finance:fees.record.quantity', type: 'money' },
  { name: 'amount', labelKey: 'finance:fees.trial.amount', type: 'money' },
  { name: 'explanation', labelKey: 'finance:fees.trial.explanation', type: 'string' },
];

export function TrialDialog({ rule, lookups, onClose }: { rule: Record<string, unknown> | null; lookups: Record<string, LookupOption[]>; onClose(): void }) {
  const { t } = useTranslation();
  const { api, toast } = useNotify();
  const [result, setResult] = useState<{ lines: EngineLine[]; total: string } | null>(null);
  const run = async (v: Values) => {
    try {
      const body = { ...v, days: v.days === '' ? null : Number(v.days), customerUserId: v.customerUserId === '' ? null : Number(v.customerUserId), ruleId: rule ? Number(rule.id) : null };
      const res = await api.post<{ lines: EngineLine[]; total: string }>('/finance/fees/trial', body, { silent: true });
      setResult(res.data ?? null);
    } catch (e) {
      const data = (e as { envelope?: { data?: { fieldErrors?: Record<string, string> } } }).envelope?.data;
      if (data?.fieldErrors) return data.fieldErrors;
      toast((e as Error).message, { severity: 'error' });
    }
  };
  // The lines below the inputs, which stay for the next try.
  const lines = {
    fields: [],
    render: () =>
      result && (
        <>
          <TitledTable fields={LINE_FIELDS} rows={result.lines} testId="trial-lines" cells={{ amount: (l) => `${String(l.amount)} ${String(l.currency)}` }} />
          <Typography sx={{ mt: 1 }} data-testid="trial-total">
            {result.lines.length === 0 ? t('finance:fees.trial.none') : t('finance:fees.trial.total', { total: result.total })}
          </Typography>
        </>
      ),
  };
  return (
    <FormDialog
      title={`${t('finance:fees.trial.title')}${rule ? ` — ${String(rule.ruleName)}` : ''}`}
      // Every rule that would apply is tried for a billing object; a selected rule has its own.
      fields={FIELDS.filter((f) => !rule || f.name !== 'billingObject')}
      initial={{ date: todayIso(), quantity: '', days: '', customerUserId: '', contractNo: '', billingObject: '' }}
      lookups={lookups}
      section={lines}
      testId="trial-dialog"
      testIdPrefix="trial"
      saveTestId="trial-run"
      saveLabel={t('finance:fees.trial.run')}
      onClose={onClose}
      onSubmit={run}
    />
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
