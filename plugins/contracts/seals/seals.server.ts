// Enterprises and seals on the server: an enterprise gets its signing certificate as it is
// registered (and a new one when its name or credit code changes: they are in the certificate);
// a party sees and seals only for its own enterprise; a seal image must be a png with
// transparency (read from its header), the size and type already checked by the upload.
import type { Knex } from 'knex';
import { FieldError, serverResource, storedFile, tableLookup, type LookupDef, type Row } from '@core/server';
import type { SessionUser } from '@core/shared';
import { ENTERPRISE_TABLE, isPlatform, ownEnterpriseIds } from '../common';
import { K, enterpriseDef, sealDef } from './seals';
import { issueCertificate } from './keys.server';

export const SEAL_TABLE = 'ctr_seal';

/** Whether png bytes carry transparency: an alpha channel (colour type 4 or 6) or a tRNS chunk. */
export function pngHasAlpha(bytes: Uint8Array): boolean {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length < 33 || b.readUInt32BE(12) !== 0x49484452) return false; // IHDR
  const colourType = b[25];
  if (colourType === 4 || colourType === 6) return true;
  // Walk the chunks up to IDAT looking for tRNS.
  let at = 8;
  while (at + 8 <= b.length) {
    const len = b.readUInt32BE(at);
    const type = b.toString('latin1', at + 4, at + 8);
    if (type === 'tRNS') return true;
    if (type === 'IDAT' || type === 'IEND') return false;
    at += 12 + len;
  }
  return false;
}

export const enterpriseResource = serverResource(enterpriseDef, {
  restrict(qb, user, knex) {
    if (!isPlatform(user)) qb.whereIn(`${ENTERPRISE_TABLE}.id`, ownEnterpriseIds(knex, user));
  },
  async decorate(rows, knex) {
    const ids = rows.map((r) => Number(r.id));
    if (!ids.length) return;
    const counts = new Map(((await knex(SEAL_TABLE).whereIn('enterprise_id', ids).groupBy('enterprise_id').select('enterprise_id').count({ n: '*' })) as Row[]).map((c) => [Number(c.enterprise_id), Number(c.n)]));
    for (const r of rows) r.sealCount = counts.get(Number(r.id)) ?? 0;
  },
  toDb(_input, { op }, defaults) {
    return op === 'create' ? { ...defaults, status: 'enabled' } : defaults;
  },
  async afterWrite(id, input, { trx, before }) {
    // The certificate names the enterprise: a new name or code needs a new certificate.
    if (!before || before.name !== input.name || (before.creditCode ?? null) !== (input.creditCode ?? null)) await issueCertificate(trx, { id, name: String(input.name), creditCode: (input.creditCode as string | null) ?? null });
  },
  async beforeDelete(rows, { trx, t }) {
    const ids = rows.map((r) => Number(r.id));
    if (await trx('ctr_party').whereIn('enterprise_id', ids).first('id')) throw new FieldError({ name: t(`${K}.msg.enterpriseInUse`) });
    if (await trx(SEAL_TABLE).whereIn('enterprise_id', ids).first('id')) throw new FieldError({ name: t(`${K}.msg.enterpriseHasSeals`) });
  },
});

export const sealResource = serverResource(sealDef, {
  query: (knex) => knex(SEAL_TABLE),
  restrict(qb, user, knex) {
    if (!isPlatform(user)) qb.whereIn(`${SEAL_TABLE}.enterprise_id`, ownEnterpriseIds(knex, user));
  },
  async validate(input, { trx, t, actor, before }) {
    const enterpriseId = Number(input.enterpriseId);
    const own = isPlatform(actor.user) ? true : (await ownEnterpriseIds(trx, actor.user)).some((r: Row) => Number(r.id) === enterpriseId);
    if (!own || !(await trx(ENTERPRISE_TABLE).where({ id: enterpriseId }).first('id'))) throw new FieldError({ enterpriseId: t(`${K}.msg.notYourEnterprise`) });
    const fileId = Number(input.imageFileId);
    if (before && Number(before.imageFileId) === fileId) return;
    const stored = await storedFile(trx, fileId);
    if (!stored || stored.file.ext !== 'png') throw new FieldError({ imageFileId: t(`${K}.msg.sealNotPng`) });
    if (!pngHasAlpha(stored.bytes)) throw new FieldError({ imageFileId: t(`${K}.msg.sealNotTransparent`) });
  },
  toDb(_input, { op }, defaults) {
    return op === 'create' ? { ...defaults, status: 'enabled' } : defaults;
  },
  async beforeDelete(rows, { trx, t }) {
    if (await trx('ctr_party').whereIn('seal_id', rows.map((r) => Number(r.id))).first('id')) throw new FieldError({ name: t(`${K}.msg.sealUsed`) });
  },
});

const ownOnly = (q: Knex.QueryBuilder, user: SessionUser, knex: Knex) => {
  if (!isPlatform(user)) q.whereIn('id', ownEnterpriseIds(knex, user));
};

export const sealLookups: Record<string, LookupDef> = {
  /** Enabled signing enterprises (`contracts.enterprises`): all for the platform, one's own otherwise. */
  enterprises: tableLookup({ table: ENTERPRISE_TABLE, value: 'id', label: '{name}', orderBy: 'name', where: (q, user, knex) => ownOnly(q.where({ status: 'enabled' }), user as SessionUser, knex) }),
  /** Enabled seals of one's own enterprise (`contracts.ownSeals`), as a signer picks one. */
  ownSeals: tableLookup({
    table: SEAL_TABLE,
    value: 'id',
    label: '{name}',
    orderBy: 'id',
    where: (q, user, knex) => q.where({ status: 'enabled' }).whereIn('enterprise_id', ownEnterpriseIds(knex, user as SessionUser)),
  }),
};
