// The browser tab's title: the current menu leaf's title and the app name, in the user's
// language ("报关单 · 中缅口岸综合服务平台", "Declarations · China–Myanmar Port Services Platform").
// Computed by the root route's meta from the language's translations (i18nFor) and the menu the
// layout route loaded, so every screen gets it without a meta export of its own.
import { DEFAULT_LANG, i18nFor, type Lang } from '../i18n/i18n';
import { menuForPath, type NavItem } from '../rbac/menu';

/** Screens outside the menu tree, by path. */
const FIXED: Record<string, string> = {
  '/dashboard': 'core:menu.dashboard',
  '/login': 'core:login.submit',
};

/** `tr`: a catalogue entry ("ns:a.b.c") in the user's language, undefined when there is none. */
export function pageTitle(opts: { tr: (key: string) => string | undefined; menus?: NavItem[] | null; pathname: string; status?: number }): string {
  const { tr } = opts;
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
  const root = matches.find((m) => m.id === 'root')?.data as { lang?: Lang } | undefined;
  const i18n = i18nFor(root?.lang ?? DEFAULT_LANG);
  const tr = (key: string) => (i18n.exists(key) ? i18n.t(key) : undefined);
  const main = matches.find((m) => m.id === 'routes/_main')?.data as { menus?: NavItem[] } | undefined;
  const status = error ? (typeof error === 'object' && 'status' in error && typeof error.status === 'number' ? error.status : 500) : undefined;
  return [{ title: pageTitle({ tr, menus: main?.menus, pathname: location.pathname, status }) }];
}
