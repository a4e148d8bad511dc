// The browser's translations: the namespaces the page links are loaded (a failed load is tried
// once more) and become what i18nFor answers, before the page hydrates.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installPageTranslations, localeLinks } from './bundles';
import { i18nFor } from './i18n';

/** The <link>s the root layout renders, as the browser's DOM has them. */
function page(links: ReturnType<typeof localeLinks>) {
  const els = links.map((l) => ({ href: `http://localhost${l.href}`, dataset: { lang: l['data-lang'], ns: l['data-ns'] } }));
  return { querySelectorAll: () => els } as unknown as Document;
}

const answer = (data: unknown, status = 200) => new Response(JSON.stringify({ code: status, msg: '', data }), { status });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the page translations', () => {
  it('are loaded from the versioned URLs the page links, and installed', async () => {
    const links = localeLinks('en', { core: 'aaa', customs: 'bbb' });
    expect(links.map((l) => l.href)).toEqual(['/api/core/locales/en/core?v=aaa', '/api/core/locales/en/customs?v=bbb']);
    const texts: Record<string, unknown> = { core: { app: { name: 'Port' } }, customs: { menu: { base: 'Customs base data' } } };
    const fetch = vi.fn(async (url: string) => answer(texts[/locales\/en\/(\w+)/.exec(url)![1]]));
    vi.stubGlobal('fetch', fetch);
    await installPageTranslations(page(links));
    expect(fetch).toHaveBeenCalledTimes(2);
    const i18n = i18nFor('en');
    expect(i18n.language).toBe('en');
    expect(i18n.t('core:app.name')).toBe('Port');
    expect(i18n.t('customs:menu.base')).toBe('Customs base data');
  });

  it('try a failed namespace once more', async () => {
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => (++calls === 1 ? answer(null, 503) : answer({ layout: { logout: 'ထွက်ရန်' } }))),
    );
    await installPageTranslations(page(localeLinks('my', { core: 'ccc' })));
    expect(calls).toBe(2);
    expect(i18nFor('my').t('core:layout.logout')).toBe('ထွက်ရန်');
  });
});
