// The styles of a server-rendered page as one cached stylesheet, instead of emotion's <style>
// tags inline in the HTML (about 90 kB on a list page, the same again on every page load).
//
// emotion names each rule by the hash of its content, so a list of names says exactly which
// CSS a page needs: the page links /styles/<name>.<name>…css, which is immutable and cached by
// the browser. Any web process may be asked for it, so each rule is kept in sys_style_rule the
// first time a process renders it (once per rule and process, awaited before the page is sent),
// besides this process's own map. A sheet that cannot be answered (a database reset since) only
// costs the first paint its styles: the browser inserts every style again when it hydrates.
import type { EmotionCache } from '@emotion/cache';
import type { Knex } from 'knex';
import { Lru } from '../lru';

export const STYLE_RULE_TABLE = 'sys_style_rule';

/** The rules of every name this process rendered or read (a few thousand at most in practice). */
const known = new Lru<string, string>(20_000);

/** A name in the URL: emotion names are [a-z0-9] (with "-Label" in development); a Global's joins several with spaces. */
const toToken = (name: string) => name.replace(/ /g, '_');
const NAME = /^[A-Za-z0-9_-]{1,200}$/;
const MAX_NAMES = 2000;

/**
 * Puts the cache in emotion's compat mode (rules are kept on the cache, no <style> tags are
 * rendered) and records the names in the order the page inserted them.
 */
export function collectStyles(cache: EmotionCache): () => { name: string; rules: string }[] {
  const order: string[] = [];
  const insert = cache.insert;
  cache.compat = true;
  cache.insert = (selector, serialized, sheet, shouldCache) => {
    const out = insert(selector, serialized, sheet, shouldCache);
    if (shouldCache) order.push(serialized.name);
    return out;
  };
  return () => order.flatMap((name) => (typeof cache.inserted[name] === 'string' ? [{ name: toToken(name), rules: cache.inserted[name] as string }] : []));
}

/** Remembers the page's rules (new ones in the database too) and answers the sheet's URL. */
export async function styleSheetHref(knex: Knex, rules: { name: string; rules: string }[]): Promise<string | null> {
  if (!rules.length) return null;
  const fresh = rules.filter((r) => known.get(r.name) === undefined);
  if (fresh.length) {
    const rows = [...new Map(fresh.map((r) => [r.name, { name: r.name, css: r.rules }])).values()];
    try {
      await knex(STYLE_RULE_TABLE).insert(rows).onConflict('name').ignore();
    } catch (e) {
      console.error('page styles not stored', e);
    }
    for (const r of rows) known.set(r.name, r.css);
  }
  return `/styles/${rules.map((r) => r.name).join('.')}.css`;
}

/** The stylesheet of a /styles/<names>.css URL; null when a name is malformed or unknown. */
export async function styleSheet(knex: Knex, file: string): Promise<string | null> {
  const names = file.replace(/\.css$/, '').split('.');
  if (!file.endsWith('.css') || names.length > MAX_NAMES || !names.every((n) => NAME.test(n))) return null;
  const missing = names.filter((n) => known.get(n) === undefined);
  if (missing.length) {
    const rows: { name: string; css: string }[] = await knex(STYLE_RULE_TABLE)
      .whereIn('name', [...new Set(missing)])
      .select('name', 'css');
    for (const r of rows) known.set(r.name, r.css);
  }
  const css = names.map((n) => known.get(n));
  return css.every((c) => c !== undefined) ? css.join('') : null;
}

/** The page with a <link> to its stylesheet at the end of its <head>. */
export function withStylesheet(html: Buffer, href: string): Buffer {
  const at = html.indexOf('</head>');
  if (at < 0) return html;
  return Buffer.concat([html.subarray(0, at), Buffer.from(`<link rel="stylesheet" href="${href}"/>`), html.subarray(at)]);
}
