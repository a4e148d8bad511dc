// What a screen of a resource works on: the resource itself, or one of its variants (a fixed
// filter and a subset of the actions) and/or its read-only mode. The result is an ordinary
// ServerResource, so the engine enforces both everywhere it reads or writes: the variant's
// filter rides on the `restrict` hook (list, get, export, counts, transitions, updates,
// deletes), its single-valued fields are stored on create/update, and the actions it leaves
// out lose their permission code (the API answers 403/404 as for any missing permission).
import type { Knex } from 'knex';
import { columnOf, type FieldDef, type ResourceDef, type ResourceVariant } from './define';
import type { ServerResource } from './define.server';
import type { ListQuery } from './service.server';

/** A field's column as the list query names it (joined columns keep their table). */
export function qualifiedColumn(def: Pick<ResourceDef, 'table'>, f: FieldDef): string {
  const col = columnOf(f)!;
  return col.includes('.') ? col : `${def.table}.${col}`;
}

function variantWhere(def: ResourceDef, v: ResourceVariant, qb: Knex.QueryBuilder): void {
  for (const [name, value] of Object.entries(v.filter)) {
    const col = qualifiedColumn(def, def.fields.find((f) => f.name === name)!);
    if (Array.isArray(value)) qb.whereIn(col, value);
    else qb.where(col, value);
  }
}

const resolved = new WeakMap<ServerResource, Map<string, ServerResource>>();

/**
 * The resource as the named variant (or, with none, the resource itself) sees it; null for a
 * variant the resource does not declare.
 */
export function effectiveResource(sr: ServerResource, variant?: string | null): ServerResource | null {
  const def = sr.def;
  const v = variant ? def.variants?.[variant] : undefined;
  if (variant && !v) return null;
  if (!v && !def.readOnly) return sr;
  const key = variant ?? '';
  const known = resolved.get(sr)?.get(key);
  if (known) return known;
  const allowed = (action: string) => !v?.actions || v.actions.includes(action);
  const writable = (action: 'create' | 'update' | 'delete' | 'import') => !def.readOnly && allowed(action);
  const p = def.permissions;
  const sm = def.stateMachine;
  const out: ServerResource = {
    ...sr,
    def: {
      ...def,
      permissions: {
        list: p.list,
        create: writable('create') ? p.create : undefined,
        update: writable('update') ? p.update : undefined,
        delete: writable('delete') ? p.delete : undefined,
        import: writable('import') ? p.import : undefined,
        export: allowed('export') ? p.export : undefined,
      },
      stateMachine: sm && v?.actions ? { ...sm, transitions: sm.transitions.filter((tr) => allowed(tr.name)) } : sm,
    },
  };
  if (v) {
    const fixed = Object.entries(v.filter).filter((e): e is [string, string] => !Array.isArray(e[1]));
    out.hooks = {
      ...sr.hooks,
      async restrict(qb, user, knex) {
        if (sr.hooks.restrict) await sr.hooks.restrict(qb, user, knex);
        variantWhere(def, v, qb);
      },
      // A row written through the variant stays in it.
      async toDb(input, ctx, defaults) {
        const values = sr.hooks.toDb ? await sr.hooks.toDb(input, ctx, defaults) : defaults;
        for (const [name, value] of fixed) values[columnOf(def.fields.find((f) => f.name === name)!)!] = value;
        return values;
      },
    };
  }
  if (!resolved.has(sr)) resolved.set(sr, new Map());
  resolved.get(sr)!.set(key, out);
  return out;
}

/**
 * The variant's filter among a list query's filters, so that cached totals of a variant are
 * never another screen's (the restrict hook applies it anyway).
 */
export function variantQuery(sr: ServerResource, variant: string | null | undefined, q: ListQuery): ListQuery {
  const v = variant ? sr.def.variants?.[variant] : undefined;
  if (!v) return q;
  const filters = { ...q.filters };
  for (const [name, value] of Object.entries(v.filter)) filters[name] = Array.isArray(value) ? { kind: 'in', values: value } : { kind: 'eq', value };
  return { ...q, filters };
}
