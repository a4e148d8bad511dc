// Applies the grants plugins declare (PortPlugin/PluginArea `grants`) to the roles they name.
// Each plugin area's grants to one role are applied once per database (recorded in sys_seed_log
// as `<plugin>/<area>-grants:<role>`), as soon as the role exists: later administrator changes
// (revoked menus, deleted roles) stay as they are. A database whose hand-written
// `<plugin>/<area>-grants` seed ran before grants became data counts them as applied.
import type { Knex } from 'knex';
import type { Registry } from '../registry.server';

/** Applies every declared grant not applied yet whose role exists; returns the keys it applied. */
export async function applyGrants(knex: Knex, grants: Registry['grants']): Promise<string[]> {
  const logged = new Set((await knex('sys_seed_log').pluck('name')) as string[]);
  const roles = new Map(((await knex('sys_role').select('id', 'code')) as { id: number; code: string }[]).map((r) => [r.code, Number(r.id)]));
  const applied = new Set<string>();
  for (const { plugin, source, grant } of grants) {
    const legacy = `${plugin}/${source}-grants`;
    const key = `${legacy}:${grant.role}`;
    const roleId = roles.get(grant.role);
    if (roleId === undefined || logged.has(legacy) || (logged.has(key) && !applied.has(key))) continue;
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
      await knex('sys_seed_log').insert({ name: key, ran_at: new Date() });
    }
  }
  return [...applied];
}
