// The work screen's parts: the form's start and end time (date-time pickers), and the over-plan
// override marked in the list.
import { Chip, Grid } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ScreenParts } from '@core/client';
import { K, f } from '../plan';
import { MomentField } from './MomentField';

function Override({ on, reason }: { on: boolean; reason: unknown }) {
  const { t } = useTranslation();
  return on ? <Chip size="small" color="warning" variant="outlined" label={t(`${K}.ui.overridden`)} title={String(reason ?? '')} /> : null;
}

export default function useWorkConfirmationScreen(): ScreenParts {
  return {
    renderCell: { override: (row) => <Override on={!!row.override} reason={row.overrideReason} /> },
    sections: {
      times: (ctx) => (
        <Grid container columnSpacing={2} rowSpacing={1} sx={{ pt: 1 }}>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <MomentField ctx={ctx} name="startAt" labelKey={f('startAt')} required />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <MomentField ctx={ctx} name="endAt" labelKey={f('endAt')} required />
          </Grid>
        </Grid>
      ),
    },
  };
}
