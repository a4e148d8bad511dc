// Applies the grants plugins declare (PortPlugin/PluginArea `grants`) to the roles they name.
// Each plugin area's grants to one role are applied once per database (recorded in sys_grant_log
// as `<plugin>/<area>-grants:<role>`), as soon as the role exists: later administrator changes
// (revoked menus, deleted roles) stay as they are. A database whose hand-written grant seed
// (`<plugin>/<area>-grants`, or the grant's legacySeed, in sys_seed_log) ran before grants
// became data (before the mark the first call leaves in sys_grant_log) counts them as applied.
import type { Knex } from 'knex';
import type { Registry } from '../registry.server';

/** Left by the first call: hand-written grant seeds logged before it were the old way. */
const MARK = 'grants-as-data';

/** Applies every declared grant not applied yet whose role exists; returns the keys it applied. */
export async function applyGrants(knex: Knex, grants: Registry['grants']): Promise<string[]> {
  type At = Date | string | number;
  const seeds = new Map(((await knex('sys_seed_log').select('name', 'ran_at')) as { name: string; ran_at: At }[]).map((r) => [r.name, new Date(r.ran_at).getTime()]));
  const log = new Map(((await knex('sys_grant_log').select('name', 'applied_at')) as { name: string; applied_at: At }[]).map((r) => [r.name, new Date(r.applied_at).getTime()]));
  let markAt = log.get(MARK);
  if (markAt === undefined) {
    const now = new Date();
    await knex('sys_grant_log').insert({ name: MARK, applied_at: now });
    markAt = now.getTime();
  }
  const ranBefore = (name: string) => (seeds.get(name) ?? Infinity) < markAt;
  const roles = new Map(((await knex('sys_role').select('id', 'code')) as { id: number; code: string }[]).map((r) => [r.code, Number(r.id)]));
  const applied = new Set<string>();
  for (const { plugin, source, grant } of grants) {
    const key = `${plugin}/${source}-grants:${grant.role}`;
    const legacy = grant.legacySeed ?? `${plugin}/${source}-grants`;
    const roleId = roles.get(grant.role);
    if (roleId === undefined || ranBefore(legacy) || (log.has(key) && !applied.has(key))) continue;
    const menus = grant.menus ?? [];
    const permissions = grant.permissions ?? [];
    const revokeMenus = (grant.revoke?.menus ?? []).filter((k) => !menus.includes(k));
    const revokePerms = (grant.revoke?.permissions ?? []).filter((c) => !permissions.includes(c));
    if (revokeMenus.length) await knex('sys_role_menu').where({ role_id: roleId }).whereIn('menu_key', revokeMenus).delete();
    if (revokePerms.length) await knex('sys_role_permission').where({ role_id: roleId }).whereIn('permission_code', revokePerms).delete();
    const has = new Set((await knex('sys_role_menu').where({ role_id: roleId }).pluck('menu_key')) as string[]);
    const hasPerm = new Set((await knex('sys_role_permission').where({ role_id: roleId }).pluck('permission_code')) as string[]);
    const newMenus = [...new Set(menus)].filter((k) => !has.has(k));
    const newPerms = [...new Set(permissions)].filter((c) => !hasPerm.has(c));
    if (newMenus.length) await knex('sys_role_menu').insert(newMenus.map((menu_key) => ({ role_id: roleId, menu_key })));
    if (newPerms.length) await knex('sys_role_permission').insert(newPerms.map((permission_code) => ({ role_id: roleId, permission_code })));
    if (!applied.has(key)) {
      applied.add(key);
      await knex('sys_grant_log').insert({ name: key, applied_at: new Date() });
    }
  }
  return [...applied];
}
