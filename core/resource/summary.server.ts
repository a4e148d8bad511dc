// The summary row: totals of the fields declared `summary: 'sum'` over the whole filtered
// list (every page, the user's scope), as exact decimal strings. MariaDB sums DECIMAL columns
// exactly; SQLite keeps them as binary floats, so there each value is first rounded to whole
// units of its scale (cents) and the integers are summed.
import Decimal from 'decimal.js';
import type { Knex } from 'knex';
import { getKnex, isMysql } from '../db/knex.server';
import type { SessionUser } from '../rbac/menu';
import { columnOf, type FieldDef } from './define';
import type { ServerResource } from './define.server';
import { listQueryBuilder, type ListQuery } from './service.server';
import { qualifiedColumn } from './variant.server';

export const summed = (f: FieldDef) => f.summary === 'sum' && !!columnOf(f);

function scaleOf(f: FieldDef): number | null {
  if (f.type === 'integer') return 0;
  return f.scale ?? (f.type === 'money' ? 2 : null);
}

export async function columnSums(sr: ServerResource, user: SessionUser, q: ListQuery, knex: Knex = getKnex()): Promise<Record<string, string> | null> {
  const fields = sr.def.fields.filter(summed);
  if (!fields.length) return null;
  const { qb } = await listQueryBuilder(sr, user, q, knex);
  qb.clearSelect().clearOrder();
  const exact = isMysql(knex);
  for (const f of fields) {
    const col = qualifiedColumn(sr.def, f);
    const scale = scaleOf(f);
    if (exact || scale === null) qb.sum({ [f.name]: col });
    else qb.select(knex.raw('SUM(ROUND(?? * ?)) as ??', [col, 10 ** scale, f.name]));
  }
  const row: Record<string, unknown> = (await qb.first()) ?? {};
  const out: Record<string, string> = {};
  for (const f of fields) {
    const scale = scaleOf(f);
    const raw = row[f.name];
    let sum = new Decimal(raw === null || raw === undefined ? 0 : String(raw));
    if (!exact && scale !== null) sum = sum.div(10 ** scale);
    out[f.name] = scale === null ? sum.toString() : sum.toFixed(scale);
  }
  return out;
}
