// Language detection (?lng= first, then the lng cookie, else zh: the browser's
// Accept-Language never overrides the zh default) and server-side translation.
import crypto from 'node:crypto';
import { createCookie } from '@remix-run/node';
import { RemixI18Next } from 'remix-i18next/server';
import type { i18n as I18n, TFunction } from 'i18next';
import { getRegistry, type Registry } from '../registry.server';
import { Lru } from '../lru';
import { createI18n, DEFAULT_LANG, isLang, LANG_COOKIE, LANGS, setI18nSource, type Lang, type Resources } from './i18n';

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

/** The language by what decides it (the ?lng= value and the language cookie): detection parses cookies on every call. */
const langByInput = new Lru<string, Lang>(2000);
const langCookieRe = new RegExp(`(?:^|;)\\s*${LANG_COOKIE}=[^;]*`);

export async function getLang(request: Request): Promise<Lang> {
  const url = request.url;
  // Only the language cookie decides, so only it is the key (not the session's cookie as well).
  const cookie = request.headers.get('Cookie');
  const key = `${url.includes('lng=') ? new URL(url).searchParams.get('lng') : ''}\n${cookie ? (langCookieRe.exec(cookie)?.[0].trim() ?? '') : ''}`;
  let lang = langByInput.get(key);
  if (!lang) {
    const found = await getDetector().getLocale(request);
    langByInput.set(key, (lang = isLang(found) ? found : DEFAULT_LANG));
  }
  return lang;
}

/** Per registry (a test or tool may install another plugin list): one instance and the namespaces' versions per language. */
const perRegistry = new WeakMap<Registry, { instances: Map<Lang, I18n>; versions: Map<Lang, Record<string, string>> }>();

function cached(registry: Registry) {
  let entry = perRegistry.get(registry);
  if (!entry) perRegistry.set(registry, (entry = { instances: new Map(), versions: new Map() }));
  return entry;
}

/** The server's instance of a language, shared by every request (it is never switched to another language). */
export function i18nInstance(lang: Lang): I18n {
  const registry = getRegistry();
  const { instances } = cached(registry);
  let inst = instances.get(lang);
  if (!inst) {
    const all: Resources = {};
    for (const l of LANGS) all[l] = registry.locales(l);
    inst = memoiseTranslations(createI18n(lang, all));
    instances.set(lang, inst);
  }
  return inst;
}

/** Screens rendered on the server translate with the registry's texts (app/entry.server.tsx). */
export function installServerI18n(): void {
  setI18nSource(i18nInstance);
}

/**
 * Each namespace of a language with the hash of its texts: the page names these URLs, and the
 * browser keeps each answer for good (a changed text is a new hash, so a new URL).
 */
export function localeVersions(lang: Lang): Record<string, string> {
  const registry = getRegistry();
  const { versions } = cached(registry);
  let v = versions.get(lang);
  if (!v) {
    v = {};
    for (const [ns, texts] of Object.entries(registry.locales(lang))) v[ns] = crypto.createHash('sha256').update(JSON.stringify(texts)).digest('hex').slice(0, 12);
    versions.set(lang, v);
  }
  return v;
}

/** One translate function per language (and registry): what is built from one, such as a
 *  resource's zod schema, can be kept for the next request. */
const fixedTs = new WeakMap<I18n, TFunction>();

export function tFor(lang: Lang): TFunction {
  const inst = i18nInstance(lang);
  let t = fixedTs.get(inst);
  if (!t) fixedTs.set(inst, (t = inst.getFixedT(lang)));
  return t;
}

export async function getT(request: Request): Promise<TFunction> {
  return tFor(await getLang(request));
}

/** How many plain texts one instance keeps: every key the code names, with room to spare. */
const PLAIN_MAX = 20_000;
/** What a fixed translate function (getFixedT, react-i18next's useTranslation) adds to every call. */
const FIXED_OPTIONS = new Set(['lng', 'lngs', 'ns', 'keyPrefix']);

/**
 * Makes an instance look up a key asked with no options of its own once: the server's texts
 * never change under an instance, and i18next's lookup (namespaces, fallbacks, nesting,
 * interpolation) was a few percent of a small API call ("core:resource.updated" on each answer)
 * and of a page (every menu title). Calls with other options (interpolation, counts, default
 * values, returnObjects), arrays of keys or extra arguments go to i18next as they are.
 */
export function memoiseTranslations(inst: I18n): I18n {
  const plain = new Map<string, string>();
  const translate = inst.t.bind(inst) as unknown as (...args: unknown[]) => unknown;
  const memo = (...args: unknown[]): unknown => {
    const [key, options] = args;
    if (typeof key !== 'string' || args.length > 2) return translate(...args);
    let id = key;
    if (options !== undefined) {
      if (options === null || typeof options !== 'object') return translate(...args);
      const o = options as Record<string, unknown>;
      for (const k in o) if (!FIXED_OPTIONS.has(k)) return translate(...args);
      id = `${String(o.lng ?? '')}\u0001${String(o.lngs ?? '')}\u0001${String(o.ns ?? '')}\u0001${String(o.keyPrefix ?? '')}\u0001${key}`;
    }
    let text = plain.get(id);
    if (text === undefined) {
      const out = translate(...args);
      if (typeof out !== 'string') return out;
      text = out;
      if (plain.size < PLAIN_MAX) plain.set(id, text);
    }
    return text;
  };
  inst.t = memo as unknown as I18n['t'];
  return inst;
}
