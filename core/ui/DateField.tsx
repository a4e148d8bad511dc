// Date input: the MUI X picker in the interface language (LocalizationProvider in AppProviders)
// with one format everywhere, `YYYY-MM-DD`, typed with the keyboard or picked from the calendar.
// Values in and out are ISO calendar dates, `YYYY-MM-DD` ('' when empty or not finished being typed).
//
// With `name`, a hidden input carries the ISO value, so the field works in a plain GET/POST form
// (the list filters); with `defaultValue` it is uncontrolled. The desktop variant is used on
// every device: the server renders exactly what the browser hydrates (no media-query switch).
import { DesktopDatePicker } from '@mui/x-date-pickers/DesktopDatePicker';
import { DATE_FORMAT, dayjsFromIsoDate, isoDateOf } from '../i18n/dates';
import { pickerTextFieldProps, usePickerValue, weekdayHeading, type PickerFieldProps } from './pickerField';

export type DateFieldProps = PickerFieldProps;

/** A calendar date, `YYYY-MM-DD`. */
export function DateField(p: DateFieldProps) {
  const { inner, setInner, iso } = usePickerValue(p.value, p.defaultValue, dayjsFromIsoDate, isoDateOf);
  return (
    <>
      <DesktopDatePicker
        label={p.label}
        value={inner}
        format={DATE_FORMAT}
        disabled={p.disabled}
        dayOfWeekFormatter={weekdayHeading}
        onChange={(d) => {
          setInner(d);
          const next = isoDateOf(d);
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
