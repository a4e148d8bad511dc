// Every locale folder in the repository: zh, en and my carry the same keys, Burmese strings
// are really Burmese, and the catalogue texts of SPEC §8 come out of tFor('zh').
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tFor } from './i18n.server';
import { createI18n } from './i18n';

const ROOT = path.resolve(__dirname, '../..');
const SKIP = new Set(['node_modules', 'build', '.git', 'data', '.cache', 'coverage', 'playwright-report', 'test-results']);

function localeFolders(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!e.isDirectory() || SKIP.has(e.name) || e.name.startsWith('.')) continue;
    const full = path.join(dir, e.name);
    if (e.name === 'locales') out.push(full);
    else localeFolders(full, out);
  }
  return out.sort();
}

type Json = { [k: string]: unknown };

/** key path → string value, e.g. `login.invalid`. */
function flatten(obj: Json, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object' && !Array.isArray(v)) flatten(v as Json, key, out);
    else out.set(key, v);
  }
  return out;
}

const read = (folder: string, lang: string) => flatten(JSON.parse(fs.readFileSync(path.join(folder, `${lang}.json`), 'utf8')) as Json);

const folders = localeFolders(ROOT);
const rel = (f: string) => path.relative(ROOT, f);

/** Strings that may stay in Latin letters in Burmese: technical tokens and placeholders. */
const TECHNICAL = /\b(API|IP|URL|ID|Cron|cron|BullMQ|worker|ms|KB|MB|UTC|HS|CIQ|ECIQ|QP|EDI|RMB|USD|PDF|Excel|SMS|JSON|CSV)\b/g;
const MYANMAR = /[\u1000-\u109F]/;

function needsMyanmar(text: string): boolean {
  const rest = text.replace(/\{\{[^}]*\}\}/g, '').replace(TECHNICAL, '');
  return /\p{L}/u.test(rest);
}

describe('locale folders', () => {
  it('are found: core, the system plugin and the partner example at least', () => {
    expect(folders.map(rel)).toEqual(expect.arrayContaining(['core/locales', 'plugins/system/locales', 'examples/partner-plugin/locales']));
  });

  for (const folder of folders) {
    describe(rel(folder), () => {
      it('has zh.json, en.json and my.json with exactly the same keys', () => {
        const sets = Object.fromEntries(['zh', 'en', 'my'].map((l) => [l, read(folder, l)]));
        const all = new Set(Object.values(sets).flatMap((m) => [...m.keys()]));
        const diff: string[] = [];
        for (const key of [...all].sort()) {
          const missing = ['zh', 'en', 'my'].filter((l) => !sets[l].has(key));
          if (missing.length) diff.push(`${key} missing in ${missing.join(', ')}`);
        }
        expect(diff).toEqual([]);
        expect(all.size).toBeGreaterThan(0);
      });

      it('has only non-empty strings', () => {
        const bad: string[] = [];
        for (const l of ['zh', 'en', 'my']) {
          for (const [k, v] of read(folder, l)) if (typeof v !== 'string' || !v.trim()) bad.push(`${l}:${k}`);
        }
        expect(bad).toEqual([]);
      });

      it('uses the same {{placeholders}} in every language', () => {
        const zh = read(folder, 'zh');
        const vars = (s: unknown) => [...String(s).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
        const bad: string[] = [];
        for (const l of ['en', 'my']) {
          for (const [k, v] of read(folder, l)) if (zh.has(k) && vars(v).join() !== vars(zh.get(k)).join()) bad.push(`${l}:${k}`);
        }
        expect(bad).toEqual([]);
      });

      it('has Burmese (Myanmar script) in every my.json string that is not purely technical', () => {
        const notBurmese: string[] = [];
        for (const [k, v] of read(folder, 'my')) {
          const s = String(v);
          if (needsMyanmar(s) && !MYANMAR.test(s)) notBurmese.push(`${k}: ${s}`);
        }
        expect(notBurmese).toEqual([]);
      });

      it('has Chinese in zh.json and no Myanmar script in en.json', () => {
        const bad: string[] = [];
        for (const [k, v] of read(folder, 'zh')) if (needsMyanmar(String(v)) && !/\p{Script=Han}/u.test(String(v))) bad.push(`zh:${k}`);
        for (const [k, v] of read(folder, 'en')) if (MYANMAR.test(String(v)) || /\p{Script=Han}/u.test(String(v))) bad.push(`en:${k}`);
        expect(bad).toEqual([]);
      });
    });
  }
});

describe('the Burmese check itself', () => {
  it('flags English or Chinese copied into my.json, lets technical strings through', () => {
    expect(needsMyanmar('Greetings')).toBe(true);
    expect(needsMyanmar('问候语')).toBe(true);
    expect(needsMyanmar('{{count}} greetings')).toBe(true);
    expect(needsMyanmar('IP')).toBe(false);
    expect(needsMyanmar('Cron / BullMQ {{name}} 5 ms')).toBe(false);
  });
});

describe('tFor', () => {
  const zh = tFor('zh');

  it('gives the SPEC §8 catalogue texts in zh', () => {
    expect(zh('core:password.changed')).toBe('密码修改成功');
    expect(zh('core:http.networkError')).toBe('后端接口连接异常');
    expect(zh('core:http.timeout')).toBe('系统接口请求超时');
    expect(zh('core:password.newRequired')).toBe('请输入密码');
    expect(zh('core:password.confirmRequired')).toBe('请再次输入密码');
    expect(zh('core:password.mismatch')).toBe('两次输入密码不一致');
    expect(zh('core:http.statusError', { status: 502 })).toBe('系统接口502异常');
  });

  it('interpolates and translates per language, plugin namespaces included', () => {
    expect(zh('core:login.locked', { minutes: 7 })).toBe('登录失败次数过多，账号已锁定，请7分钟后再试');
    expect(tFor('en')('core:password.changed')).toBe('Password changed');
    expect(tFor('my')('core:password.changed')).toMatch(MYANMAR);
    expect(zh('system:menu.management')).not.toBe('menu.management');
    expect(tFor('en')('system:menu.log')).not.toMatch(/\p{Script=Han}/u);
  });
});

describe('createI18n', () => {
  it('falls back to zh for a key missing in en', () => {
    const i = createI18n('en', { en: { core: {} }, zh: { core: { x: '中' } } });
    expect(i.t('core:x')).toBe('中');
  });

  it('prefers the language’s own text when it has one', () => {
    const i = createI18n('en', { en: { core: { x: 'en' } }, zh: { core: { x: '中' } } });
    expect(i.t('core:x')).toBe('en');
    expect(i.t('x')).toBe('en'); // core is the default namespace
  });
});
