// RMB statements on the server: the owner's rows only (the platform sees all), the customs
// declarations saved with their statement in one transaction, and the collection
// instruction file attached to it.
import Decimal from 'decimal.js';
import type { Knex } from 'knex';
import { claimUpload, filesOf, releaseUploads } from '../../../core/files/files.server';
import { resourceKey } from '../../../core/resource/define';
import { serverResource, type Row } from '../../../core/resource/define.server';
import type { SessionUser } from '../../../core/rbac/menu';
import { rmbStatementDef, type RmbDeclaration } from './rmb';

const TABLE = 'fin_rmb_statement';
const DECL = 'fin_rmb_statement_decl';
const RESOURCE = resourceKey(rmbStatementDef);
/** Platform operation and administrators see every statement. */
const PLATFORM_TYPES = [3, 6];

export function restrictRmb(qb: Knex.QueryBuilder, user: SessionUser): void {
  if (user.isAdmin || PLATFORM_TYPES.includes(Number(user.userType))) return;
  qb.where(`${TABLE}.owner_user_id`, user.id);
}

function declarationsOf(input: Row): RmbDeclaration[] {
  return ((input.declarations as Row[] | undefined) ?? []).map((d) => ({
    year: Number(d.year),
    month: Number(d.month),
    declDate: String(d.declDate),
    customsAmount: String(d.customsAmount).trim(),
    currency: String(d.currency),
  }));
}

const dateText = (v: unknown) => (v instanceof Date ? `${v.getFullYear()}-${String(v.getMonth() + 1).padStart(2, '0')}-${String(v.getDate()).padStart(2, '0')}` : String(v).slice(0, 10));

/** The declarations of some statements, in line order. */
export async function statementDeclarations(knex: Knex, ids: number[]): Promise<Map<number, RmbDeclaration[]>> {
  const out = new Map<number, RmbDeclaration[]>();
  if (!ids.length) return out;
  const rows = await knex(DECL).whereIn('statement_id', ids).orderBy(['statement_id', 'seq']);
  for (const r of rows) {
    const list = out.get(Number(r.statement_id)) ?? [];
    list.push({ year: Number(r.decl_year), month: Number(r.decl_month), declDate: dateText(r.decl_date), customsAmount: new Decimal(String(r.customs_amount)).toFixed(2), currency: r.currency });
    out.set(Number(r.statement_id), list);
  }
  return out;
}

export const rmbStatementResource = serverResource(rmbStatementDef, {
  restrict: restrictRmb,
  async decorate(rows, knex) {
    const ids = rows.map((r) => Number(r.id));
    const decls = await statementDeclarations(knex, ids);
    const files = await filesOf(knex, RESOURCE, ids);
    for (const r of rows) {
      r.declarations = decls.get(Number(r.id)) ?? [];
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
    await trx(DECL).where({ statement_id: id }).delete();
    const decls = declarationsOf(input);
    if (decls.length) {
      await trx(DECL).insert(
        decls.map((d, i) => ({ statement_id: id, seq: i + 1, decl_year: d.year, decl_month: d.month, decl_date: d.declDate, customs_amount: d.customsAmount, currency: d.currency })),
      );
    }
    const fileId = input.collectionFileId ? Number(input.collectionFileId) : null;
    await claimUpload(trx, { resource: RESOURCE, recordId: id, fileIds: fileId, user: actor.user, t, only: true, field: 'collectionInstruction' });
  },
  async beforeDelete(rows, { trx }) {
    const ids = rows.map((r) => Number(r.id));
    await trx(DECL).whereIn('statement_id', ids).delete();
    await releaseUploads(trx, RESOURCE, ids);
  },
});
