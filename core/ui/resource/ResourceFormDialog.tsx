// The add/edit dialog generated from a resource's fields, validated in the browser with the
// same zod schema the server uses; server field errors land on the same inputs. A screen may
// render some fields itself, in a section below the others (the role's tree of grants).
import { useMemo, useState, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { LookupOption } from '../../plugin';
import { inForm, type ResourceDef } from '../../resource/define';
import { FieldGrid } from '../fields/FieldInput';
import { formFields, initialValues, requiredFields, toPayload, withValue, type Values } from '../fields/values';
import { useRowSubmit } from './useRowSubmit';

export { toPayload } from '../fields/values';

export interface FormSection {
  /** The fields it renders (not given an input each). */
  fields: string[];
  render(ctx: { values: Values; errors: Record<string, string>; set(name: string, value: unknown): void }): ReactNode;
}

export function ResourceFormDialog({
  def,
  row,
  lookups,
  onClose,
  onSaved,
  section,
  defaults,
}: {
  def: ResourceDef;
  row: Values | null;
  lookups: Record<string, LookupOption[]>;
  onClose(): void;
  onSaved(): void;
  section?: FormSection;
  /** A new row's values (a default choice). */
  defaults?: Values;
}) {
  const { t } = useTranslation();
  const mode = row ? 'update' : 'create';
  const [values, setValues] = useState<Values>(() => initialValues(def.fields.filter(inForm), row ?? defaults ?? null));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { submit, saving } = useRowSubmit(def, row, { onSaved, onClose, onErrors: setErrors });
  const required = useMemo(() => requiredFields(def, t, mode), [def, t, mode]);

  const set = (name: string, v: unknown) => {
    setValues((old) => withValue(def.fields, old, name, v));
    setErrors((old) => ({ ...old, [name]: '' }));
  };

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid="resource-form">
      <DialogTitle>{t(mode === 'create' ? 'core:resource.addTitle' : 'core:resource.editTitle', { name: t(def.titleKey) })}</DialogTitle>
      <DialogContent>
        <FieldGrid fields={formFields(def, mode).filter((f) => !section?.fields.includes(f.name))} values={values} errors={errors} lookups={lookups} onChange={set} mode={mode} required={required} />
        {section?.render({ values, errors, set })}
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
