// i18next set-up shared by server and browser. The pages carry no translations: the server
// renders with the registry's (i18n.server.ts), and the browser loads its language's namespaces
// from versioned, cached URLs before it hydrates (bundles.ts); screens reach either through
// i18nFor, so the browser bundle carries no locale files either.
import i18next, { type i18n as I18n } from 'i18next';

export const LANGS = ['zh', 'en', 'my'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'zh';
export const LANG_COOKIE = 'lng';

/** Names shown in the language switcher, each in its own language. */
export const LANG_LABELS: Record<Lang, string> = { zh: '中文', en: 'English', my: 'မြန်မာ' };

/** HTML lang attribute / Intl locale per language. */
export const LANG_TAGS: Record<Lang, string> = { zh: 'zh-CN', en: 'en', my: 'my-MM' };

export function isLang(v: unknown): v is Lang {
  return typeof v === 'string' && (LANGS as readonly string[]).includes(v);
}

export type Resources = Partial<Record<Lang, Record<string, Record<string, unknown>>>>;

export function createI18n(lang: Lang, resources: Resources): I18n {
  const instance = i18next.createInstance();
  const namespaces = Object.keys(resources[lang] ?? resources[DEFAULT_LANG] ?? {});
  void instance.init({
    lng: lang,
    fallbackLng: DEFAULT_LANG,
    supportedLngs: [...LANGS],
    resources,
    ns: namespaces,
    defaultNS: 'core',
    nsSeparator: ':',
    keySeparator: '.',
    interpolation: { escapeValue: false },
    initImmediate: false,
    returnNull: false,
    react: { useSuspense: false },
  });
  return instance;
}

/** Where the instances screens render with come from (one per language; installed once per side). */
let source: ((lang: Lang) => I18n) | undefined;

export function setI18nSource(fn: (lang: Lang) => I18n): void {
  source = fn;
}

/** The instance of a language: the server's from the registry, the browser's from what it loaded. */
export function i18nFor(lang: Lang): I18n {
  if (!source) throw new Error('no translations installed (app/entry.server and app/entry.client install them)');
  return source(lang);
}
