// The browser tab's title: the current menu leaf's title and the app name, in the user's
// language ("报关单 · 中缅口岸综合服务平台", "Declarations · China–Myanmar Port Services Platform").
// Computed by the root route's meta from the translations it already sends and the menu the
// layout route loaded, so every screen gets it without a meta export of its own.
import { DEFAULT_LANG, type Lang, type Resources } from '../i18n/i18n';
import { menuForPath, type MenuItem } from '../rbac/menu';

/** Screens outside the menu tree, by path. */
const FIXED: Record<string, string> = {
  '/dashboard': 'core:menu.dashboard',
  '/login': 'core:login.submit',
};

/** A catalogue entry ("ns:a.b.c") in one language's resources; undefined when missing. */
function lookup(res: Record<string, Record<string, unknown>> | undefined, key: string): string | undefined {
  const [ns, path] = key.includes(':') ? key.split(/:(.*)/s) : ['core', key];
  let v: unknown = res?.[ns];
  for (const part of path.split('.')) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[part] : undefined;
  return typeof v === 'string' ? v : undefined;
}

export function pageTitle(opts: { lang: Lang; resources: Resources | undefined; menus?: MenuItem[] | null; pathname: string; status?: number }): string {
  const tr = (key: string) => lookup(opts.resources?.[opts.lang], key) ?? lookup(opts.resources?.[DEFAULT_LANG], key);
  const app = tr('core:app.name') ?? '中缅口岸综合服务平台';
  const path = opts.pathname.replace(/\/+$/, '') || '/';
  const leaf = opts.menus ? menuForPath(opts.menus, path) : null;
  const status = opts.status ?? (path === '/404' ? 404 : undefined);
  const page = status ? String(status) : leaf ? tr(leaf.titleKey) : FIXED[path] ? tr(FIXED[path]) : undefined;
  return page ? `${page} · ${app}` : app;
}

/**
 * The meta of the root and the layout route. Remix hands a route's meta only the matches up to
 * itself (the root cannot see the layout's menus), and a screen without meta shows its
 * nearest parent's: so both export this, and every screen under the layout is titled.
 */
export function titleMeta({ matches, location, error }: { matches: { id: string; data?: unknown }[]; location: { pathname: string }; error?: unknown }) {
  const root = matches.find((m) => m.id === 'root')?.data as { lang?: Lang; resources?: Resources } | undefined;
  const main = matches.find((m) => m.id === 'routes/_main')?.data as { menus?: MenuItem[] } | undefined;
  const status = error ? (typeof error === 'object' && 'status' in error && typeof error.status === 'number' ? error.status : 500) : undefined;
  return [{ title: pageTitle({ lang: root?.lang ?? DEFAULT_LANG, resources: root?.resources, menus: main?.menus, pathname: location.pathname, status }) }];
}
