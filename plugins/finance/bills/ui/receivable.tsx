// The receivables screen's parts: above the list, the outstanding bills aged by bill date per
// currency (the loader's `aging`), and 查看明细.
import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { TitledTable, type ScreenParts } from '@core/client';
import type { FieldDef } from '@core/shared';
import { AGING_BUCKETS, type AgingBucket } from '../bill';
import type { receivableAging } from '../receivable.server';
import { useBillDetail } from './BillDetail';

const AGING_FIELDS: FieldDef[] = [
  { name: 'currency', labelKey: 'finance:bills.currency', type: 'string' },
  { name: 'count', labelKey: 'finance:bills.aging.count', type: 'integer' },
  { name: 'total', labelKey: 'finance:bills.aging.total', type: 'money' },
  ...AGING_BUCKETS.map((b): FieldDef => ({ name: b, labelKey: `finance:bills.aging.${b}`, type: 'money' })),
];

export default function useReceivableScreen({ aging }: { aging: Awaited<ReturnType<typeof receivableAging>> }): ScreenParts {
  const { t } = useTranslation();
  const L = (k: string) => t(`finance:bills.${k}`);
  const detail = useBillDetail();
  return {
    actions: detail.button,
    dialogs: detail.dialog,
    header: (
      <TitledTable
        title={L('aging.title')}
        card
        fields={AGING_FIELDS}
        rows={aging}
        testId="receivable-aging"
        rowTestId={(a) => `aging-${String(a.currency)}`}
        cellTestId={(a, f) => (f === 'total' || AGING_BUCKETS.includes(f as AgingBucket) ? `aging-${String(a.currency)}-${f}` : undefined)}
        cells={{
          total: (a) => <Box sx={{ fontWeight: 600 }}>{String(a.total)}</Box>,
          d90: (a) => <Box sx={{ color: a.d90 !== '0.00' ? 'error.main' : undefined }}>{String(a.d90)}</Box>,
        }}
        empty={L('aging.none')}
      />
    ),
  };
}
