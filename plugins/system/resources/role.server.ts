// Server rules for roles: unique code and name ("the role name already exists"), grants
// only of known menus/permissions, a menu's mandatory permissions ticked with it, roles in
// use or the administrator role cannot be deleted, and nobody widens a role beyond their own.
import type { Knex } from 'knex';
import { ADMIN_ROLE_NAME, ApiError, FieldError, serverResource, type RequestContext } from '@core/server';
import { roleDef } from './role';

/** The menu keys with their ancestors, and every mandatory permission of those menus. */
export async function normaliseGrants(knex: Knex, menuKeys: string[], permissionCodes: string[]) {
  const menus: { key: string; parent_key: string | null }[] = await knex('sys_menu').select('key', 'parent_key');
  const parent = new Map(menus.map((m) => [m.key, m.parent_key]));
  const keys = new Set<string>();
  for (const k of menuKeys) {
    if (!parent.has(k)) continue;
    let cur: string | null | undefined = k;
    while (cur && !keys.has(cur)) {
      keys.add(cur);
      cur = parent.get(cur);
    }
  }
  const perms: { code: string; menu_key: string | null; mandatory: unknown }[] = await knex('sys_permission').select('code', 'menu_key', 'mandatory');
  const known = new Set(perms.map((p) => p.code));
  const codes = new Set(permissionCodes.filter((c) => known.has(c)));
  for (const p of perms) if (p.menu_key && keys.has(p.menu_key) && (p.mandatory === true || p.mandatory === 1)) codes.add(p.code);
  return { menuKeys: [...keys].sort(), permissionCodes: [...codes].sort() };
}

export interface GrantNode {
  key: string;
  titleKey: string;
  children: GrantNode[];
  permissions: { code: string; titleKey: string; mandatory: boolean }[];
}

/** What the role editor ticks: the menu tree, each menu with its permissions (mandatory marked), and permissions of no menu. */
export async function grantTree(knex: Knex): Promise<{ tree: GrantNode[]; loose: GrantNode['permissions'] }> {
  const menus: { key: string; parent_key: string | null; title_key: string; order_num: number }[] = await knex('sys_menu').orderBy('order_num').select('key', 'parent_key', 'title_key', 'order_num');
  const perms: { code: string; title_key: string; menu_key: string | null; mandatory: unknown }[] = await knex('sys_permission').orderBy('code').select('*');
  const nodes = new Map<string, GrantNode>(menus.map((m) => [m.key, { key: m.key, titleKey: m.title_key, children: [], permissions: [] }]));
  const roots: GrantNode[] = [];
  for (const m of menus) {
    const n = nodes.get(m.key)!;
    const p = m.parent_key ? nodes.get(m.parent_key) : undefined;
    if (p) p.children.push(n);
    else roots.push(n);
  }
  const loose: GrantNode['permissions'] = [];
  for (const p of perms) {
    const entry = { code: p.code, titleKey: p.title_key, mandatory: p.mandatory === true || p.mandatory === 1 };
    const n = p.menu_key ? nodes.get(p.menu_key) : undefined;
    if (n) n.permissions.push(entry);
    else loose.push(entry);
  }
  return { tree: roots, loose };
}

const roleRules = serverResource(roleDef, {
  async decorate(rows, knex) {
    if (!rows.length) return;
    const ids = rows.map((r) => Number(r.id));
    const menus: { role_id: number; menu_key: string }[] = await knex('sys_role_menu').whereIn('role_id', ids);
    const perms: { role_id: number; permission_code: string }[] = await knex('sys_role_permission').whereIn('role_id', ids);
    const users: { role_id: number; n: number }[] = await knex('sys_user_role').whereIn('role_id', ids).select('role_id').count({ n: '*' }).groupBy('role_id');
    for (const r of rows) {
      r.menuKeys = menus.filter((m) => Number(m.role_id) === Number(r.id)).map((m) => m.menu_key);
      r.permissionCodes = perms.filter((p) => Number(p.role_id) === Number(r.id)).map((p) => p.permission_code);
      r.userCount = Number(users.find((u) => Number(u.role_id) === Number(r.id))?.n ?? 0);
    }
  },
  async validate(input, { trx, t, before, actor }) {
    if (before && before.name === ADMIN_ROLE_NAME && input.name !== ADMIN_ROLE_NAME) throw new ApiError(t('system:role.adminFixed'));
    const grants = await normaliseGrants(trx, input.menuKeys as string[], input.permissionCodes as string[]);
    if (!grants.menuKeys.length && !grants.permissionCodes.length) throw new FieldError({ permissionCodes: t('system:role.atLeastOne') });
    // A non-administrator may only hand out what they hold themselves.
    if (!actor.user.isAdmin) {
      const extra = grants.permissionCodes.filter((c) => !actor.user.permissionList.includes(c));
      const extraMenus = grants.menuKeys.filter((k) => !actor.user.menuList.includes(k));
      if (extra.length || extraMenus.length) throw new ApiError(t('system:role.beyondOwn'), 403, 403);
    }
    input.menuKeys = grants.menuKeys;
    input.permissionCodes = grants.permissionCodes;
  },
  toDb: (input, _ctx, defaults) => ({ ...defaults, order_num: input.orderNum ?? 0 }),
  async afterWrite(id, input, { trx }) {
    await trx('sys_role_menu').where({ role_id: id }).delete();
    await trx('sys_role_permission').where({ role_id: id }).delete();
    const menus = input.menuKeys as string[];
    const perms = input.permissionCodes as string[];
    if (menus.length) await trx('sys_role_menu').insert(menus.map((menu_key) => ({ role_id: id, menu_key })));
    if (perms.length) await trx('sys_role_permission').insert(perms.map((permission_code) => ({ role_id: id, permission_code })));
  },
  async beforeDelete(rows, { trx, t }) {
    if (rows.some((r) => r.name === ADMIN_ROLE_NAME)) throw new ApiError(t('system:role.adminFixed'));
    const used = await trx('sys_user_role')
      .whereIn(
        'role_id',
        rows.map((r) => Number(r.id)),
      )
      .first();
    if (used) throw new ApiError(t('system:role.inUse'));
  },
});

export const roleResource = { ...roleRules, screen: { data: async ({ knex }: RequestContext) => ({ grants: await grantTree(knex) }) } };
