// The weighbridge screen's parts: the linked waybill as its number, opening it in the waybill
// list (the read-only view the weighbridge's readers — the platform and shippers — both have);
// the form's time weighed (a date-time picker, now by default).
import { Link } from '@remix-run/react';
import { Grid } from '@mui/material';
import type { ScreenParts } from '@core/client';
import { K, f } from '../plan';
import { MomentField } from './MomentField';

export default function useWeightRecordsScreen(): ScreenParts {
  return {
    renderCell: {
      waybillId: (row) =>
        row.waybillNo ? (
          <Link to={`/intelligentdispatch/driverwaybill?waybillNo=${encodeURIComponent(String(row.waybillNo))}`} data-testid="weight-waybill-link">
            {String(row.waybillNo)}
          </Link>
        ) : (
          ''
        ),
    },
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
