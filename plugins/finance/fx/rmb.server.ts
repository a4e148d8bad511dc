// RMB statements on the server: the owner's rows only (the platform sees all), the customs
// declarations saved with their statement in one transaction (the document kit's, from
// rmbStatementDocument), and the collection instruction file attached to it.
import type { Knex } from 'knex';
import { claimUpload, documentResource, filesOf, releaseUploads, type Row } from '@core/server';
import { resourceKey, type SessionUser } from '@core/shared';
import { rmbStatementDef, rmbStatementDocument } from './rmb';

const TABLE = 'fin_rmb_statement';
const RESOURCE = resourceKey(rmbStatementDef);
/** Platform operation and administrators see every statement. */
const PLATFORM_TYPES = [3, 6];

export function restrictRmb(qb: Knex.QueryBuilder, user: SessionUser): void {
  if (user.isAdmin || PLATFORM_TYPES.includes(Number(user.userType))) return;
  qb.where(`${TABLE}.owner_user_id`, user.id);
}

export const rmbStatementResource = documentResource(rmbStatementDocument, {
  restrict: restrictRmb,
  async decorate(rows, knex) {
    const files = await filesOf(knex, RESOURCE, rows.map((r) => Number(r.id)));
    for (const r of rows) {
      const f = files.find((x) => x.id === Number(r.collectionFileId));
      r.collectionFile = f ? { id: f.id, name: f.name } : null;
    }
  },
  toDb(input, { actor, op }, defaults) {
    const values: Row = { ...defaults, days: input.days === null || input.days === undefined ? null : Number(input.days) };
    if (op === 'create') values.owner_user_id = actor.user.id;
    return values;
  },
  async afterWrite(id, input, { trx, actor, t }) {
    const fileId = input.collectionFileId ? Number(input.collectionFileId) : null;
    await claimUpload(trx, { resource: RESOURCE, recordId: id, fileIds: fileId, user: actor.user, t, only: true, field: 'collectionInstruction' });
  },
  async beforeDelete(rows, { trx }) {
    await releaseUploads(trx, RESOURCE, rows.map((r) => Number(r.id)));
  },
});
