// The publishing screen's parts: the form's loading window and unloading deadline as date-time
// inputs (wall time in the platform's time zone, sent as UTC instants), and a source's fleet
// orders in its detail drawer.
import { Stack, TextField } from '@mui/material';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import { useTranslation } from 'react-i18next';
import { displayTimeZone } from '@core/shared';
import type { ScreenParts, SectionContext } from '@core/client';
import { K } from '../source';
import { OrdersOfSource } from './OrdersOfSource';

dayjs.extend(utc);
dayjs.extend(timezone);

const FORMAT = 'YYYY-MM-DDTHH:mm';
const WINDOW = ['loadingFrom', 'loadingTo', 'unloadBy'] as const;

/** An instant as the input's wall time in the platform's zone, and back. */
const toInput = (v: unknown) => (v ? dayjs(String(v)).tz(displayTimeZone()).format(FORMAT) : '');
const fromInput = (v: string) => (v ? dayjs.tz(v, FORMAT, displayTimeZone()).toISOString() : '');

export function WindowSection({ ctx }: { ctx: SectionContext }) {
  const { t } = useTranslation();
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mt: 1 }}>
      {WINDOW.map((name) => (
        <TextField
          key={name}
          type="datetime-local"
          size="small"
          required
          fullWidth
          label={t(`${K}.field.${name}`)}
          value={toInput(ctx.values[name])}
          disabled={ctx.readOnly}
          error={!!ctx.errors[name]}
          helperText={ctx.errors[name] || ' '}
          onChange={(e) => {
            ctx.set(name, fromInput(e.target.value));
            ctx.clearError(name);
          }}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `form-${name}` } }}
        />
      ))}
    </Stack>
  );
}

export default function usePublishSourceScreen(): ScreenParts {
  return {
    sections: { window: (ctx) => <WindowSection ctx={ctx} /> },
    renderDetail: (row) => <OrdersOfSource orders={row.orders} />,
  };
}
