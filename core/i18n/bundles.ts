// The browser's translations. The root loader names each namespace of the page's language with
// the hash of its texts; the root layout links those URLs in <head> (fetched while the scripts
// load), and entry.client installs them before it hydrates, so no screen renders a raw key, and
// client navigations find every namespace already there. The answers are immutable: a browser
// fetches a namespace again only when its texts change. Switching the language reloads the page.
import { createI18n, DEFAULT_LANG, isLang, setI18nSource, type Lang } from './i18n';

export function localeUrl(lang: Lang, ns: string, version: string): string {
  return `/api/core/locales/${lang}/${encodeURIComponent(ns)}?v=${version}`;
}

/** The root layout's <link>s: preloaded as fetches, which the loads below then reuse. */
export function localeLinks(lang: Lang, versions: Record<string, string>) {
  return Object.entries(versions).map(([ns, v]) => ({ rel: 'preload', as: 'fetch', crossOrigin: 'anonymous' as const, href: localeUrl(lang, ns, v), 'data-lang': lang, 'data-ns': ns }));
}

async function fetchTexts(href: string): Promise<Record<string, unknown>> {
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await fetch(href);
      if (res.ok) return ((await res.json()) as { data: Record<string, unknown> }).data;
      if (attempt) return {};
    } catch (e) {
      if (attempt) {
        console.error(e);
        return {};
      }
    }
  }
}

/** Loads the namespaces the page links and makes them what i18nFor answers in this browser. */
export async function installPageTranslations(doc: Document = document): Promise<void> {
  const links = [...doc.querySelectorAll<HTMLLinkElement>('link[data-ns][data-lang]')];
  const lang = links[0]?.dataset.lang;
  const namespaces: Record<string, Record<string, unknown>> = {};
  await Promise.all(links.map(async (l) => (namespaces[l.dataset.ns!] = await fetchTexts(l.href))));
  const instance = createI18n(isLang(lang) ? lang : DEFAULT_LANG, isLang(lang) ? { [lang]: namespaces } : {});
  setI18nSource(() => instance);
}
