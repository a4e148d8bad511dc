// Loads who the user is and what they may see and do from the database.
import type { Knex } from 'knex';
import { createCache } from '../cache/cache.server';
import { ADMIN_ROLE_NAME } from '../seed-demo.server';
import type { DataScope, MenuItem, SessionUser } from './menu';

export * from './menu';

/** The tables a signed-in user's identity is read from: a write to any of them must be
 *  followed by forgetSessionUsers() (the resource engine does it for resources on them). */
export const IDENTITY_TABLES: ReadonlySet<string> = new Set(['sys_user', 'sys_role', 'sys_user_role', 'sys_role_menu', 'sys_role_permission', 'sys_menu', 'sys_permission']);

export async function loadSessionUser(knex: Knex, userId: number): Promise<SessionUser | null> {
  const u = await knex('sys_user').where({ id: userId }).first();
  if (!u) return null;
  const roles: { id: number; code: string; name: string; data_scope: string }[] = await knex('sys_role as r')
    .join('sys_user_role as ur', 'ur.role_id', 'r.id')
    .where('ur.user_id', userId)
    .andWhere('r.status', '0')
    .select('r.id', 'r.code', 'r.name', 'r.data_scope');
  const isAdmin = roles.some((r) => r.name === ADMIN_ROLE_NAME);
  const { menuList, permissionList } = await grantsOf(knex, roles.map((r) => r.id), isAdmin);
  return {
    id: u.id,
    username: u.username,
    nickname: u.nickname,
    mobile: u.mobile,
    email: u.email,
    userType: Number(u.user_type),
    portArea: u.port_area,
    companyId: u.company_id,
    companyName: u.company_name,
    userStatus: String(u.status),
    roles: roles.map((r) => ({ roleName: r.name, roleCode: r.code })),
    isAdmin,
    deptId: u.dept_id ?? null,
    dataScope: isAdmin ? 'all' : widestScope(roles.map((r) => r.data_scope)),
    menuList: menuList.sort(),
    permissionList: permissionList.sort(),
  };
}

/** The menu keys and permission codes some roles grant: every one to an administrator. */
export async function grantsOf(knex: Knex, roleIds: number[], isAdmin: boolean): Promise<{ menuList: string[]; permissionList: string[] }> {
  if (isAdmin) {
    const menuList = (await knex('sys_menu').select('key')).map((r: { key: string }) => r.key);
    const permissionList = (await knex('sys_permission').select('code')).map((r: { code: string }) => r.code);
    return { menuList, permissionList };
  }
  if (!roleIds.length) return { menuList: [], permissionList: [] };
  const menuList = (await knex('sys_role_menu').whereIn('role_id', roleIds).distinct('menu_key')).map((r: { menu_key: string }) => r.menu_key);
  const permissionList = (await knex('sys_role_permission').whereIn('role_id', roleIds).distinct('permission_code')).map((r: { permission_code: string }) => r.permission_code);
  return { menuList, permissionList };
}

/** Role and permission changes made in any process reach a signed-in user at once on every
 *  process through the cache's invalidation (core/cache); this TTL only bounds what a change
 *  made outside the app (straight in the database) takes. Sessions are cached the same way
 *  (core/auth/session.server.ts): sign-out and revocation through the app are immediate. */
export const USER_CACHE_MS = Number(process.env.USER_CACHE_MS ?? 5_000);
/** One entry per signed-in user, at most USER_CACHE_MAX (default 5000): the least recently seen go first. */
const userCache = createCache<SessionUser | null>({
  topic: 'rbac.session-users',
  max: Number(process.env.USER_CACHE_MAX || 5_000),
  ttlMs: USER_CACHE_MS,
});

export async function loadSessionUserCached(knex: Knex, userId: number): Promise<SessionUser | null> {
  return userCache.get(String(userId), () => loadSessionUser(knex, userId));
}

/**
 * Forget cached identities in every process: call it after any change to users, roles,
 * grants or menus, once the change is committed. Resolves when other processes have been told.
 */
export function forgetSessionUsers(): Promise<void> {
  return userCache.invalidate();
}

/** Several roles: the widest scope wins; no role grants nothing beyond the user's own rows. */
function widestScope(scopes: string[]): DataScope {
  if (scopes.includes('all')) return 'all';
  if (scopes.includes('dept')) return 'dept';
  return 'self';
}

/** The menu tree of every page's layout, kept as the identities are (same topic and TTL: a menu
 *  edit reaches every process at once). Shared by the requests: callers must not change it. */
const menuTreeCache = createCache<MenuItem[]>({ topic: 'rbac.session-users', max: 1, ttlMs: USER_CACHE_MS });

export function loadMenuTreeCached(knex: Knex): Promise<MenuItem[]> {
  return menuTreeCache.get('tree', () => loadMenuTree(knex));
}

export async function loadMenuTree(knex: Knex): Promise<MenuItem[]> {
  const rows = await knex('sys_menu').select('*').orderBy([{ column: 'order_num' }, { column: 'key' }]);
  const byKey = new Map<string, MenuItem>();
  for (const r of rows) {
    byKey.set(r.key, {
      key: r.key,
      parentKey: r.parent_key,
      path: r.path,
      titleKey: r.title_key,
      icon: r.icon,
      permission: r.permission,
      hidden: r.hidden === true || r.hidden === 1,
      order: Number(r.order_num),
      children: [],
    });
  }
  const roots: MenuItem[] = [];
  for (const item of byKey.values()) {
    const parent = item.parentKey ? byKey.get(item.parentKey) : undefined;
    if (parent) parent.children.push(item);
    else roots.push(item);
  }
  return roots;
}

