// The shipping-address form: the generated form's inputs and save (same schema, server field
// errors on the inputs), but the city picker offers only the chosen province's cities and the
// county picker only the chosen city's counties; changing a level clears those below.
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Grid } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { FieldInput, formFields, initialValues, spanOf, toPayload, type Lookups, type Values, useRowSubmit } from '@core/client';
import { ADDRESS_CASCADE, shippingAddressDef as def } from '../resources/shippingAddress';

const CHILD_OF = Object.fromEntries(Object.entries(ADDRESS_CASCADE).map(([child, parent]) => [parent, child]));

export function ShippingAddressForm({ row, lookups, onClose, onSaved }: { row: Values | null; lookups: Lookups; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const mode = row ? 'update' : 'create';
  const fields = formFields(def, mode);
  const [values, setValues] = useState<Values>(() => initialValues(fields, row));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { submit, saving } = useRowSubmit(def, row, { onSaved, onClose, onErrors: setErrors });

  const set = (name: string, v: unknown) => {
    const cleared: Values = {};
    for (let child = CHILD_OF[name]; child; child = CHILD_OF[child]) cleared[child] = '';
    setValues((old) => ({ ...old, [name]: v, ...cleared }));
    setErrors((old) => ({ ...old, [name]: '', ...Object.fromEntries(Object.keys(cleared).map((k) => [k, ''])) }));
  };

  // A level's options are the chosen parent's children; without a parent it waits.
  const parentOf = (name: string) => (ADDRESS_CASCADE[name] ? String(values[ADDRESS_CASCADE[name]] ?? '') : null);
  const narrowed: Lookups = { ...lookups };
  for (const f of fields) {
    const parent = parentOf(f.name);
    if (parent !== null && f.lookup) narrowed[f.lookup] = (lookups[f.lookup] ?? []).filter((o) => o.parent === parent);
  }

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid="resource-form">
      <DialogTitle>{t(mode === 'create' ? 'core:resource.addTitle' : 'core:resource.editTitle', { name: t(def.titleKey) })}</DialogTitle>
      <DialogContent>
        <Grid container columnSpacing={2} sx={{ pt: 1 }}>
          {fields.map((f) => (
            <Grid key={f.name} size={spanOf(f)}>
              <FieldInput field={f} value={values[f.name]} onChange={(v) => set(f.name, v)} lookups={narrowed} error={errors[f.name]} disabled={parentOf(f.name) === ''} testId={`form-${f.name}`} />
            </Grid>
          ))}
        </Grid>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('core:common.cancel')}</Button>
        <Button variant="contained" onClick={() => submit(toPayload(def, values, mode))} disabled={saving} data-testid="form-save">
          {t('core:resource.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
