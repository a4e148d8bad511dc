// Language detection (?lng= first, then the lng cookie, else zh: the browser's
// Accept-Language never overrides the zh default) and server-side translation.
import { createCookie } from '@remix-run/node';
import { RemixI18Next } from 'remix-i18next/server';
import type { TFunction } from 'i18next';
import { getRegistry } from '../registry.server';
import { createI18n, DEFAULT_LANG, isLang, LANG_COOKIE, LANGS, type Lang, type Resources } from './i18n';

export const langCookie = createCookie(LANG_COOKIE, { path: '/', sameSite: 'lax', maxAge: 365 * 24 * 3600, httpOnly: false });

let detector: RemixI18Next | undefined;
function getDetector(): RemixI18Next {
  detector ??= new RemixI18Next({
    detection: {
      supportedLanguages: [...LANGS],
      fallbackLanguage: DEFAULT_LANG,
      cookie: langCookie,
      searchParamKey: 'lng',
      order: ['searchParams', 'cookie'],
    },
  });
  return detector;
}

export async function getLang(request: Request): Promise<Lang> {
  const lang = await getDetector().getLocale(request);
  return isLang(lang) ? lang : DEFAULT_LANG;
}

/** Resources the browser needs for one language: that language and the zh fallback. */
export function resourcesFor(lang: Lang): Resources {
  const registry = getRegistry();
  const out: Resources = { [lang]: registry.locales(lang) };
  if (lang !== DEFAULT_LANG) out[DEFAULT_LANG] = registry.locales(DEFAULT_LANG);
  return out;
}

/** One i18next instance per language of each registry (a test or tool may install another plugin list). */
const instances = new WeakMap<object, Map<Lang, ReturnType<typeof createI18n>>>();

export function tFor(lang: Lang): TFunction {
  const registry = getRegistry();
  let byLang = instances.get(registry);
  if (!byLang) instances.set(registry, (byLang = new Map()));
  let inst = byLang.get(lang);
  if (!inst) {
    const all: Resources = {};
    for (const l of LANGS) all[l] = registry.locales(l);
    inst = createI18n(lang, all);
    byLang.set(lang, inst);
  }
  return inst.getFixedT(lang);
}

export async function getT(request: Request): Promise<TFunction> {
  return tFor(await getLang(request));
}
