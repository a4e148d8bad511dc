// The input of one declared field (FieldDef), the same in the resource dialog, a document's
// header and a document's line cells: text, number, date, date-time, switch, enum or picker. A picker
// whose options the page did not load (a searched code table) asks the server as the user types,
// one declared `typeahead` is typed into among the loaded options; a dependent picker
// (lookupParent) offers only the options under its parent field's value.
import { lazy, Suspense } from 'react';
import { Autocomplete, Box, Checkbox, FormControlLabel, FormHelperText, Grid, MenuItem, Skeleton, Switch, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { LookupOption } from '../../plugin';
import type { FieldDef } from '../../resource/define';
import { DateField } from '../DateField';
import { DateTimeField } from '../DateTimeField';
import { RemotePicker } from './RemotePicker';
import { ImageInput } from './ImageInput';
import { pickerLookups, pickerWaits, spanOf } from './values';

export type Lookups = Record<string, LookupOption[]>;

// The rich-text editor loads with the first form that shows an `html` field, not with every page.
const HtmlEditor = lazy(() => import('./HtmlEditor'));

/** An option's label: an i18n key when it contains ':'. */
export function optionLabel(t: (k: string) => string, label: string): string {
  return label.includes(':') ? t(label) : label;
}

export interface FieldInputProps {
  field: FieldDef;
  value: unknown;
  /** A picker also hands over the option picked (its parent, its label). */
  onChange(value: unknown, option?: LookupOption): void;
  lookups: Lookups;
  error?: string;
  disabled?: boolean;
  /** data-testid of the value input (`form-<name>` in forms, `<lines>-<i>-<name>` in cells). */
  testId: string;
  /** A cell of a line table: small, no label or helper line (the column says what it is). */
  cell?: boolean;
  /** The label instead of the field's own (a column that depends on the header). */
  label?: string;
  /** The required mark (the schema refuses the field blank). */
  required?: boolean;
}

export function FieldInput({ field: f, value: v, onChange, lookups, error, disabled, testId, cell, label: labelText, required }: FieldInputProps) {
  const { t } = useTranslation();
  const label = cell ? undefined : labelText ?? t(f.labelKey);
  // A cell has no label of its own: its column's title names it for assistive technology.
  const cellName = cell ? labelText ?? t(f.labelKey) : undefined;
  const form = f.form || {};
  const help = form.helpKey ? t(form.helpKey) : form.counter ? `${String(v ?? '').trim().length}/${f.maxLength}` : ' ';
  const common = {
    label,
    error: !!error,
    helperText: cell ? undefined : error || help,
    fullWidth: true,
    disabled: !!disabled,
    required: !!required,
    name: f.name,
    size: cell ? ('small' as const) : undefined,
    title: cell ? error : undefined,
  };
  if (f.type === 'boolean') {
    if (cell) return <Checkbox size="small" checked={!!v} disabled={disabled} onChange={(e) => onChange(e.target.checked)} name={f.name} slotProps={{ input: { 'data-testid': testId, 'aria-label': cellName } as object }} />;
    const toggle = <FormControlLabel control={<Switch checked={!!v} disabled={disabled} onChange={(e) => onChange(e.target.checked)} name={f.name} slotProps={{ input: { 'data-testid': testId } as object }} />} label={label} />;
    // A switch has no helper line of its own: the hint (what on and off mean) sits under it.
    return form.helpKey ? (
      <Box>
        {toggle}
        <FormHelperText sx={{ mt: 0, mx: 0 }} data-testid={testId ? `${testId}-help` : undefined}>
          {t(form.helpKey)}
        </FormHelperText>
      </Box>
    ) : (
      toggle
    );
  }
  if (f.type === 'html' && !cell) {
    return (
      <Suspense fallback={<Skeleton variant="rounded" height={210} aria-label={t('core:editor.loading')} />}>
        <HtmlEditor value={String(v ?? '')} onChange={onChange} label={label ?? ''} required={required} error={error} helperText={form.helpKey ? t(form.helpKey) : undefined} disabled={disabled} testId={testId} />
      </Suspense>
    );
  }
  if (f.type === 'image' && !cell) return <ImageInput field={f} value={v} onChange={onChange} error={error} disabled={disabled} testId={testId} label={label ?? ''} required={required} />;
  const placeholder = form.placeholderKey ? t(form.placeholderKey) : undefined;
  if (f.type === 'ref' && f.lookup && (f.search || f.typeahead || !lookups[f.lookup])) {
    const loaded = f.search ? undefined : lookups[f.lookup];
    return <RemotePicker lookup={f.lookup} options={loaded} value={String(v ?? '')} onChange={onChange} {...common} placeholder={placeholder} testId={testId} />;
  }
  if (f.type === 'enum' || (f.type === 'ref' && f.lookup)) {
    const options =
      f.type === 'enum'
        ? (f.options ?? []).map((o) => ({ value: o.value, label: t(o.labelKey), depth: 0 }))
        : lookups[f.lookup!].map((o) => ({ value: o.value, label: optionLabel(t, o.label), depth: o.depth ?? 0 }));
    return (
      <TextField {...common} select value={String(v ?? '')} onChange={(e) => onChange(e.target.value)} data-testid={testId} slotProps={cell ? { select: { SelectDisplayProps: { 'aria-label': cellName } as object } } : undefined}>
        <MenuItem value="">—</MenuItem>
        {options.map((o) => (
          <MenuItem key={o.value} value={o.value} sx={{ pl: 2 + o.depth * 2 }}>
            {o.label}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  if (f.type === 'refs' && f.lookup) {
    const options = lookups[f.lookup] ?? [];
    const selected = options.filter((o) => (v as string[]).includes(o.value));
    return (
      <Autocomplete
        multiple
        options={options}
        value={selected}
        disabled={disabled}
        getOptionLabel={(o) => optionLabel(t, o.label)}
        isOptionEqualToValue={(a, b) => a.value === b.value}
        onChange={(_e, next) => onChange(next.map((o) => o.value))}
        renderInput={(p) => <TextField {...p} label={label} required={!!required} error={!!error} helperText={common.helperText} name={f.name} />}
        data-testid={testId}
      />
    );
  }
  if (f.type === 'date') {
    // A YYYY-MM-DD picker; the value stays ISO (the test id is its value input).
    return <DateField {...common} value={String(v ?? '')} onChange={(iso) => onChange(iso)} testId={`${testId}-field`} inputTestId={testId} sx={cell ? { minWidth: 170 } : undefined} />;
  }
  if (f.type === 'datetime') {
    // `YYYY-MM-DD HH:mm` in the platform's zone; the value stays an ISO instant.
    return <DateTimeField {...common} value={String(v ?? '')} onChange={(iso) => onChange(iso)} testId={`${testId}-field`} inputTestId={testId} sx={cell ? { minWidth: 200 } : undefined} />;
  }
  const type = f.type === 'password' ? 'password' : f.type === 'integer' || f.type === 'number' || f.type === 'money' ? 'number' : 'text';
  return (
    <TextField
      {...common}
      type={type}
      value={String(v ?? '')}
      onChange={(e) => onChange(e.target.value)}
      multiline={f.type === 'text' && !cell}
      minRows={f.type === 'text' && !cell ? 2 : undefined}
      placeholder={placeholder}
      slotProps={{ htmlInput: { maxLength: f.maxLength, 'data-testid': testId, 'aria-label': cellName } }}
      autoComplete={form.autoComplete || (f.type === 'password' ? 'new-password' : 'off')}
    />
  );
}

/** Form fields on a grid (by their spans), each a FieldInput named `<testIdPrefix>-<name>` (default form). */
export function FieldGrid({
  fields,
  values,
  errors,
  lookups,
  onChange,
  mode,
  readOnly,
  wide,
  testIdPrefix = 'form',
  required,
}: {
  fields: FieldDef[];
  values: Record<string, unknown>;
  errors: Record<string, string>;
  lookups: Lookups;
  onChange(name: string, value: unknown, option?: LookupOption): void;
  mode: 'create' | 'update';
  readOnly?: boolean;
  /** Three columns on wide screens (documents) instead of two. */
  wide?: boolean;
  testIdPrefix?: string;
  /** Fields marked required (requiredFields of the schema). */
  required?: ReadonlySet<string>;
}) {
  return (
    <Grid container columnSpacing={2} rowSpacing={1} sx={{ pt: 1 }}>
      {fields.map((f) => (
        <Grid key={f.name} size={spanOf(f, wide)}>
          <FieldInput
            field={f}
            value={values[f.name]}
            onChange={(v, option) => onChange(f.name, v, option)}
            lookups={pickerLookups(f, values, lookups)}
            error={errors[f.name]}
            disabled={readOnly || (mode === 'update' && !!f.form && !!f.form.readOnlyOnEdit) || pickerWaits(f, values, lookups)}
            testId={`${testIdPrefix}-${f.name}`}
            required={required?.has(f.name)}
          />
        </Grid>
      ))}
    </Grid>
  );
}
