// The weighbridge screen's parts: the form's time weighed (a date-time picker, now by default).
import { Grid } from '@mui/material';
import type { ScreenParts } from '@core/client';
import { K, f } from '../plan';
import { MomentField } from './MomentField';

export default function useWeightRecordsScreen(): ScreenParts {
  return {
    sections: {
      weighedAt: (ctx) => (
        <Grid container columnSpacing={2} rowSpacing={1} sx={{ pt: 1 }}>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <MomentField ctx={ctx} name="weighedAt" labelKey={f('weighedAt')} helpKey={`${K}.hint.weighedAt`} />
          </Grid>
        </Grid>
      ),
    },
  };
}
