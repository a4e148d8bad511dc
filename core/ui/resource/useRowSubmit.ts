// The save button of a resource form: check, save, then close (a dialog) or stay (a page), or
// show the field errors. `submit` answers the saved row, or null when it was not saved.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '../../resource/define';
import { useNotify } from '../notify';
import { submitRow, type FieldErrors, type SaveOptions } from './save';

export function useRowSubmit(def: ResourceDef, row: Record<string, unknown> | null, on: { onSaved(saved: Record<string, unknown>): void; onClose?(): void; onErrors(e: FieldErrors): void }) {
  const { t } = useTranslation();
  const { api, toast } = useNotify();
  const [saving, setSaving] = useState(false);
  const submit = async (payload: Record<string, unknown>, toasts?: SaveOptions): Promise<Record<string, unknown> | null> => {
    setSaving(true);
    try {
      const result = await submitRow(api, toast, t, def, row, payload, toasts);
      if ('errors' in result) {
        on.onErrors(result.errors);
        return null;
      }
      on.onSaved(result.saved);
      on.onClose?.();
      return result.saved;
    } finally {
      setSaving(false);
    }
  };
  return { submit, saving };
}
