// The inputs of a resource's form fields (text, number, date, picker), laid out on a grid —
// the part of the generated dialog the FX and RMB forms share, so they can add a file and
// detail lines around it.
import { Grid, MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { LookupOption } from '@core/plugin';
import { inForm, type FieldDef, type ResourceDef } from '@core/resource/define';
import { optionLabel } from '@core/ui/resource/ResourcePage';
import { DateField } from '@core/ui/DateField';

export type Values = Record<string, unknown>;

/** Form values of a row (strings, as the inputs hold them). */
export function initialValues(def: ResourceDef, row: Values | null): Values {
  const v: Values = {};
  for (const f of def.fields.filter(inForm)) {
    const x = row?.[f.name];
    v[f.name] = x === null || x === undefined ? '' : String(x);
  }
  return v;
}

export function FormFields({
  def,
  values,
  errors,
  lookups,
  onChange,
}: {
  def: ResourceDef;
  values: Values;
  errors: Record<string, string>;
  lookups: Record<string, LookupOption[]>;
  onChange(name: string, value: unknown): void;
}) {
  const { t } = useTranslation();
  const input = (f: FieldDef) => {
    const err = errors[f.name];
    const common = { label: t(f.labelKey), error: !!err, helperText: err || ' ', fullWidth: true, name: f.name };
    const v = String(values[f.name] ?? '');
    if (f.type === 'enum' || (f.type === 'ref' && f.lookup)) {
      const options =
        f.type === 'enum' ? (f.options ?? []).map((o) => ({ value: o.value, label: t(o.labelKey) })) : (lookups[f.lookup!] ?? []).map((o) => ({ value: o.value, label: optionLabel(t, o.label) }));
      return (
        <TextField {...common} select value={v} onChange={(e) => onChange(f.name, e.target.value)} data-testid={`form-${f.name}`}>
          <MenuItem value="">—</MenuItem>
          {options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      );
    }
    if (f.type === 'date') {
      return <DateField {...common} value={v} onChange={(iso) => onChange(f.name, iso)} testId={`form-${f.name}-field`} inputTestId={`form-${f.name}`} />;
    }
    return (
      <TextField
        {...common}
        value={v}
        onChange={(e) => onChange(f.name, e.target.value)}
        multiline={f.type === 'text'}
        minRows={f.type === 'text' ? 2 : undefined}
        slotProps={{ htmlInput: { maxLength: f.maxLength, 'data-testid': `form-${f.name}` } }}
        autoComplete="off"
      />
    );
  };
  return (
    <Grid container columnSpacing={2} sx={{ pt: 1 }}>
      {def.fields.filter(inForm).map((f) => (
        <Grid key={f.name} size={{ xs: 12, sm: f.form && f.form.span === 3 ? 12 : f.form && f.form.span === 1 ? 4 : 6, md: f.form && f.form.span === 3 ? 12 : f.form && f.form.span === 2 ? 8 : 4 }}>
          {input(f)}
        </Grid>
      ))}
    </Grid>
  );
}

/** Trimmed strings; blank becomes null. */
export function payloadOf(def: ResourceDef, values: Values): Values {
  const out: Values = {};
  for (const f of def.fields.filter(inForm)) {
    const v = values[f.name];
    out[f.name] = typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v;
  }
  return out;
}
