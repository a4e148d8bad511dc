// Every translation key the code names is in every language: a key missing from a locale shows
// as its raw name on screen (`common.close` on the declaration editor's close button). The code
// is read as text: string literals `'<namespace>:<key>'` (t() calls and the titleKey / labelKey /
// messageKey declarations alike), t('<key>') of the default namespace (core), and template
// literals, with the file's string constants (`const K = 'port-ops:waybill'`, also imported from
// a sibling module) filled in; a template with a part only known at run time (`${K}.state.${s}`)
// must at least name an existing group of keys.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import plugins from '../../plugins.config';
import partner from '../../examples/partner-plugin';
import { setPlugins } from '../registry.server';
import { LANGS } from './i18n';

const ROOT = path.resolve(__dirname, '../..');
const DIRS = ['app', 'core', 'plugins', 'examples', 'jobs', 'clients'];
const SKIP_DIRS = new Set(['node_modules', 'build', 'dist', 'locales', '.cache']);
// Tests name keys that do not exist on purpose (fallbacks, refusals); fixtures likewise.
const SKIP_FILE = /\.(test|fixture|e2e)\.tsx?$|\.d\.ts$/;

function sourceFiles(dir: string, out: string[] = []): string[] {
  if (!fs.existsSync(dir)) return out;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name.startsWith('.') || SKIP_DIRS.has(e.name)) continue;
    const full = path.join(dir, e.name);
    if (e.isDirectory()) sourceFiles(full, out);
    else if (/\.tsx?$/.test(e.name) && !SKIP_FILE.test(e.name)) out.push(full);
  }
  return out;
}

type Texts = Map<string, Set<string>>; // namespace → flattened keys, per language

function flatten(obj: Record<string, unknown>, prefix: string, out: Set<string>): Set<string> {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object' && !Array.isArray(v)) flatten(v as Record<string, unknown>, key, out);
    else out.add(key);
  }
  return out;
}

const registry = setPlugins(plugins.some((p) => p.id === partner.id) ? plugins : [...plugins, partner]);
const texts = new Map(LANGS.map((l) => [l, new Map(Object.entries(registry.locales(l)).map(([ns, obj]) => [ns, flatten(obj, '', new Set())])) as Texts]));
const NAMESPACES = [...texts.get('zh')!.keys()];
const nsAlt = NAMESPACES.map((n) => n.replace(/[-]/g, '\\-')).join('|');
const KEY = '[A-Za-z_][\\w-]*(?:\\.[\\w-]+)*';

const PLURALS = ['_zero', '_one', '_two', '_few', '_many', '_other'];

// `'customs:declaration'` also names a group of permission codes (`customs:declaration:list`), not a text.
const PERMISSION_GROUPS = new Set(registry.permissions.map((p) => p.code.replace(/:[^:]*$/, '')));

/** What is missing of `key` (exact) or of the group `prefix` (ends with a run-time part) in namespace ns, per language. */
function missing(ns: string, key: string, group: boolean): string[] {
  return LANGS.filter((l) => {
    const keys = texts.get(l)!.get(ns);
    if (!keys) return true;
    if (group) return ![...keys].some((k) => k.startsWith(key));
    return !keys.has(key) && !PLURALS.some((p) => keys.has(key + p)) && ![...keys].some((k) => k.startsWith(`${key}.`));
  });
}

const CONST_RE = /(?:export\s+)?const\s+([A-Za-z_$][\w$]*)\s*(?::\s*string\s*)?=\s*(?:'([^'\n]*)'|"([^"\n]*)"|`([^`\n]*)`)/g;
const IMPORT_RE = /import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'(\.[^']*)'/g;

const fileText = new Map<string, string>();
const read = (f: string) => {
  let s = fileText.get(f);
  if (s === undefined) fileText.set(f, (s = fs.readFileSync(f, 'utf8')));
  return s;
};

function resolveImport(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const c of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) if (fs.existsSync(c) && fs.statSync(c).isFile()) return c;
  return null;
}

/** The string constants a file sees: its own, then those it imports by name from relative modules. */
const constantsCache = new Map<string, Map<string, string>>();
function constantsOf(file: string, depth = 0): Map<string, string> {
  const cached = constantsCache.get(file);
  if (cached) return cached;
  const text = read(file);
  const raw = new Map<string, string>();
  for (const m of text.matchAll(CONST_RE)) raw.set(m[1], m[2] ?? m[3] ?? m[4]);
  const seen = new Map<string, string>();
  if (depth < 4) {
    for (const m of text.matchAll(IMPORT_RE)) {
      const target = resolveImport(file, m[2]);
      if (!target) continue;
      const theirs = constantsOf(target, depth + 1);
      for (const part of m[1].split(',')) {
        const [name, alias] = part.replace(/^\s*type\s+/, '').split(/\s+as\s+/).map((s) => s.trim());
        if (name && theirs.has(name)) seen.set(alias || name, theirs.get(name)!);
      }
    }
  }
  // Own constants may be built from others (`const F = `${K}.field``): a few rounds fill them in.
  for (let round = 0; round < 3; round++) for (const [k, v] of raw) seen.set(k, fill(v, seen));
  constantsCache.set(file, seen);
  return seen;
}

/** A template's text with the known constants filled in; unknown parts stay `${…}`. */
function fill(template: string, consts: Map<string, string>): string {
  return template.replace(/\$\{\s*([A-Za-z_$][\w$]*)\s*\}/g, (all, name: string) => consts.get(name) ?? all);
}

interface Use {
  file: string;
  line: number;
  ns: string;
  key: string;
  group: boolean;
}

function usesIn(file: string): Use[] {
  const text = read(file);
  const consts = constantsOf(file);
  const out: Use[] = [];
  const lineOf = (i: number) => text.slice(0, i).split('\n').length;
  const literal = new RegExp(`(['"])(${nsAlt}):(${KEY})\\1`, 'g');
  for (const m of text.matchAll(literal)) if (!PERMISSION_GROUPS.has(`${m[2]}:${m[3]}`)) out.push({ file, line: lineOf(m.index), ns: m[2], key: m[3], group: false });
  // t('key'): the default namespace.
  for (const m of text.matchAll(new RegExp(`\\bt\\(\\s*(['"])(${KEY})\\1`, 'g'))) out.push({ file, line: lineOf(m.index), ns: 'core', key: m[2], group: false });
  for (const m of text.matchAll(/`([^`]*)`/g)) {
    const filled = fill(m[1], consts);
    const head = new RegExp(`^(${nsAlt}):(.*)$`, 's').exec(filled);
    if (!head) continue;
    const dynamic = head[2].indexOf('${');
    const key = dynamic < 0 ? head[2] : head[2].slice(0, dynamic);
    if (!new RegExp(`^${KEY}\\.?$`).test(key) && !(dynamic >= 0 && key === '')) continue;
    out.push({ file, line: lineOf(m.index), ns: head[1], key, group: dynamic >= 0 });
  }
  return out;
}

const files = DIRS.flatMap((d) => sourceFiles(path.join(ROOT, d)));
const uses = files.flatMap(usesIn);

describe('translation keys used in the code', () => {
  it('are found: literals, constants and templates of every namespace', () => {
    expect(NAMESPACES).toEqual(expect.arrayContaining(['core', 'system', 'customs', 'finance', 'portal', 'contracts', 'portops', 'partner']));
    const nss = new Set(uses.map((u) => u.ns));
    for (const ns of NAMESPACES) expect(nss, ns).toContain(ns);
    // Keys built from a constant (`${K}.field.title`) are read too, not only plain literals.
    expect(uses.filter((u) => u.file.endsWith(path.join('customs', 'enterprise', 'enterprise.ts')) && !u.group).length).toBeGreaterThan(90);
    expect(uses.length).toBeGreaterThan(2000);
  });

  it('exist in zh, en and my', () => {
    const bad = uses.flatMap((u) => {
      const langs = missing(u.ns, u.key, u.group);
      return langs.length ? [`${path.relative(ROOT, u.file)}:${u.line} ${u.ns}:${u.key}${u.group ? '…' : ''} missing in ${langs.join(', ')}`] : [];
    });
    expect([...new Set(bad)]).toEqual([]);
  });
});

describe('the key scan itself', () => {
  it('flags a key a locale lacks and passes one every locale has', () => {
    expect(missing('core', 'common.ok', false)).toEqual([]);
    expect(missing('core', 'common.noSuchKey', false)).toEqual(['zh', 'en', 'my']);
    expect(missing('core', 'common.', true)).toEqual([]);
    expect(missing('core', 'noSuchGroup.', true)).toEqual(['zh', 'en', 'my']);
  });
});
