// A moment picked to the minute in the platform's time zone (the zone the lists show moments
// in), held by the form as an ISO instant: the work's start and end, the time weighed.
import dayjs from 'dayjs';
import { DesktopDateTimePicker } from '@mui/x-date-pickers/DesktopDateTimePicker';
import { useTranslation } from 'react-i18next';
import type { SectionContext } from '@core/client';
import { displayTimeZone } from '@core/shared';

export function MomentField({ ctx, name, labelKey, required, helpKey }: { ctx: SectionContext; name: string; labelKey: string; required?: boolean; helpKey?: string }) {
  const { t } = useTranslation();
  const zone = displayTimeZone();
  const raw = ctx.values[name];
  const value = typeof raw === 'string' && raw ? dayjs.utc(raw).tz(zone) : null;
  const error = ctx.errors[name];
  return (
    <DesktopDateTimePicker
      label={t(labelKey)}
      value={value && value.isValid() ? value : null}
      timezone={zone}
      format="YYYY-MM-DD HH:mm"
      ampm={false}
      disabled={ctx.readOnly}
      onChange={(d) => {
        ctx.set(name, d && d.isValid() ? d.toISOString() : '');
        ctx.clearError(name);
      }}
      slotProps={{
        textField: { fullWidth: true, required, error: !!error, helperText: error || (helpKey ? t(helpKey) : ' '), 'data-testid': `form-${name}`, 'data-value': typeof raw === 'string' ? raw : '' } as object,
      }}
    />
  );
}
