// The message form's checks in the browser, mirroring the server's (plugins/portal/messages:
// one schema for the staff form, the public API and this widget): the server checks again, and
// by content, and its field errors are shown the same way.
import type { T, TextKey } from './i18n';

export const MESSAGE_TYPES = ['complaint', 'suggestion'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
/** Extensions the server accepts (jpeg is jpg); it checks each file's content too. */
export const FILE_TYPES = ['jpg', 'jpeg', 'png', 'pdf', 'doc', 'docx', 'xls', 'xlsx'] as const;
export const FILE_MAX_MB = 20;
export const FILE_MAX = 3;
export const LIMITS = { name: 50, email: 100, contact: 50, content: 1000 } as const;

export interface MessageFields {
  type: string;
  name: string;
  email: string;
  contact: string;
  content: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Errors by field (empty: the text may be sent). */
export function checkFields(v: MessageFields, t: T): Record<string, string> {
  const out: Record<string, string> = {};
  const label = (k: keyof typeof LIMITS | 'type') => t(`msg.${k}` as TextKey);
  if (!MESSAGE_TYPES.includes(v.type as MessageType)) out.type = t('msg.required', { field: label('type') });
  for (const k of ['name', 'email', 'content'] as const) if (!v[k].trim()) out[k] = t('msg.required', { field: label(k) });
  for (const k of ['name', 'email', 'contact', 'content'] as const) if (!out[k] && v[k].trim().length > LIMITS[k]) out[k] = t('msg.tooLong', { field: label(k), max: LIMITS[k] });
  if (!out.email && !EMAIL.test(v.email.trim())) out.email = t('msg.badEmail');
  return out;
}

export const extOf = (name: string) => (/\.([A-Za-z0-9]{1,8})$/.exec(name.trim())?.[1] ?? '').toLowerCase();

/** The files to keep of `picked` added to `kept`, and the first refusal (type, size, count). */
export function addFiles(kept: File[], picked: File[], t: T): { files: File[]; error: string | null } {
  const files = [...kept];
  const types = FILE_TYPES.filter((x) => x !== 'jpeg').join(', ');
  for (const f of picked) {
    if (!(FILE_TYPES as readonly string[]).includes(extOf(f.name))) return { files, error: t('msg.fileType', { name: f.name, types }) };
    if (f.size > FILE_MAX_MB * 1024 * 1024) return { files, error: t('msg.fileTooLarge', { name: f.name, mb: FILE_MAX_MB }) };
    if (files.length >= FILE_MAX) return { files, error: t('msg.tooManyFiles', { max: FILE_MAX }) };
    files.push(f);
  }
  return { files, error: null };
}
