// The add/edit dialog generated from a resource's fields, validated in the browser with the
// same zod schema the server uses; server field errors land on the same inputs. A screen may
// render some fields itself, in a section below the others (the role's tree of grants), post
// to its own endpoint and show what it answers (a token shown once). FormDialog is the same
// dialog over fields a screen declares for an action of its own (a password reset, a cron).
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { LookupOption } from '../../plugin';
import { inForm, type FieldDef, type ResourceDef } from '../../resource/define';
import { FieldGrid } from '../fields/FieldInput';
import { formFields, initialValues, requiredFields, toPayload, withValue, type Values } from '../fields/values';
import type { FieldErrors, SaveOptions } from './save';
import { useRowSubmit } from './useRowSubmit';

export { toPayload } from '../fields/values';

export interface FormSection {
  /** The fields it renders (not given an input each). */
  fields: string[];
  render(ctx: { values: Values; errors: Record<string, string>; set(name: string, value: unknown): void }): ReactNode;
}

export interface FormDialogProps {
  title: ReactNode;
  fields: FieldDef[];
  /** The inputs' values to start with (default blank: initialValues). */
  initial?: Values;
  lookups?: Record<string, LookupOption[]>;
  mode?: 'create' | 'update';
  required?: ReadonlySet<string>;
  /** Sends the values; answers the field errors to show (the caller closes the dialog when it is done). */
  onSubmit(values: Values): Promise<FieldErrors | null | void> | void;
  onClose(): void;
  saving?: boolean;
  /** The screen's own message under the fields (its action's refusal). */
  error?: string | null;
  /** Shown instead of the fields once there is something to keep (a token shown once); the buttons become 确定. */
  done?: ReactNode;
  section?: FormSection;
  maxWidth?: 'xs' | 'sm' | 'md';
  saveLabel?: string;
  testId?: string;
  saveTestId?: string;
  /** The inputs' test ids, `<prefix>-<name>` (default form). */
  testIdPrefix?: string;
}

export function FormDialog({
  title,
  fields,
  initial,
  lookups = {},
  mode = 'create',
  required,
  onSubmit,
  onClose,
  saving,
  error,
  done,
  section,
  maxWidth = 'md',
  saveLabel,
  testId,
  saveTestId = 'form-save',
  testIdPrefix,
}: FormDialogProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>(() => initial ?? initialValues(fields, null));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (name: string, v: unknown) => {
    setValues((old) => withValue(fields, old, name, v));
    setErrors((old) => ({ ...old, [name]: '' }));
  };
  const submit = async () => {
    const found = await onSubmit(values);
    if (found) setErrors(found);
  };
  return (
    <Dialog open onClose={onClose} maxWidth={maxWidth} fullWidth data-testid={testId}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        {done ?? (
          <>
            <FieldGrid
              fields={fields.filter((f) => !section?.fields.includes(f.name))}
              values={values}
              errors={errors}
              lookups={lookups}
              onChange={set}
              mode={mode}
              required={required}
              testIdPrefix={testIdPrefix}
            />
            {section?.render({ values, errors, set })}
            {error && (
              <Alert severity="error" sx={{ mt: 1 }}>
                {error}
              </Alert>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t(done ? 'core:common.ok' : 'core:common.cancel')}</Button>
        {!done && (
          <Button variant="contained" onClick={submit} disabled={saving} data-testid={saveTestId}>
            {saveLabel ?? t('core:resource.save')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

export function ResourceFormDialog({
  def,
  row,
  lookups,
  onClose,
  onSaved,
  section,
  defaults,
  send,
  done,
}: {
  def: ResourceDef;
  row: Values | null;
  lookups: Record<string, LookupOption[]>;
  onClose(): void;
  onSaved(): void;
  section?: FormSection;
  /** A new row's values (a default choice). */
  defaults?: Values;
  /** Posts to the resource's own endpoint instead of its REST API. */
  send?: SaveOptions['send'];
  /** What the dialog shows once saved, instead of closing (what the server answered). */
  done?(saved: Values): ReactNode;
}) {
  const { t } = useTranslation();
  const mode = row ? 'update' : 'create';
  const [saved, setSaved] = useState<Values | null>(null);
  const found = useRef<FieldErrors | null>(null);
  const { submit, saving } = useRowSubmit(def, row, { onSaved: (s) => (onSaved(), setSaved(s)), onClose: done ? undefined : onClose, onErrors: (e) => (found.current = e) });
  const required = useMemo(() => requiredFields(def, t, mode), [def, t, mode]);
  return (
    <FormDialog
      title={t(mode === 'create' ? 'core:resource.addTitle' : 'core:resource.editTitle', { name: t(def.titleKey) })}
      fields={formFields(def, mode)}
      initial={initialValues(def.fields.filter(inForm), row ?? defaults ?? null)}
      lookups={lookups}
      mode={mode}
      required={required}
      section={section}
      saving={saving}
      testId="resource-form"
      done={saved && done?.(saved)}
      onClose={onClose}
      onSubmit={async (values) => {
        found.current = null;
        await submit(toPayload(def, values, mode), { send });
        return found.current;
      }}
    />
  );
}
