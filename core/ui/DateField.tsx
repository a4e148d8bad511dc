// Date input: the MUI X picker in the interface language (LocalizationProvider in AppProviders)
// with one format everywhere, `YYYY-MM-DD`, typed with the keyboard or picked from the calendar.
// Values in and out are ISO calendar dates, `YYYY-MM-DD` ('' when empty or not finished being typed).
//
// With `name`, a hidden input carries the ISO value, so the field works in a plain GET/POST form
// (the list filters); with `defaultValue` it is uncontrolled. The desktop variant is used on
// every device: the server renders exactly what the browser hydrates (no media-query switch).
import { useState, type ReactNode } from 'react';
import type { SxProps, Theme } from '@mui/material';
import { DesktopDatePicker } from '@mui/x-date-pickers/DesktopDatePicker';
import type { Dayjs } from 'dayjs';
import { DATE_FORMAT, dayjsFromIsoDate, isoDateOf } from '../i18n/dates';

export interface DateFieldProps {
  value?: string | null;
  defaultValue?: string | null;
  onChange?(iso: string): void;
  label?: ReactNode;
  /** Form field name: a hidden input with the ISO value is rendered. */
  name?: string;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
  /** data-testid of the field's root; the hidden value input gets `<testId>-value`... */
  testId?: string;
  /** ...unless given here (kept for tests that fill the old native inputs by test id). */
  inputTestId?: string;
  'aria-label'?: string;
}

/**
 * Keeps the picker's own (possibly half-typed) value while the parent holds only complete ISO
 * values: the picker is reset only when the parent's value really changes to something else.
 */
function usePickerValue(value: string | null | undefined, defaultValue: string | null | undefined) {
  const controlled = value !== undefined;
  const [inner, setInner] = useState<Dayjs | null>(() => dayjsFromIsoDate((controlled ? value : defaultValue) ?? ''));
  const [seen, setSeen] = useState(value ?? '');
  if (controlled && (value ?? '') !== seen) {
    setSeen(value ?? '');
    if ((value ?? '') !== isoDateOf(inner)) setInner(dayjsFromIsoDate(value ?? ''));
  }
  return { inner, setInner, iso: isoDateOf(inner) };
}

function textFieldProps(p: DateFieldProps, iso: string) {
  return {
    required: p.required,
    error: p.error,
    helperText: p.helperText,
    fullWidth: p.fullWidth,
    size: p.size,
    sx: p.sx,
    'data-testid': p.testId,
    'data-value': iso,
    slotProps: {
      htmlInput: { 'data-testid': p.inputTestId ?? (p.testId ? `${p.testId}-value` : undefined), 'aria-label': p['aria-label'] },
    },
  };
}

/** A calendar date, `YYYY-MM-DD`. */
export function DateField(p: DateFieldProps) {
  const { inner, setInner, iso } = usePickerValue(p.value, p.defaultValue);
  return (
    <>
      <DesktopDatePicker
        label={p.label}
        value={inner}
        format={DATE_FORMAT}
        disabled={p.disabled}
        onChange={(d) => {
          setInner(d);
          const next = isoDateOf(d);
          if (next !== iso) p.onChange?.(next);
        }}
        slotProps={{
          textField: textFieldProps(p, iso),
          field: { clearable: !p.required && !p.disabled },
        }}
      />
      {p.name ? <input type="hidden" name={p.name} value={iso} /> : null}
    </>
  );
}
