// Templates on the server: an upload is read before it is kept (a standard template must have
// the fields and signature slots the contract form fills, a non-standard one must be a readable
// PDF); a new file makes a new version, the old ones kept for the contracts made from them; a
// template some contract was made from is disabled, never deleted.
import type { Knex } from 'knex';
import type { TFunction } from 'i18next';
import { FieldError, claimUpload, filesOf, releaseUploads, serverResource, storedFile, tableLookup, type LookupDef, type Row } from '@core/server';
import { resourceKey, todayIso } from '@core/shared';
import { K, REQUIRED_FIELDS, templateDef } from './contractTemplate';
import { TemplateError, inspectTemplate, loadPdf, missingFields, type SignatureSlot, type TemplateField } from './template.server';

export const TEMPLATE_TABLE = 'ctr_template';
export const TEMPLATE_RESOURCE = resourceKey(templateDef);

/** What a template version's file offers, as stored with it (JSON). */
export interface TemplateShape {
  fields: Pick<TemplateField, 'name' | 'type'>[];
  slots: SignatureSlot[];
}

/** Reads an uploaded template file, refusing one the form cannot use (FieldError on `fileId`). */
export async function readTemplateUpload(knex: Knex, fileId: number, type: string, t: TFunction): Promise<TemplateShape & { partyCount: number | null }> {
  const stored = await storedFile(knex, fileId);
  if (!stored) throw new FieldError({ fileId: t(`${K}.msg.fileRequired`) });
  try {
    if (type !== 'standard') {
      await loadPdf(stored.bytes);
      return { fields: [], slots: [], partyCount: null };
    }
    const info = await inspectTemplate(stored.bytes);
    const missing = missingFields(info, REQUIRED_FIELDS);
    if (missing.length) throw new FieldError({ fileId: t(`${K}.msg.missingFields`, { names: missing.join(', ') }) });
    return { fields: info.fields.map((x) => ({ name: x.name, type: x.type })), slots: info.signatureSlots, partyCount: info.signatureSlots.length };
  } catch (e) {
    if (e instanceof TemplateError) throw new FieldError({ fileId: t(`${K}.errors.${e.code}`, { names: e.names.join(', ') }) });
    throw e;
  }
}

export const templateResource = serverResource(templateDef, {
  async decorate(rows, knex) {
    const ids = rows.map((r) => Number(r.id));
    if (!ids.length) return;
    const files = new Map((await filesOf(knex, TEMPLATE_RESOURCE, ids)).map((x) => [x.id, x]));
    const versions: Row[] = await knex('ctr_template_version').whereIn('template_id', ids).orderBy([{ column: 'template_id' }, { column: 'version', order: 'desc' }]);
    for (const r of rows) {
      const file = files.get(Number(r.fileId));
      r.file = file ? { id: file.id, name: file.name } : null;
      r.versions = versions
        .filter((v) => Number(v.template_id) === Number(r.id))
        .map((v) => ({ version: Number(v.version), fileId: Number(v.file_id), fileName: files.get(Number(v.file_id))?.name ?? null, partyCount: Number(v.party_count), createdAt: v.created_at, createdByName: v.created_by_name }));
      const current = versions.find((v) => Number(v.template_id) === Number(r.id) && Number(v.version) === Number(r.currentVersion));
      r.fieldNames = current?.fields ? (JSON.parse(String(current.fields)) as TemplateShape).fields.map((x) => x.name).join(', ') : '';
    }
  },
  async toDb(input, { op, before, trx, t }, defaults) {
    const fileId = Number(input.fileId);
    const changed = !before || Number(before.fileId) !== fileId || before.type !== input.type;
    if (!changed) return defaults;
    const shape = await readTemplateUpload(trx, fileId, String(input.type), t);
    const values: Row = { ...defaults, upload_date: todayIso(), party_count: shape.partyCount ?? 2, fields: JSON.stringify({ fields: shape.fields, slots: shape.slots }) };
    if (op === 'create') Object.assign(values, { status: 'enabled', current_version: 1 });
    else values.current_version = Number(before!.currentVersion) + 1;
    return values;
  },
  async afterWrite(id, input, { trx, actor, t, before }) {
    const fileId = Number(input.fileId);
    if (before && Number(before.fileId) === fileId && before.type === input.type) return;
    await claimUpload(trx, { resource: TEMPLATE_RESOURCE, recordId: id, fileIds: fileId, user: actor.user, t, field: 'fileId' });
    const row = await trx(TEMPLATE_TABLE).where({ id }).first('current_version', 'fields', 'party_count');
    await trx('ctr_template_version').insert({ template_id: id, version: Number(row.current_version), file_id: fileId, fields: row.fields, party_count: row.party_count, created_at: new Date(), created_by_name: actor.user.username });
  },
  async beforeDelete(rows, { trx, t }) {
    const ids = rows.map((r) => Number(r.id));
    if (await trx('ctr_contract').whereIn('template_id', ids).first('id')) throw new FieldError({ name: t(`${K}.msg.templateInUse`) });
    await trx('ctr_template_version').whereIn('template_id', ids).delete();
    await releaseUploads(trx, TEMPLATE_RESOURCE, ids);
  },
});

export const templateLookups: Record<string, LookupDef> = {
  /** Enabled templates (`contracts.templates`): what a new contract may be made from. */
  templates: tableLookup({ table: TEMPLATE_TABLE, value: 'id', label: '{name} · v{current_version}', orderBy: 'name', where: { status: 'enabled' } }),
};

/** A template's version as a contract is made from it: its PDF, type, language and slots. */
export async function templateVersion(knex: Knex, templateId: number, version?: number | null): Promise<{ id: number; name: string; type: string; lang: string; status: string; version: number; pdf: Buffer; shape: TemplateShape } | null> {
  const tpl = await knex(TEMPLATE_TABLE).where({ id: templateId }).first();
  if (!tpl) return null;
  const v = await knex('ctr_template_version').where({ template_id: templateId, version: version ?? tpl.current_version }).first();
  if (!v) return null;
  const stored = await storedFile(knex, Number(v.file_id));
  if (!stored) return null;
  return { id: Number(tpl.id), name: String(tpl.name), type: String(tpl.type), lang: String(tpl.lang), status: String(tpl.status), version: Number(v.version), pdf: stored.bytes, shape: v.fields ? JSON.parse(String(v.fields)) : { fields: [], slots: [] } };
}
