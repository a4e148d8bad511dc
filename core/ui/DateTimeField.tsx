// Date-time input: the MUI X picker in the interface language, `YYYY-MM-DD HH:mm` everywhere,
// typed with the keyboard or picked from the calendar and the clock. The value in and out is an
// ISO instant (the API's form, '' when empty or not finished being typed); it is shown and typed
// as wall time in the platform's display zone (core/i18n/dates.ts), never the browser's, so the
// server's first paint and the hydrated page read the same and the lists show what was typed.
import { DesktopDateTimePicker } from '@mui/x-date-pickers/DesktopDateTimePicker';
import { DATETIME_INPUT_FORMAT, dayjsInZone, displayTimeZone, isoInstantOf } from '../i18n/dates';
import { pickerTextFieldProps, usePickerValue, weekdayHeading, type PickerFieldProps } from './pickerField';

export type DateTimeFieldProps = PickerFieldProps;

/** A moment to the minute, `YYYY-MM-DD HH:mm` in the display zone. */
export function DateTimeField(p: DateTimeFieldProps) {
  const zone = displayTimeZone();
  const { inner, setInner, iso } = usePickerValue(p.value, p.defaultValue, (v) => dayjsInZone(v, zone), isoInstantOf);
  return (
    <>
      <DesktopDateTimePicker
        label={p.label}
        value={inner}
        timezone={zone}
        format={DATETIME_INPUT_FORMAT}
        ampm={false}
        disabled={p.disabled}
        dayOfWeekFormatter={weekdayHeading}
        onChange={(d) => {
          setInner(d);
          const next = isoInstantOf(d);
          if (next !== iso) p.onChange?.(next);
        }}
        slotProps={{
          textField: pickerTextFieldProps(p, iso),
          field: { clearable: !p.required && !p.disabled },
        }}
      />
      {p.name ? <input type="hidden" name={p.name} value={iso} /> : null}
    </>
  );
}
