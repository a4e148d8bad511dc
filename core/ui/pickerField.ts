// What the date and the date-time inputs (DateField, DateTimeField) share: their props, the
// picker's own value kept apart from the parent's ISO value, and the text field's props.
import { useState, type ReactNode } from 'react';
import type { SxProps, Theme } from '@mui/material';
import type { Dayjs } from 'dayjs';

export interface PickerFieldProps {
  /** The ISO value ('' when empty). */
  value?: string | null;
  defaultValue?: string | null;
  /** The ISO value, '' when cleared or not finished being typed. */
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
 * values: the picker is reset only when the parent's value really changes to something else
 * (compared as `toIso` writes them, so another spelling of the same value is no change).
 */
export function usePickerValue(
  value: string | null | undefined,
  defaultValue: string | null | undefined,
  toDayjs: (v: string) => Dayjs | null,
  toIso: (d: Dayjs | null) => string,
) {
  const controlled = value !== undefined;
  const [inner, setInner] = useState<Dayjs | null>(() => toDayjs((controlled ? value : defaultValue) ?? ''));
  const [seen, setSeen] = useState(value ?? '');
  if (controlled && (value ?? '') !== seen) {
    setSeen(value ?? '');
    const next = toDayjs(value ?? '');
    if (toIso(next) !== toIso(inner)) setInner(next);
  }
  return { inner, setInner, iso: toIso(inner) };
}

/**
 * The calendar's weekday headings: the language's shortest names (日 一 二, Su Mo Tu, နွေ လာ ဂါ)
 * rather than MUI's first letter, which in Burmese is the same for Saturday and Sunday.
 */
export const weekdayHeading = (d: Dayjs) => d.format('dd');

export function pickerTextFieldProps(p: PickerFieldProps, iso: string) {
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
