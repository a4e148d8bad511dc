// Pure menu and permission logic shared by the server (which enforces it) and the browser
// (which renders the sidebar and breadcrumb from it).
import type { SessionUserLike } from '../plugin';

export interface SessionUser extends SessionUserLike {
  nickname: string;
  mobile: string | null;
  email: string | null;
  portArea: string | null;
  companyId: number | null;
  companyName: string | null;
  userStatus: string;
  menuList: string[];
  deptId: number | null;
  /** Widest data scope of the user's roles: all, dept (department and below) or self. */
  dataScope: DataScope;
}

export type DataScope = 'all' | 'dept' | 'self';

export interface MenuItem {
  key: string;
  parentKey: string | null;
  path: string;
  titleKey: string;
  icon: string | null;
  permission: string | null;
  hidden: boolean;
  order: number;
  children: MenuItem[];
}

export function hasPermission(user: SessionUserLike, code: string): boolean {
  return user.isAdmin || user.permissionList.includes(code);
}

export function hasMenu(user: SessionUser, key: string): boolean {
  return user.isAdmin || user.menuList.includes(key);
}

/** Badge and button visibility of SPEC §6: one of the roles, or one of the permissions. */
export function matchesRoleOrPermission(user: SessionUserLike, roles?: readonly string[], permissions?: readonly string[]): boolean {
  if (!roles?.length && !permissions?.length) return true;
  if (user.isAdmin) return true;
  if (roles?.some((r) => user.roles.some((ur) => ur.roleCode === r))) return true;
  return !!permissions?.some((p) => user.permissionList.includes(p));
}

/** The tree the user may use: entries granted to their roles (and holding any extra
 *  permission the entry names); a group stays while it keeps a granted child. */
export function filterMenuTree(tree: MenuItem[], user: SessionUser): MenuItem[] {
  const allowed = (m: MenuItem) => hasMenu(user, m.key) && (!m.permission || hasPermission(user, m.permission));
  const walk = (nodes: MenuItem[]): MenuItem[] =>
    nodes.flatMap((n) => {
      if (n.children.length) {
        const kids = walk(n.children);
        return kids.length ? [{ ...n, children: kids }] : [];
      }
      return allowed(n) ? [n] : [];
    });
  return walk(tree);
}

/** A menu entry as the browser gets it (sidebar, breadcrumb, tab title): what those read, no more. */
export interface NavItem {
  key: string;
  path: string;
  titleKey: string;
  icon?: string;
  hidden?: true;
  children: NavItem[];
}

export function navTree(tree: MenuItem[]): NavItem[] {
  return tree.map((n) => ({ key: n.key, path: n.path, titleKey: n.titleKey, ...(n.icon ? { icon: n.icon } : {}), ...(n.hidden ? { hidden: true as const } : {}), children: navTree(n.children) }));
}

/** What the tree functions below read of an entry (a MenuItem or a NavItem). */
interface TreeNode<T> {
  path: string;
  hidden?: boolean;
  children: T[];
}

/** What the sidebar shows: non-hidden groups that have non-hidden children. */
export function sidebarTree<T extends TreeNode<T>>(tree: T[]): T[] {
  const visible = (nodes: T[]): T[] =>
    nodes
      .filter((n) => !n.hidden)
      .flatMap((n) => {
        if (!n.children.length) return [n];
        const kids = visible(n.children);
        return kids.length ? [{ ...n, children: kids }] : [];
      });
  return visible(tree).filter((g) => g.children.length > 0);
}

/** The menu entry whose path is the longest prefix of the URL, with its ancestors. */
export function menuTrail<T extends TreeNode<T>>(tree: T[], pathname: string): T[] {
  let best: T[] = [];
  const walk = (nodes: T[], trail: T[]) => {
    for (const n of nodes) {
      const t = [...trail, n];
      if (!n.children.length && (pathname === n.path || pathname.startsWith(n.path + '/')) && t.length >= best.length) {
        if (!best.length || n.path.length >= best[best.length - 1].path.length) best = t;
      }
      walk(n.children, t);
    }
  };
  walk(tree, []);
  return best;
}

/** The menu leaf a URL belongs to, for route guards (null: not a menu route). */
export function menuForPath<T extends TreeNode<T>>(tree: T[], pathname: string): T | null {
  const trail = menuTrail(tree, pathname);
  return trail.length ? trail[trail.length - 1] : null;
}
