// Registry data (menus, permissions, jobs) lives in tables so administrators can grant and
// tune it. On every start the tables follow the enabled plugins: new entries are added,
// entries of removed plugins disappear (with their grants), administrator edits are kept.
import type { Knex } from 'knex';
import type { MenuNode } from '../plugin';
import type { Registry } from '../registry.server';

/** sys_menu.plugin of entries administrators create in the menu screen. */
export const CUSTOM_MENU_PLUGIN = 'custom';

interface MenuRow {
  key: string;
  parent_key: string | null;
  path: string;
  title_key: string;
  icon: string | null;
  permission: string | null;
  hidden: boolean;
  order_num: number;
  plugin: string;
}

function flatten(registry: Registry): MenuRow[] {
  const owner = registry.owners.menus;
  const rows: MenuRow[] = [];
  const visit = (nodes: MenuNode[], parent: string | null) => {
    nodes.forEach((n, i) => {
      rows.push({
        key: n.key,
        parent_key: parent,
        path: n.path,
        title_key: n.titleKey,
        icon: n.icon ?? null,
        permission: n.permission ?? null,
        hidden: !!n.hidden,
        order_num: n.order ?? i,
        plugin: owner.get(n.key) ?? 'core',
      });
      if (n.children) visit(n.children, n.key);
    });
  };
  visit(registry.menus, null);
  return rows;
}

export async function syncRegistryData(knex: Knex, registry: Registry): Promise<void> {
  const now = new Date();
  await knex.transaction(async (trx) => {
    const menus = flatten(registry);
    const existing = new Set((await trx('sys_menu').select('key')).map((r: { key: string }) => r.key));
    for (const m of menus) {
      if (existing.has(m.key)) {
        await trx('sys_menu').where({ key: m.key }).update({
          parent_key: m.parent_key,
          path: m.path,
          title_key: m.title_key,
          permission: m.permission,
          plugin: m.plugin,
          updated_at: now,
        });
      } else {
        await trx('sys_menu').insert({ ...m, updated_at: now });
      }
    }
    // Entries an administrator added by hand (plugin 'custom') stay; a removed plugin's go.
    const keys = menus.map((m) => m.key);
    await trx('sys_menu').whereNotIn('key', keys.length ? keys : ['']).whereNot('plugin', CUSTOM_MENU_PLUGIN).delete();
    const kept = (await trx('sys_menu').select('key')).map((r: { key: string }) => r.key);
    await trx('sys_role_menu').whereNotIn('menu_key', kept.length ? kept : ['']).delete();

    const codes = registry.permissions.map((p) => p.code);
    const existingPerms = new Set((await trx('sys_permission').select('code')).map((r: { code: string }) => r.code));
    const owner = registry.owners.permissions;
    for (const perm of registry.permissions) {
      const row = {
        title_key: perm.titleKey,
        menu_key: perm.menu ?? null,
        mandatory: !!perm.mandatory,
        plugin: owner.get(perm.code) ?? 'core',
      };
      if (existingPerms.has(perm.code)) await trx('sys_permission').where({ code: perm.code }).update(row);
      else await trx('sys_permission').insert({ code: perm.code, ...row });
    }
    await trx('sys_permission').whereNotIn('code', codes.length ? codes : ['']).delete();
    await trx('sys_role_permission').whereNotIn('permission_code', codes.length ? codes : ['']).delete();

    const jobOwner = new Map<string, string>();
    for (const p of registry.plugins) for (const j of p.jobs ?? []) jobOwner.set(j.name, p.id);
    const existingJobs = new Set((await trx('sys_job').select('name')).map((r: { name: string }) => r.name));
    for (const j of registry.jobs) {
      if (existingJobs.has(j.name)) await trx('sys_job').where({ name: j.name }).update({ plugin: jobOwner.get(j.name) });
      else await trx('sys_job').insert({ name: j.name, cron: j.cron ?? null, status: 'normal', plugin: jobOwner.get(j.name), updated_at: now, created_at: now });
    }
    const names = registry.jobs.map((j) => j.name);
    await trx('sys_job').whereNotIn('name', names.length ? names : ['']).delete();
  });
}
