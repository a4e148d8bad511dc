// Uploaded files (qualification files, declaration attachments, …). A resource declares
// which types and size it takes (`def.uploads`); the bytes are checked against the type,
// stored under DATA_DIR/uploads (never served statically), and a file can be read only by
// whoever may read the record it is attached to (before that, only by its uploader).
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Knex } from 'knex';
import type { TFunction } from 'i18next';
import { dataDir, getKnex, toDate } from '../db/knex.server';
import { ApiError, CODE, FieldError } from '../http/envelope.server';
import { hasPermission, type SessionUser } from '../rbac/menu';
import type { ServerResource } from '../resource/define.server';
import { getRow } from '../resource/service.server';
import { imagePolicy } from '../resource/define';
import { contentMatches, extOf, MIME, type UploadType } from './sniff';

export interface StoredFile {
  id: number;
  name: string;
  ext: string;
  mime: string;
  size: number;
  resource: string;
  recordId: number | null;
  createdBy: number;
  createdByName: string | null;
  createdAt: string | null;
}

type FileRow = Record<string, unknown>;

export function toStoredFile(r: FileRow): StoredFile {
  return {
    id: Number(r.id),
    name: String(r.name),
    ext: String(r.ext),
    mime: String(r.mime),
    size: Number(r.size),
    resource: String(r.resource),
    recordId: r.record_id === null || r.record_id === undefined ? null : Number(r.record_id),
    createdBy: Number(r.created_by),
    createdByName: (r.created_by_name as string | null) ?? null,
    createdAt: toDate(r.created_at)?.toISOString() ?? null,
  };
}

export const uploadRoot = () => path.join(dataDir(), 'uploads');

function canWrite(sr: ServerResource, user: SessionUser): boolean {
  const p = sr.def.permissions;
  return [p.create, p.update].some((c) => !!c && hasPermission(user, c));
}

/** What an upload for a resource (or one of its image fields) may be: types and a size limit in bytes, with the message of that limit. */
function uploadPolicy(sr: ServerResource, fieldName: string | null | undefined, t: TFunction): { types: readonly string[]; maxBytes: number; tooLarge: string } | null {
  if (fieldName) {
    const f = sr.def.fields.find((x) => x.name === fieldName && x.type === 'image');
    if (!f) return null;
    const p = imagePolicy(f);
    return { types: p.types, maxBytes: p.maxKb * 1024, tooLarge: t('core:files.tooLargeKb', { kb: p.maxKb }) };
  }
  const p = sr.def.uploads;
  return p ? { types: p.types, maxBytes: p.maxMb * 1024 * 1024, tooLarge: t('core:files.tooLarge', { mb: p.maxMb }) } : null;
}

/**
 * Checks and stores one uploaded file for a resource (or, with `fieldName`, for one of its
 * image fields, under that field's types and size); it is attached to a record on save.
 */
export async function storeUpload(sr: ServerResource, user: SessionUser, file: File | null, t: TFunction, knex: Knex = getKnex(), fieldName?: string | null): Promise<StoredFile> {
  const policy = uploadPolicy(sr, fieldName, t);
  if (!policy) throw new ApiError(t('core:http.apiNotFound'), CODE.NOT_FOUND, 404);
  if (!canWrite(sr, user)) throw new ApiError(t('core:http.forbidden'), CODE.FORBIDDEN, 403);
  if (!file || typeof file === 'string' || !file.name) throw new FieldError({ file: t('core:files.required') });
  const ext = extOf(file.name);
  const types = policy.types;
  if (!types.includes(ext)) throw new FieldError({ file: t('core:files.badType', { types: policy.types.join(', ') }) });
  if (file.size > policy.maxBytes) throw new FieldError({ file: policy.tooLarge });
  if (file.size === 0) throw new FieldError({ file: t('core:files.empty') });
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!contentMatches(ext, bytes)) throw new FieldError({ file: t('core:files.contentMismatch', { ext }) });
  return saveFile(knex, { name: file.name, ext, bytes, resource: `${sr.def.plugin}.${sr.def.name}`, recordId: null, createdBy: user.id, createdByName: user.nickname || user.username });
}

/**
 * Writes checked bytes under DATA_DIR/uploads and records them (uploads after their checks;
 * seeds writing demo documents).
 */
export async function saveFile(
  knex: Knex,
  p: { name: string; ext: string; bytes: Uint8Array; resource: string; recordId: number | null; createdBy: number; createdByName: string | null },
): Promise<StoredFile> {
  const { bytes, ext } = p;
  const uuid = randomUUID();
  const now = new Date();
  const rel = path.join(String(now.getFullYear()), String(now.getMonth() + 1).padStart(2, '0'), uuid);
  const abs = path.join(uploadRoot(), rel);
  await fs.mkdir(path.dirname(abs), { recursive: true });
  await fs.writeFile(abs, bytes);
  const name = path.basename(p.name.replace(/\\/g, '/')).slice(0, 255);
  const [id] = await knex('sys_file').insert({
    uuid,
    name,
    ext,
    mime: MIME[ext as UploadType] ?? 'application/octet-stream',
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    path: rel,
    resource: p.resource,
    record_id: p.recordId,
    created_by: p.createdBy,
    created_by_name: p.createdByName,
    created_at: now,
  });
  return toStoredFile(await knex('sys_file').where({ id: Number(id) }).first());
}

export interface ClaimUpload {
  /** The resource the files were uploaded for (`plugin.name`). */
  resource: string;
  recordId: number;
  /** The files the record holds after the save; null/undefined entries are skipped. */
  fileIds: number | readonly (number | null | undefined)[] | null | undefined;
  user: SessionUser;
  t: TFunction;
  /** These are all the record's files: any other file attached to it is released. */
  only?: boolean;
  /** Refuse as an error on this form field (default: a message for the whole form). */
  field?: string;
  /** The refusal's catalogue key (default `core:files.notYours`). */
  messageKey?: string;
}

/**
 * Claims uploaded files for a record inside its save transaction. A file is accepted when it
 * was uploaded for this resource by the same user and is not attached yet, or is already on
 * this record; a missing id, another user's upload or a file attached elsewhere is refused,
 * so one user cannot take over another's upload.
 */
export async function claimUpload(trx: Knex.Transaction, c: ClaimUpload): Promise<void> {
  const given = c.fileIds === null || c.fileIds === undefined ? [] : typeof c.fileIds === 'number' ? [c.fileIds] : c.fileIds;
  const ids = [...new Set(given.filter((n): n is number => n !== null && n !== undefined).map(Number))];
  const refuse = () => {
    const msg = c.t(c.messageKey ?? 'core:files.notYours');
    return c.field ? new FieldError({ [c.field]: msg }) : new ApiError(msg);
  };
  if (ids.some((n) => !Number.isSafeInteger(n) || n <= 0)) throw refuse();
  const rows: FileRow[] = ids.length ? await trx('sys_file').whereIn('id', ids) : [];
  for (const id of ids) {
    const r = rows.find((x) => Number(x.id) === id);
    const claimable = r && r.resource === c.resource && ((r.record_id === null && Number(r.created_by) === c.user.id) || Number(r.record_id) === c.recordId);
    if (!claimable) throw refuse();
  }
  if (ids.length) await trx('sys_file').whereIn('id', ids).whereNull('record_id').update({ record_id: c.recordId });
  if (c.only) {
    const stale = trx('sys_file').where({ resource: c.resource, record_id: c.recordId });
    if (ids.length) stale.whereNotIn('id', ids);
    await stale.update({ record_id: null });
  }
}

/** Releases the files of records being deleted (they stay stored, readable again only by their uploader or an admin). */
export async function releaseUploads(trx: Knex.Transaction, resource: string, recordIds: number[]): Promise<void> {
  if (recordIds.length) await trx('sys_file').where({ resource }).whereIn('record_id', recordIds).update({ record_id: null });
}

export async function filesOf(knex: Knex, resource: string, recordIds: number[]): Promise<StoredFile[]> {
  if (!recordIds.length) return [];
  return (await knex('sys_file').where({ resource }).whereIn('record_id', recordIds).orderBy('id')).map(toStoredFile);
}

/** Reads a file the user may see: its record's read access decides. */
export async function openFile(id: number, user: SessionUser, t: TFunction, resources: Map<string, ServerResource>, knex: Knex = getKnex()): Promise<{ file: StoredFile; bytes: Buffer }> {
  // Only a real id reaches the query (a NaN or fraction from a careless caller names no file).
  const row: FileRow | undefined = Number.isSafeInteger(id) && id > 0 ? await knex('sys_file').where({ id }).first() : undefined;
  if (!row) throw new ApiError(t('core:resource.notFound'), CODE.NOT_FOUND, 404);
  const file = toStoredFile(row);
  const sr = resources.get(file.resource);
  if (file.recordId === null) {
    if (file.createdBy !== user.id && !user.isAdmin) throw new ApiError(t('core:resource.notFound'), CODE.NOT_FOUND, 404);
  } else {
    if (!sr || !hasPermission(user, sr.def.permissions.list)) throw new ApiError(t('core:http.forbidden'), CODE.FORBIDDEN, 403);
    await getRow(sr, user, file.recordId, t, knex);
  }
  const abs = path.join(uploadRoot(), String(row.path));
  if (!abs.startsWith(uploadRoot())) throw new ApiError(t('core:resource.notFound'), CODE.NOT_FOUND, 404);
  try {
    return { file, bytes: await fs.readFile(abs) };
  } catch {
    throw new ApiError(t('core:files.missing'), CODE.NOT_FOUND, 404);
  }
}

/**
 * The bytes of a stored file attached to a record of `resource` (a public page's cover image:
 * the caller has checked the record may be shown), or null.
 */
export async function attachedFile(knex: Knex, resource: string, recordId: number, id: number): Promise<{ file: StoredFile; bytes: Buffer } | null> {
  return storedFile(knex, id, { resource, record_id: recordId });
}

/**
 * A stored file's record and bytes by id, or null, without any access check: for server code
 * that has checked the caller may read it (a seal being signed with, a contract's PDF), or that
 * inspects an upload the user has just made (`where`: further columns it must match).
 */
export async function storedFile(knex: Knex, id: number, where: Partial<Record<'resource' | 'record_id' | 'created_by', unknown>> = {}): Promise<{ file: StoredFile; bytes: Buffer } | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const row: FileRow | undefined = await knex('sys_file').where({ id, ...where }).first();
  if (!row) return null;
  const abs = path.join(uploadRoot(), String(row.path));
  if (!abs.startsWith(uploadRoot())) return null;
  try {
    return { file: toStoredFile(row), bytes: await fs.readFile(abs) };
  } catch {
    return null;
  }
}
