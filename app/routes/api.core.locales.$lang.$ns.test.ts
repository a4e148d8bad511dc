// GET /api/core/locales/<lang>/<ns>?v=<hash>: what the browser loads before it hydrates.
import { describe, expect, it } from 'vitest';
import { localeVersions } from '../../core/i18n/i18n.server';
import { getRegistry } from '../../core/registry.server';
import { envelope, req, respond } from '../../tests/support/http';
import { loader } from './api.core.locales.$lang.$ns';

const get = (lang: string, ns: string, v?: string) => respond(loader, req(`/api/core/locales/${lang}/${ns}${v ? `?v=${v}` : ''}`), { lang, ns });

describe('the locale namespaces', () => {
  it('answer one namespace of one language, cached for good under its current hash', async () => {
    for (const lang of ['zh', 'en', 'my'] as const) {
      const v = localeVersions(lang).customs;
      const res = await get(lang, 'customs', v);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect((await envelope(res)).data).toEqual(getRegistry().locales(lang).customs);
    }
  });

  it('answer a stale or missing hash too, but not for keeps', async () => {
    for (const v of ['0123456789ab', undefined]) {
      const res = await get('en', 'core', v);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('name every namespace of a language by a hash of its texts', () => {
    const zh = localeVersions('zh');
    expect(Object.keys(zh)).toEqual(Object.keys(getRegistry().locales('zh')));
    expect(Object.values(zh).every((h) => /^[0-9a-f]{12}$/.test(h))).toBe(true);
    expect(localeVersions('en').core).not.toBe(zh.core);
  });

  it('refuse an unknown language or namespace with 404', async () => {
    for (const [lang, ns] of [
      ['fr', 'core'],
      ['zh', 'nope'],
      ['zh', '__proto__'],
    ]) {
      const res = await get(lang, ns);
      expect(res.status, `${lang}/${ns}`).toBe(404);
      expect((await envelope(res)).code).toBe(404);
    }
  });
});
