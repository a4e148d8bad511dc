// The shipping-address form: the generated form's behaviour (same schema, server field
// errors on the inputs), but the city picker offers only the chosen province's cities and
// the county picker only the chosen city's counties; changing a level clears those below.
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Grid, MenuItem, Switch, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { LookupOption } from '@core/plugin';
import { toPayload } from '@core/ui/resource/ResourceFormDialog';
import { useRowSubmit } from '@core/ui/resource/useRowSubmit';
import { ADDRESS_CASCADE, shippingAddressDef as def } from '../resources/shippingAddress';

type Values = Record<string, unknown>;
const TEXT_FIELDS = ['name', 'detailAddress', 'contactName', 'phone', 'remarks'];
const REGION_FIELDS = ['provinceCode', 'cityCode', 'countyCode'];
const CHILD_OF = Object.fromEntries(Object.entries(ADDRESS_CASCADE).map(([child, parent]) => [parent, child]));

export function ShippingAddressForm({ row, lookups, onClose, onSaved }: { row: Values | null; lookups: Record<string, LookupOption[]>; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const mode = row ? 'update' : 'create';
  const [values, setValues] = useState<Values>(() =>
    Object.fromEntries(def.fields.map((f) => [f.name, f.type === 'boolean' ? !!row?.[f.name] : row?.[f.name] == null ? '' : String(row[f.name])])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { submit, saving } = useRowSubmit(def, row, { onSaved, onClose, onErrors: setErrors });
  const field = (name: string) => def.fields.find((f) => f.name === name)!;

  const set = (name: string, v: unknown) => {
    const cleared: Values = {};
    for (let child = CHILD_OF[name]; child; child = CHILD_OF[child]) cleared[child] = '';
    setValues((old) => ({ ...old, [name]: v, ...cleared }));
    setErrors((old) => ({ ...old, [name]: '', ...Object.fromEntries(Object.keys(cleared).map((k) => [k, ''])) }));
  };

  const save = () => submit(toPayload(def, values, mode));

  const common = (name: string) => ({ label: t(field(name).labelKey), error: !!errors[name], helperText: errors[name] || ' ', fullWidth: true, name });

  const regionSelect = (name: string) => {
    const parentField = ADDRESS_CASCADE[name];
    const parent = parentField ? String(values[parentField] ?? '') : null;
    const options = (lookups[field(name).lookup!] ?? []).filter((o) => parent === null || o.parent === parent);
    return (
      <TextField {...common(name)} select value={String(values[name] ?? '')} onChange={(e) => set(name, e.target.value)} disabled={parent === ''} data-testid={`form-${name}`}>
        <MenuItem value="">—</MenuItem>
        {options.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </TextField>
    );
  };

  const textInput = (name: string) => {
    const f = field(name);
    return (
      <TextField
        {...common(name)}
        value={String(values[name] ?? '')}
        onChange={(e) => set(name, e.target.value)}
        multiline={f.type === 'text'}
        minRows={f.type === 'text' ? 2 : undefined}
        slotProps={{ htmlInput: { maxLength: f.maxLength, 'data-testid': `form-${name}` } }}
        autoComplete="off"
      />
    );
  };

  const span = (name: string) => {
    const form = field(name).form;
    return { xs: 12, sm: form && form.span === 3 ? 12 : form && form.span === 1 ? 4 : 6 };
  };

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid="resource-form">
      <DialogTitle>{t(mode === 'create' ? 'core:resource.addTitle' : 'core:resource.editTitle', { name: t(def.titleKey) })}</DialogTitle>
      <DialogContent>
        <Grid container columnSpacing={2} sx={{ pt: 1 }}>
          {def.fields.map((f) => (
            <Grid key={f.name} size={span(f.name)}>
              {REGION_FIELDS.includes(f.name) ? (
                regionSelect(f.name)
              ) : TEXT_FIELDS.includes(f.name) ? (
                textInput(f.name)
              ) : (
                <FormControlLabel control={<Switch checked={!!values[f.name]} onChange={(e) => set(f.name, e.target.checked)} name={f.name} />} label={t(f.labelKey)} />
              )}
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
