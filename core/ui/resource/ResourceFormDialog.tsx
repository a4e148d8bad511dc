// The add/edit dialog generated from a resource's fields, validated in the browser with the
// same zod schema the server uses; server field errors land on the same inputs.
import { useState } from 'react';
import { Autocomplete, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Grid, MenuItem, Switch, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { LookupOption } from '../../plugin';
import { inForm, type FieldDef, type ResourceDef } from '../../resource/define';
import { DateField } from '../DateField';
import { optionLabel } from './ResourcePage';
import { useRowSubmit } from './useRowSubmit';

type Values = Record<string, unknown>;

function initial(def: ResourceDef, row: Values | null): Values {
  const v: Values = {};
  for (const f of def.fields.filter(inForm)) {
    const x = row?.[f.name];
    if (f.type === 'password') v[f.name] = '';
    else if (f.type === 'boolean') v[f.name] = x === undefined || x === null ? false : !!x;
    else if (f.type === 'refs') v[f.name] = Array.isArray(x) ? x.map(String) : [];
    else v[f.name] = x === null || x === undefined ? '' : String(x);
  }
  return v;
}

/** Form strings to the types the schema expects; blank optional values become null/absent. */
export function toPayload(def: ResourceDef, values: Values, mode: 'create' | 'update'): Values {
  const out: Values = {};
  for (const f of def.fields.filter(inForm)) {
    const v = values[f.name];
    if (f.type === 'password') {
      if (v) out[f.name] = v;
      continue;
    }
    if (mode === 'update' && f.form && f.form.createOnly) continue;
    if (f.type === 'integer' || f.type === 'number') out[f.name] = v === '' || v === null ? null : Number(v);
    else if (f.type === 'boolean' || f.type === 'refs') out[f.name] = v;
    else out[f.name] = typeof v === 'string' ? v.trim() : v;
  }
  return out;
}

export function ResourceFormDialog({
  def,
  row,
  lookups,
  onClose,
  onSaved,
}: {
  def: ResourceDef;
  row: Values | null;
  lookups: Record<string, LookupOption[]>;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const mode = row ? 'update' : 'create';
  const [values, setValues] = useState<Values>(() => initial(def, row));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { submit, saving } = useRowSubmit(def, row, { onSaved, onClose, onErrors: setErrors });
  const fields = def.fields.filter(inForm).filter((f) => !(f.form && ((mode === 'update' && f.form.createOnly) || (mode === 'create' && f.form.editOnly))));

  const set = (name: string, v: unknown) => {
    setValues((old) => ({ ...old, [name]: v }));
    setErrors((old) => ({ ...old, [name]: '' }));
  };

  const save = () => submit(toPayload(def, values, mode));

  const input = (f: FieldDef) => {
    const label = t(f.labelKey);
    const err = errors[f.name];
    const readOnly = mode === 'update' && f.form && f.form.readOnlyOnEdit;
    const common = { label, error: !!err, helperText: err || ' ', fullWidth: true, disabled: !!readOnly, name: f.name };
    const v = values[f.name];
    if (f.type === 'boolean') {
      return <FormControlLabel control={<Switch checked={!!v} onChange={(e) => set(f.name, e.target.checked)} name={f.name} />} label={label} />;
    }
    if (f.type === 'enum' || (f.type === 'ref' && f.lookup)) {
      const options =
        f.type === 'enum' ? (f.options ?? []).map((o) => ({ value: o.value, label: t(o.labelKey) })) : (lookups[f.lookup!] ?? []).map((o) => ({ value: o.value, label: optionLabel(t, o.label) }));
      return (
        <TextField {...common} select value={String(v ?? '')} onChange={(e) => set(f.name, e.target.value)} data-testid={`form-${f.name}`}>
          <MenuItem value="">—</MenuItem>
          {options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
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
          getOptionLabel={(o) => optionLabel(t, o.label)}
          isOptionEqualToValue={(a, b) => a.value === b.value}
          onChange={(_e, next) => set(f.name, next.map((o) => o.value))}
          renderInput={(p) => <TextField {...p} label={label} error={!!err} helperText={err || ' '} name={f.name} />}
          data-testid={`form-${f.name}`}
        />
      );
    }
    if (f.type === 'date') {
      // A YYYY-MM-DD picker; the value stays ISO (form-<name> is its value input).
      return <DateField {...common} value={String(v ?? '')} onChange={(iso) => set(f.name, iso)} testId={`form-${f.name}-field`} inputTestId={`form-${f.name}`} />;
    }
    const type = f.type === 'password' ? 'password' : f.type === 'integer' || f.type === 'number' || f.type === 'money' ? 'number' : 'text';
    return (
      <TextField
        {...common}
        type={type}
        value={String(v ?? '')}
        onChange={(e) => set(f.name, e.target.value)}
        multiline={f.type === 'text'}
        minRows={f.type === 'text' ? 2 : undefined}
        placeholder={f.form && f.form.placeholderKey ? t(f.form.placeholderKey) : undefined}
        slotProps={{ htmlInput: { maxLength: f.maxLength, 'data-testid': `form-${f.name}` } }}
        autoComplete={f.type === 'password' ? 'new-password' : 'off'}
      />
    );
  };

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid="resource-form">
      <DialogTitle>
        {t(mode === 'create' ? 'core:resource.addTitle' : 'core:resource.editTitle', { name: t(def.titleKey) })}
      </DialogTitle>
      <DialogContent>
        <Grid container columnSpacing={2} sx={{ pt: 1 }}>
          {fields.map((f) => (
            <Grid key={f.name} size={{ xs: 12, sm: f.form && f.form.span === 3 ? 12 : f.form && f.form.span === 1 ? 4 : 6 }}>
              {input(f)}
            </Grid>
          ))}
        </Grid>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('core:common.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={saving} data-testid="form-save">
          {t('core:resource.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
