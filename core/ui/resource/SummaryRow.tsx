// The summary row under a list: the totals of its summed columns over every filtered row
// (not only the page), computed exactly on the server.
import { Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '../../resource/define';

/** 1234567.5 → 1,234,567.50 (the digits the server sent, grouped). */
function grouped(s: string): string {
  const [int, frac] = s.split('.');
  const g = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac === undefined ? g : `${g}.${frac}`;
}

export function SummaryRow({ def, sums }: { def: ResourceDef; sums: Record<string, string> }) {
  const { t } = useTranslation();
  const fields = def.fields.filter((f) => f.name in sums);
  return (
    <Stack direction="row" sx={{ mt: 1, px: 1.5, py: 1, gap: 3, flexWrap: 'wrap', bgcolor: 'action.hover', borderRadius: 1, alignItems: 'baseline' }} data-testid="summary-row">
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t('core:resource.summary')}
      </Typography>
      {fields.map((f) => (
        <Typography key={f.name} variant="body2" data-testid={`summary-${f.name}`}>
          {t(f.labelKey)}: <b style={{ fontVariantNumeric: 'tabular-nums' }}>{grouped(sums[f.name])}</b>
        </Typography>
      ))}
    </Stack>
  );
}
