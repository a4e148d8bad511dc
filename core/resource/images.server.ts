// The stored files of a resource's `image` fields, tied to their record in the write's
// transaction the way attachments are (claimUpload): a new image is claimed (only an upload of
// this resource by the same user, not attached elsewhere, of an image type the field takes), the
// image it replaces is released, and a deleted record's images are released.
import type { Knex } from 'knex';
import type { TFunction } from 'i18next';
import { claimUpload } from '../files/files.server';
import { FieldError } from '../http/envelope.server';
import type { SessionUser } from '../rbac/menu';
import { columnOf, imagePolicy, resourceKey, type FieldDef } from './define';
import type { Row, ServerResource } from './define.server';

const imageFields = (sr: ServerResource): FieldDef[] => sr.def.fields.filter((f) => f.type === 'image' && columnOf(f));

const idOf = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));

/** After a create or update: claims the images the input names and releases those they replace. */
export async function claimImages(trx: Knex.Transaction, sr: ServerResource, recordId: number, input: Row, before: Row | null, user: SessionUser, t: TFunction): Promise<void> {
  const resource = resourceKey(sr.def);
  for (const f of imageFields(sr)) {
    if (!(f.name in input)) continue;
    const next = idOf(input[f.name]);
    const was = before ? idOf(before[f.name]) : null;
    if (next !== null && next !== was) {
      const file = await trx('sys_file').where({ id: next }).first('ext');
      if (file && !(imagePolicy(f).types as readonly string[]).includes(String(file.ext))) throw new FieldError({ [f.name]: t('core:files.notYours') });
      await claimUpload(trx, { resource, recordId, fileIds: next, user, t, field: f.name });
    }
    if (was !== null && was !== next) await trx('sys_file').where({ id: was, resource, record_id: recordId }).update({ record_id: null });
  }
}

/** Before a delete: the records' images are released (stored still, readable by their uploader). */
export async function releaseImages(trx: Knex.Transaction, sr: ServerResource, rows: Row[]): Promise<void> {
  const ids = imageFields(sr).flatMap((f) => rows.map((r) => idOf(r[f.name])).filter((n): n is number => n !== null));
  if (ids.length) await trx('sys_file').where({ resource: resourceKey(sr.def) }).whereIn('id', ids).update({ record_id: null });
}
