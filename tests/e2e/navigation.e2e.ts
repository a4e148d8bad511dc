import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { newContext, setUpBrowser, signIn } from './support';

const browser = setUpBrowser();

const path = (url: string) => new URL(url).pathname;

describe('navigation rules without a session', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await newContext(browser);
  });
  afterAll(async () => context.close());

  it('sends / and any screen to /login', async () => {
    const page = await context.newPage();
    for (const p of ['/', '/dashboard', '/management/log', '/no/such/page']) {
      await page.goto(p);
      expect(path(page.url()), p).toBe('/login');
    }
  });

  it('lets /404 through, with a link back home', async () => {
    const page = await context.newPage();
    await page.goto('/404');
    expect(path(page.url())).toBe('/404');
    expect(await page.locator('[data-testid=not-found-text]').textContent()).toBe('抱歉，您访问的页面不存在');
    expect(await page.locator('[data-testid=not-found-home]').getAttribute('href')).toBe('/');
  });

  it('answers unknown API paths with the envelope instead of a page', async () => {
    const res = await context.request.get('/api/nothing/here');
    expect(res.status()).toBe(404);
    expect((await res.json()).code).toBe(404);
  });
});

describe('navigation rules with a session', () => {
  it('sends / to /dashboard, /login back to /, unknown paths to /404', async () => {
    const { context, page } = await signIn(browser, 'operator');
    await page.goto('/');
    expect(path(page.url())).toBe('/dashboard');
    await page.goto('/login');
    expect(path(page.url())).toBe('/dashboard');
    await page.goto('/no/such/page');
    expect(path(page.url())).toBe('/404');
    await page.locator('[data-testid=not-found-home]').click();
    await page.waitForURL('**/dashboard');
    await context.close();
  });

  it('sends a trader (userType 4) from /dashboard to settlement management', async () => {
    const { context } = await signIn(browser, 'trader');
    const res = await context.request.get('/dashboard', { maxRedirects: 0 });
    expect(res.status()).toBe(302);
    expect(res.headers()['location']).toBe('/unifiedSettlement/settlementManage');
    await context.close();
  });
});
