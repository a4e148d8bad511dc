// Saving a resource row from a form: create or update (with the row's version), the
// server's message as a toast, and its field errors handed back for the inputs.
import { ApiError, type ApiClient } from '../../http/client';
import { endpoint, type ResourceDef } from '../../resource/define';

type Toast = (message: string, opts?: { severity?: 'success' | 'error' | 'warning' | 'info' }) => void;

/** null when saved; otherwise the field errors to show (empty when the toast said it all). */
export async function saveRow(api: ApiClient, toast: Toast, def: ResourceDef, row: Record<string, unknown> | null, payload: Record<string, unknown>): Promise<Record<string, string> | null> {
  try {
    const res = row ? await api.put(`${endpoint(def)}/${row.id}`, { ...payload, version: row.version }) : await api.post(endpoint(def), payload);
    toast(res.msg, { severity: 'success' });
    return null;
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    return (e.envelope?.data as { fieldErrors?: Record<string, string> } | undefined)?.fieldErrors ?? {};
  }
}
