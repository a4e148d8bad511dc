// Security headers and CSRF on the built server: pages carry a Content-Security-Policy with a
// per-request nonce, still hydrate and keep MUI's (emotion's) styles without a single CSP
// violation; inline code without the nonce does not run; API answers are nosniff + no-store;
// a cross-site POST with the user's cookie changes nothing while the app's own calls work.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, cookie, openList, openPage, PASSWORD, screenshot, setUpAppDb, setUpBrowser, signIn, watchErrors } from './support';

const browser = setUpBrowser();
const knex = setUpAppDb();

const codeRows = async (code: string) => Number((await knex('sys_ref_code').where({ code }).count({ n: '*' }).first())?.n ?? 0);

/** Console reports of Content-Security-Policy violations (blocked scripts, styles, …). */
function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  return violations;
}

describe('Content-Security-Policy on pages', () => {
  it('the login page has a nonce CSP, hydrates, keeps its styles and reports no violation', async () => {
    const { context, page } = await openPage(browser);
    const violations = watchCsp(page);
    const errors = watchErrors(page);
    const res = await page.goto('/login');
    const csp = res!.headers()['content-security-policy'] ?? '';
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(res!.headers()['x-content-type-options']).toBe('nosniff');
    // Remix's inline scripts carry it (the browser hides the attribute, the property keeps it).
    const nonces = await page.evaluate(() => [...document.querySelectorAll('script:not([src])')].map((s) => (s as HTMLScriptElement).nonce));
    expect(nonces.length).toBeGreaterThan(0);
    expect(new Set(nonces)).toEqual(new Set([nonce]));
    await page.waitForLoadState('networkidle');
    // Hydrated: the client-side validation answers without a round trip.
    await page.locator('[data-testid=login-submit]').click();
    await page.getByText('请输入用户名').waitFor();
    // emotion's styles applied (a contained MUI button has its theme colour, not transparent).
    const bg = await page.locator('[data-testid=login-submit]').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(bg).not.toBe('rgba(0, 0, 0, 0)');
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signed-in pages (dashboard, a data grid, a dialog added at run time) hydrate with no violation', async () => {
    const { context, page } = await signIn(browser, 'admin');
    const violations = watchCsp(page);
    const errors = watchErrors(page);
    await page.reload();
    await page.locator('[data-testid=dashboard]').waitFor();
    await openList(page, '/dataBase/systemData/refCode');
    // A dialog mounts components not on the server's page: emotion inserts their styles now.
    await page.locator('[data-testid=user-menu-button]').click();
    const item = page.locator('[data-testid=menu-logout]');
    await item.waitFor();
    expect(await item.evaluate((el) => getComputedStyle(el).display)).not.toBe('inline');
    await page.keyboard.press('Escape');
    await screenshot(page, 'security-csp-grid');
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an inline script without the nonce is blocked', async () => {
    const { context, page } = await openPage(browser);
    const violations = watchCsp(page);
    await page.goto('/login');
    const ran = await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__injected = 1';
      document.body.append(s);
      return (window as unknown as { __injected?: number }).__injected ?? null;
    });
    expect(ran).toBeNull();
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    await context.close();
  });
});

describe('CSRF on the running server', () => {
  it('a cross-site POST with the session cookie changes nothing; the page itself and Bearer-free sign-in work', async () => {
    const { context, page } = await signIn(browser, 'admin');
    const sid = await cookie(context, 'sid');
    expect(sid?.sameSite).toBe('Lax');
    const jar = `sid=${sid!.value}`;
    const code = `CSRF${Date.now() % 100000}`;
    const body = new URLSearchParams({ rvDomain: 'URGENCY', code, name: 'x', nameEn: 'x', isDefault: 'false' });
    const cross = await fetch(`${baseUrl()}/api/system/refCode`, { method: 'POST', headers: { cookie: jar, origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' }, body });
    expect(cross.status).toBe(403);
    expect(((await cross.json()) as { code: number; msg: string }).msg).toBe('请求来源不被允许：仅接受本站页面发起的操作');
    // A page action (the logout form) from another site leaves the session alone.
    const logout = await fetch(`${baseUrl()}/logout`, { method: 'POST', headers: { cookie: jar, origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' }, body: '', redirect: 'manual' });
    expect(logout.status).toBe(403);
    expect(await codeRows(code)).toBe(0);
    // The app's own call (the browser adds Origin) still works with the same session.
    const own = await page.evaluate(async (c) => {
      const created = await fetch('/api/system/refCode', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rvDomain: 'URGENCY', code: c, name: 'x', nameEn: 'x', isDefault: false }) });
      return { code: ((await created.json()) as { code: number }).code, cache: created.headers.get('cache-control'), nosniff: created.headers.get('x-content-type-options') };
    }, code);
    expect(own).toEqual({ code: 200, cache: 'no-store', nosniff: 'nosniff' });
    expect(await codeRows(code)).toBe(1);
    await context.close();
  });

  it('signs in through the API without a cookie or Origin (scripts, partner tools)', async () => {
    const res = await fetch(`${baseUrl()}/api/login/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'trader', password: PASSWORD }) });
    expect(((await res.json()) as { code: number }).code).toBe(200);
  });
});
