// Saving a resource row from a form: the schema check in the browser (same zod schema as the
// server), then create or update (with the row's version), the server's message as a toast,
// and its field errors handed back for the inputs.
import type { TFunction } from 'i18next';
import { ApiError, type ApiClient, type Envelope } from '../../http/client';
import { endpoint, type ResourceDef } from '../../resource/define';
import { zodFieldErrors } from '../../resource/fieldErrors';

type Toast = (message: string, opts?: { severity?: 'success' | 'error' | 'warning' | 'info' }) => void;
export type FieldErrors = Record<string, string>;

/** The first message per field (per line field inside a document's lines), or null when the payload passes the schema. */
export function validateRow(def: ResourceDef, t: TFunction, mode: 'create' | 'update', payload: Record<string, unknown>): FieldErrors | null {
  const parsed = def.schema(t, mode).safeParse(payload);
  return parsed.success ? null : zodFieldErrors(parsed.error, def.fields);
}

/** The saved row (as the server answers it), or the field errors to show (empty when the toast said it all). */
export type SaveResult = { saved: Record<string, unknown> } | { errors: FieldErrors };

/**
 * A save's own toasts: `saved` instead of the server's message (null: none, the caller tells what
 * followed), `invalid` a warning when the browser check refuses; `send` posts the payload to the
 * resource's own endpoint instead of its REST API (a token issued and shown once).
 */
export interface SaveOptions {
  saved?: string | null;
  invalid?: string;
  send?(payload: Record<string, unknown>): Promise<Envelope<Record<string, unknown>>>;
}

export async function saveRow(api: ApiClient, toast: Toast, def: ResourceDef, row: Record<string, unknown> | null, payload: Record<string, unknown>, opts: SaveOptions = {}): Promise<SaveResult> {
  try {
    const res = opts.send
      ? await opts.send(payload)
      : row
      ? await api.put<Record<string, unknown>>(`${endpoint(def)}/${row.id}`, { ...payload, version: row.version })
      : await api.post<Record<string, unknown>>(endpoint(def), payload);
    if (opts.saved !== null) toast(opts.saved ?? res.msg, { severity: 'success' });
    return { saved: res.data ?? {} };
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    return { errors: (e.envelope?.data as { fieldErrors?: FieldErrors } | undefined)?.fieldErrors ?? {} };
  }
}

/** validateRow, then saveRow. */
export async function submitRow(
  api: ApiClient,
  toast: Toast,
  t: TFunction,
  def: ResourceDef,
  row: Record<string, unknown> | null,
  payload: Record<string, unknown>,
  opts: SaveOptions = {},
): Promise<SaveResult> {
  const errors = validateRow(def, t, row ? 'update' : 'create', payload);
  if (errors && opts.invalid) toast(opts.invalid, { severity: 'warning' });
  return errors ? { errors } : await saveRow(api, toast, def, row, payload, opts);
}
