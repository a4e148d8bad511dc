// Server rules for departments: a parent must exist and not be the department itself or
// one below it; departments with sub-departments or users cannot be deleted.
import type { Knex } from 'knex';
import { ApiError, FieldError, deptAndBelow, serverResource } from '@core/server';
import { deptDef } from './dept';

async function paths(knex: Knex): Promise<Map<number, string>> {
  const rows: { id: number; parent_id: number | null; name: string }[] = await knex('sys_dept').select('id', 'parent_id', 'name');
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const out = new Map<number, string>();
  for (const r of rows) {
    const names: string[] = [];
    const seen = new Set<number>();
    for (let cur: typeof r | undefined = r; cur && !seen.has(Number(cur.id)); cur = cur.parent_id ? byId.get(Number(cur.parent_id)) : undefined) {
      seen.add(Number(cur.id));
      names.unshift(cur.name);
    }
    out.set(Number(r.id), names.join(' / '));
  }
  return out;
}

export const deptResource = serverResource(
  deptDef,
  {
    async decorate(rows, knex) {
      const p = await paths(knex);
      for (const r of rows) r.path = p.get(Number(r.id)) ?? r.name;
    },
    async validate(input, { trx, t, before }) {
      if (!input.parentId) return;
      if (!(await trx('sys_dept').where({ id: input.parentId }).first())) throw new FieldError({ parentId: t('core:resource.invalid', { field: t('system:dept.parent') }) });
      if (before && (await deptAndBelow(trx, Number(before.id))).includes(Number(input.parentId))) {
        throw new FieldError({ parentId: t('system:dept.cycle') });
      }
    },
    toDb: (input, _ctx, defaults) => ({ ...defaults, order_num: input.orderNum ?? 0 }),
    async beforeDelete(rows, { trx, t }) {
      const ids = rows.map((r) => Number(r.id));
      if (await trx('sys_dept').whereIn('parent_id', ids).whereNotIn('id', ids).first()) throw new ApiError(t('system:dept.hasChildren'));
      if (await trx('sys_user').whereIn('dept_id', ids).first()) throw new ApiError(t('system:dept.hasUsers'));
    },
  },
  { dept: 'id' },
);
