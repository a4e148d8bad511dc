// Date and date-time inputs: MUI X pickers in the interface language (LocalizationProvider in
// AppProviders) with one format everywhere, `YYYY-MM-DD` / `YYYY-MM-DD HH:mm:ss`, typed with the
// keyboard or picked from the calendar. Values in and out are ISO strings: a calendar date as
// `YYYY-MM-DD`, a moment as an ISO instant ('' when empty or not finished being typed).
//
// With `name`, a hidden input carries the ISO value, so the field works in a plain GET/POST form
// (the list filters); with `defaultValue` it is uncontrolled. The desktop variant is used on
// every device: the server renders exactly what the browser hydrates (no media-query switch).
import { useState, type ReactNode } from 'react';
import type { SxProps, Theme } from '@mui/material';
import { DesktopDatePicker } from '@mui/x-date-pickers/DesktopDatePicker';
import { DesktopDateTimePicker } from '@mui/x-date-pickers/DesktopDateTimePicker';
import type { Dayjs } from 'dayjs';
import { DATE_FORMAT, DATETIME_FORMAT, dayjsFromIsoDate, dayjsInZone, displayTimeZone, isoDateOf } from '../i18n/dates';

interface CommonProps {
  label?: ReactNode;
  /** Form field name: a hidden input with the ISO value is rendered. */
  name?: string;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
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
  onBlur?(): void;
}

export interface DateFieldProps extends CommonProps {
  value?: string | null;
  defaultValue?: string | null;
  onChange?(iso: string): void;
  /** Earliest/latest selectable ISO dates. */
  min?: string;
  max?: string;
}

/**
 * Keeps the picker's own (possibly half-typed) value while the parent holds only complete ISO
 * values: the picker is reset only when the parent's value really changes to something else.
 */
function usePickerValue(value: string | null | undefined, defaultValue: string | null | undefined, toDayjs: (v: string) => Dayjs | null, toIso: (d: Dayjs | null) => string) {
  const controlled = value !== undefined;
  const [inner, setInner] = useState<Dayjs | null>(() => toDayjs((controlled ? value : defaultValue) ?? ''));
  const [seen, setSeen] = useState(value ?? '');
  if (controlled && (value ?? '') !== seen) {
    setSeen(value ?? '');
    if ((value ?? '') !== toIso(inner)) setInner(toDayjs(value ?? ''));
  }
  return { inner, setInner, iso: toIso(inner) };
}

function textFieldProps(p: CommonProps, iso: string) {
  return {
    required: p.required,
    error: p.error,
    helperText: p.helperText,
    fullWidth: p.fullWidth,
    size: p.size,
    sx: p.sx,
    onBlur: p.onBlur,
    'data-testid': p.testId,
    'data-value': iso,
    slotProps: {
      htmlInput: { 'data-testid': p.inputTestId ?? (p.testId ? `${p.testId}-value` : undefined), 'aria-label': p['aria-label'] },
    },
  };
}

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
        readOnly={p.readOnly}
        minDate={dayjsFromIsoDate(p.min) ?? undefined}
        maxDate={dayjsFromIsoDate(p.max) ?? undefined}
        onChange={(d) => {
          setInner(d);
          const next = isoDateOf(d);
          if (next !== iso) p.onChange?.(next);
        }}
        slotProps={{
          textField: textFieldProps(p, iso),
          field: { clearable: !p.required && !p.readOnly && !p.disabled },
        }}
      />
      {p.name ? <input type="hidden" name={p.name} value={iso} /> : null}
    </>
  );
}

export interface DateTimeFieldProps extends CommonProps {
  /** An ISO instant. */
  value?: string | null;
  defaultValue?: string | null;
  onChange?(iso: string): void;
}

const isoInstantOf = (d: Dayjs | null) => (d && d.isValid() ? d.toISOString() : '');

/** A moment, `YYYY-MM-DD HH:mm:ss` in the platform's time zone (core/i18n/dates.ts). */
export function DateTimeField(p: DateTimeFieldProps) {
  const zone = displayTimeZone();
  const { inner, setInner, iso } = usePickerValue(p.value, p.defaultValue, (v) => dayjsInZone(v, zone), isoInstantOf);
  return (
    <>
      <DesktopDateTimePicker
        label={p.label}
        value={inner}
        timezone={zone}
        format={DATETIME_FORMAT}
        ampm={false}
        views={['year', 'month', 'day', 'hours', 'minutes', 'seconds']}
        disabled={p.disabled}
        readOnly={p.readOnly}
        onChange={(d) => {
          setInner(d);
          const next = isoInstantOf(d);
          if (next !== iso) p.onChange?.(next);
        }}
        slotProps={{
          textField: textFieldProps(p, iso),
          field: { clearable: !p.required && !p.readOnly && !p.disabled },
        }}
      />
      {p.name ? <input type="hidden" name={p.name} value={iso} /> : null}
    </>
  );
}
