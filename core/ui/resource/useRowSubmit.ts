// The save button of a resource form: check, save, then close or show the field errors.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '../../resource/define';
import { useNotify } from '../notify';
import { submitRow, type FieldErrors } from './save';

export function useRowSubmit(def: ResourceDef, row: Record<string, unknown> | null, on: { onSaved(): void; onClose(): void; onErrors(e: FieldErrors): void }) {
  const { t } = useTranslation();
  const { api, toast } = useNotify();
  const [saving, setSaving] = useState(false);
  const submit = async (payload: Record<string, unknown>) => {
    setSaving(true);
    try {
      const errors = await submitRow(api, toast, t, def, row, payload);
      if (errors) on.onErrors(errors);
      else {
        on.onSaved();
        on.onClose();
      }
    } finally {
      setSaving(false);
    }
  };
  return { submit, saving };
}
