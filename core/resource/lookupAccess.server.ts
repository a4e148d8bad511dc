// Who reads a lookup, and which of its options: a lookup lists the rows of a resource, so a
// reader needs that resource's list permission or one of the permissions the lookup serves
// (the forms and filters of other resources offering it, LookupAccess.for), and gets only the
// options whose rows the resource's data scope lets them read, exactly as its list would. The
// registry works out what each lookup serves once (registerLookups); every reader goes through
// here: GET /api/lookup/<name>, a screen's pickers, hooks' ctx.lookup (the data scope only: a
// hook checks a value its resource's own permission let the user send).
import type { Knex } from 'knex';
import type { LookupOption, PortPlugin, SessionUserLike } from '../plugin';
import { hasPermission, type SessionUser } from '../rbac/menu';
import type { ServerResource } from './define.server';
import type { LookupDef } from './lookups.server';
import type { LookupSearch } from './lookupLabels';
import { applyScope, baseQuery } from './service.server';

export interface RegisteredLookup extends LookupDef {
  name: string;
  /** The resource whose rows the options are (none for open lookups). */
  sr?: ServerResource;
  key: string;
  /** Permissions any one of which lets a user read it. */
  serves: Set<string>;
}

/**
 * The lookups of every plugin by `plugin.name`, each with its resource (named, or the one
 * resource on a table lookup's table) and what it serves: that resource's list permission, its
 * declared `for`, and the list, create and update permissions of every resource whose fields
 * or document lines name it. Refuses a lookup that says neither what it lists nor that it is open.
 */
export function registerLookups(plugins: PortPlugin[], shown: Map<string, ServerResource>, codes: Set<string>): Map<string, RegisteredLookup> {
  const byTable = new Map<string, string[]>();
  for (const [key, r] of shown) byTable.set(r.def.table, [...(byTable.get(r.def.table) ?? []), key]);
  const out = new Map<string, RegisteredLookup>();
  for (const p of plugins) {
    for (const [n, def] of Object.entries(p.lookups ?? {})) {
      const name = `${p.id}.${n}`;
      let resource = def.resource;
      if (!resource && !def.open && def.table && byTable.get(def.table)?.length === 1) resource = byTable.get(def.table)![0];
      const sr = resource ? shown.get(resource) : undefined;
      if (resource && !sr) throw new Error(`lookup ${name} lists resource ${resource}, which no plugin registers`);
      // Without a resource: options that are no one's data (open), or options gathered from other lookups, each scoped by its own (`for` says whose forms offer them).
      if (!sr && !def.open && !def.for?.length) {
        const on = def.table ? byTable.get(def.table) : undefined;
        throw new Error(`lookup ${name}: say which resource's rows it lists (resource${on?.length ? `: one of ${on.join(', ')}` : ''}), or open: true for options that are no one's data`);
      }
      for (const c of def.for ?? []) if (!codes.has(c)) throw new Error(`lookup ${name} serves permission ${c}, which no plugin declares`);
      const serves = new Set(def.for ?? []);
      if (sr) serves.add(sr.def.permissions.list);
      out.set(name, { ...def, name, sr, key: def.key ?? 'id', serves });
    }
  }
  for (const r of shown.values()) {
    const names = [...r.def.fields.map((f) => f.lookup), ...(r.lookups ?? [])];
    for (const n of names) {
      const l = n ? out.get(n) : undefined;
      if (!l) continue;
      const { list, create, update } = r.def.permissions;
      for (const c of [list, create, update]) if (c) l.serves.add(c);
    }
  }
  return out;
}

/** Whether the user may read the lookup at all (an administrator may read every one). */
export function mayReadLookup(l: RegisteredLookup, user: SessionUserLike): boolean {
  if (l.open || user.isAdmin) return true;
  for (const c of l.serves) if (hasPermission(user, c)) return true;
  return false;
}

/** The options whose rows the lookup's resource lets this user read (its restrict hook and scope columns, as its list). */
export async function scopedOptions(l: RegisteredLookup, user: SessionUserLike, options: LookupOption[], knex: Knex): Promise<LookupOption[]> {
  const sr = l.sr;
  const u = user as SessionUser;
  if (!sr || l.scoped === false || !options.length || (!sr.hooks.restrict && (!sr.scope || u.dataScope === 'all'))) return options;
  const col = `${sr.def.table}.${l.key}`;
  const values = [...new Set(options.map((o) => o.value))];
  const visible = new Set<string>();
  for (let i = 0; i < values.length; i += 1000) {
    const qb = baseQuery(sr, knex).clearSelect().distinct({ v: col }).whereIn(col, values.slice(i, i + 1000));
    await applyScope(sr, qb, u, knex);
    for (const r of (await qb) as { v: unknown }[]) visible.add(String(r.v));
  }
  return options.filter((o) => visible.has(o.value));
}

/** A lookup's options for a user, through its resource's data scope (not its permission: see mayReadLookup). */
export async function lookupOptions(l: RegisteredLookup, ctx: Parameters<LookupDef['load']>[0], user: SessionUserLike, search?: LookupSearch): Promise<LookupOption[]> {
  return scopedOptions(l, user, await l.load(ctx, user, search), ctx.knex);
}
