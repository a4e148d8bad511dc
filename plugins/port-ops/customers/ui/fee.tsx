// 试算 (trial calculation) on the fee items' list: a row's button opens a dialog where the
// operator enters a dispatch's facts; the server prices the item (POST /api/portops/feeAmount)
// and the amount comes back with its basis (finance's charging rule or the item's own rate).
import { useState } from 'react';
import CalculateIcon from '@mui/icons-material/Calculate';
import { IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { todayIso, type FieldDef } from '@core/shared';
import { FormDialog, useNotify, type ScreenParts, type Values } from '@core/client';
import { K } from '../common';
import type { FeeAmount } from '../fee';

const tr = (k: string) => `${K}.fee.trial.${k}`;
const third = { span: 1 } as const;
const FACTS = ['tonnes', 'trips', 'containers', 'distanceKm', 'waitingHours'] as const;
const FIELDS: FieldDef[] = [{ name: 'date', labelKey: tr('date'), type: 'date', form: third }, ...FACTS.map((name): FieldDef => ({ name, labelKey: tr(name), type: 'string', form: third }))];

function TrialDialog({ item, onClose }: { item: Record<string, unknown>; onClose(): void }) {
  const { t } = useTranslation();
  const { api, toast } = useNotify();
  const [result, setResult] = useState<FeeAmount | null>(null);
  const run = async (v: Values) => {
    try {
      const blankless = Object.fromEntries(Object.entries(v).filter(([, x]) => x !== ''));
      const res = await api.post<FeeAmount>('/portops/feeAmount', { ...blankless, feeItemId: Number(item.id) }, { silent: true });
      setResult(res.data ?? null);
    } catch (e) {
      const data = (e as { envelope?: { data?: { fieldErrors?: Record<string, string> } } }).envelope?.data;
      if (data?.fieldErrors) return data.fieldErrors;
      toast((e as Error).message, { severity: 'error' });
    }
  };
  const basis = (r: FeeAmount) => (r.basis === 'rule' ? t(`${K}.fee.basis.rule`, { rule: r.rule.ruleName }) : t(`${K}.fee.basis.${r.reason}`));
  // The answer below the facts, which stay for the next try.
  const answer = {
    fields: [],
    render: () =>
      result && (
        <Stack spacing={0.5} sx={{ mt: 2 }} data-testid="fee-trial-result">
          <Typography variant="h6" data-testid="fee-trial-amount">
            {t(tr('amount'))}: {result.amount} {result.currency ?? ''}
          </Typography>
          <Typography data-testid="fee-trial-basis">
            {t(tr('basis'))}: {basis(result)}
          </Typography>
          <Typography color="text.secondary" data-testid="fee-trial-explanation">
            {t(tr('explanation'))}: {result.explanation}
          </Typography>
        </Stack>
      ),
  };
  return (
    <FormDialog
      title={`${t(tr('title'))} — ${String(item.name)}`}
      fields={FIELDS}
      initial={{ date: todayIso(), tonnes: '', trips: '', containers: '', distanceKm: '', waitingHours: '' }}
      lookups={{}}
      section={answer}
      testId="fee-trial-dialog"
      testIdPrefix="fee-trial"
      saveTestId="fee-trial-run"
      saveLabel={t(tr('run'))}
      onClose={onClose}
      onSubmit={run}
    />
  );
}

export default function useFeeScreen(): ScreenParts {
  const { t } = useTranslation();
  const [item, setItem] = useState<Record<string, unknown> | null>(null);
  return {
    rowActions: (row) => (
      // An icon, as the row's other actions (the 操作 column is sized for icons): its name in the tooltip.
      <Tooltip title={t(tr('button'))}>
        <IconButton size="small" color="primary" aria-label={t(tr('button'))} onClick={() => setItem(row)} data-testid={`fee-trial-${String(row.id)}`}>
          <CalculateIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    ),
    dialogs: item && <TrialDialog item={item} onClose={() => setItem(null)} />,
  };
}
