// What a page asks in the background must never replace it. On a web process of its own (the
// badge refresh shortened by BADGE_POLL_MS; a process this file stops):
// - every demo user with top-bar badges, in zh, en and my, stays on a screen past two real
//   refreshes of the counts (GET /api/core/badges), then clicks every badge: the page keeps
//   working and each dialog lists rows; the first page after signing in has the welcome banner
//   (the trader's too, whose /dashboard sends it to settlement);
// - the error page speaks the page's language;
// - with the server stopped mid-session, paging and searching a list, and the badge refresh,
//   show the spec's toast (后端接口连接异常) and keep the page.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_USERS } from '../../core/seed-demo.server';
import plugins from '../../plugins.config';
import { startAppServer, type AppServer } from '../support/app-server';
import { freePort } from '../support/net';
import { GRID, gridRows, login, newContext, setUpBrowser, toast, watchErrors } from './support';

const POLL_MS = 600;
const LANGS = ['zh', 'en', 'my'] as const;
const SCRIPT = { zh: /\p{Script=Han}/u, en: /^[\p{Script=Latin}\p{N}\p{P}\p{Z}\p{S}]+$/u, my: /[\u1000-\u109F]/ };
const DEMO_LOGINS = [...DEMO_USERS.map((u) => u.username), ...plugins.flatMap((p) => p.demoLogins ?? []).map((u) => u.username)];

const browser = setUpBrowser();
let server: AppServer;
let baseUrl = '';
beforeAll(async () => {
  const port = await freePort();
  // A second web process on the shared server's database and files (migrated and seeded already).
  server = await startAppServer({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: inject('databaseUrl'),
    DATA_DIR: inject('dataDir'),
    CUSTOMS_EDI_DIR: inject('ediDir'),
    BUILD_DIR: process.env.E2E_BUILD_DIR || 'build/e2e',
    ENABLE_EXAMPLE_PLUGIN: '1',
    SESSION_SECRET: 'e2e-secret',
    NODE_ENV: 'production',
    BADGE_POLL_MS: String(POLL_MS),
  });
  baseUrl = `http://127.0.0.1:${port}`;
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

async function openAs(username: string): Promise<{ page: Page; errors: string[]; polls: () => number; close(): Promise<void> }> {
  const context = await newContext(browser);
  const page = await context.newPage();
  const errors = watchErrors(page);
  let polls = 0;
  page.on('requestfinished', (r) => {
    if (new URL(r.url()).pathname === '/api/core/badges') polls++;
  });
  page.on('response', (r) => {
    if (r.status() >= 400 && new URL(r.url()).pathname.startsWith('/api/')) errors.push(`${r.status()} ${r.url()}`);
  });
  await page.goto(`${baseUrl}/login`);
  await login(page, username);
  return { page, errors, polls: () => polls, close: () => context.close() };
}

const pageWorks = async (page: Page) => {
  await page.locator('[data-testid=breadcrumb]').waitFor();
  expect(await page.locator('[data-testid=error-home]').count()).toBe(0);
};

describe('top-bar badges', () => {
  it('every demo user with badges keeps the page past two refreshes and sees rows behind every badge, in zh, en and my', async () => {
    const withBadges: string[] = [];
    const listed = new Set<string>();
    for (const username of DEMO_LOGINS) {
      const { page, errors, polls, close } = await openAs(username);
      try {
        await pageWorks(page);
        // The first page after signing in greets the user (the trader's too: it lands on settlement).
        await page.locator('[data-testid=welcome-banner]').waitFor();
        const badges = page.locator('.pl-bar [data-testid^=badge-]');
        if ((await badges.count()) === 0) continue;
        withBadges.push(username);
        const landing = new URL(page.url()).pathname;
        for (const lang of LANGS) {
          await page.goto(`${baseUrl}${landing}?lng=${lang}`);
          await pageWorks(page);
          // Two real refreshes of the counts while the screen is open.
          const seen = polls();
          await expect.poll(() => polls() - seen, { timeout: POLL_MS * 8 }).toBeGreaterThanOrEqual(2);
          await pageWorks(page);
          const keys = await badges.evaluateAll((els) => els.map((e) => [e.getAttribute('data-testid')!.slice('badge-'.length), e.getAttribute('aria-haspopup') ?? '', e.getAttribute('href') ?? '']));
          for (const [key, popup, href] of keys) {
            const badge = page.locator(`.pl-bar [data-testid="badge-${key}"]`);
            if (popup === 'dialog') {
              const count = parseInt((await badge.locator('.pl-badge-count').allTextContents())[0] ?? '0', 10);
              await badge.click();
              const dialog = page.locator(`[data-testid="badge-dialog-${key}"]`);
              // The rows behind the count; a count of 0 has none, and says so.
              await dialog.locator(count ? '[data-testid=badge-dialog-row]' : '[data-testid=badge-dialog-empty]').first().waitFor();
              if (count) listed.add(key);
              expect(await dialog.locator('h2').innerText(), `${username} ${lang} ${key}`).toMatch(SCRIPT[lang]);
              await page.keyboard.press('Escape');
              await dialog.waitFor({ state: 'hidden' });
            } else if (href) {
              await badge.click();
              await page.waitForURL((u) => u.pathname === href);
              await pageWorks(page);
              await page.goBack();
              await page.waitForURL((u) => u.pathname === landing);
            }
            await pageWorks(page);
          }
        }
        expect(errors, username).toEqual([]);
      } finally {
        await close();
      }
    }
    expect(withBadges).toEqual(expect.arrayContaining(['admin', 'operator', 'broker', 'shipagent', 'bank', 'fleet', 'trader']));
    // Both lists of the demo data were seen with rows (资金提醒, 即将到期合同).
    expect([...listed].sort()).toEqual(['contractExpiry', 'fundReminder']);
  }, 300_000);
});

describe('the error page', () => {
  it('is in the page’s language: a refused screen says so, and its button leads home', async () => {
    const { page, close } = await openAs('trader');
    try {
      const expected = { zh: ['没有访问权限', '返回首页'], en: ['You do not have permission for this', 'Back to the homepage'], my: [SCRIPT.my, SCRIPT.my] };
      for (const lang of LANGS) {
        await page.goto(`${baseUrl}/management/log?lng=${lang}`);
        const home = page.locator('[data-testid=error-home]');
        await home.waitFor();
        const [text, button] = expected[lang];
        expect(await page.locator('[data-testid=error-text]').innerText()).toMatch(text);
        expect(await home.innerText()).toMatch(typeof button === 'string' ? new RegExp(button, 'i') : button);
      }
    } finally {
      await close();
    }
  });
});

describe('with the server stopped mid-session', () => {
  it('paging, searching and the badge refresh show 后端接口连接异常 and keep the list', async () => {
    const { page, polls, close } = await openAs('admin');
    try {
      await page.goto(`${baseUrl}/customsBase/hsCode`);
      await page.locator(GRID).waitFor();
      await gridRows(page).first().waitFor();
      const codes = () => gridRows(page).evaluateAll((rows) => rows.map((r) => (r.querySelector('[data-field=hsCode]') as HTMLElement | null)?.innerText.trim() ?? ''));
      const shown = await codes();
      const url = page.url();
      await server.stop();

      // The next page of the list.
      await page.locator(`${GRID} button[aria-label="下一页"]`).first().click();
      await toast(page, '后端接口连接异常');
      await pageWorks(page);
      expect(await codes()).toEqual(shown);
      expect(page.url()).toBe(url);

      // A search.
      await page.locator('[data-testid=toast] button').first().click();
      await page.locator('[data-testid=filter-hsCode]').fill('0101');
      await page.locator('[data-testid=query-submit]').click();
      await toast(page, '后端接口连接异常');
      await pageWorks(page);
      expect(await codes()).toEqual(shown);
      expect(page.url()).toBe(url);

      // The badge refresh, still running, fails the same way.
      await page.locator('[data-testid=toast] button').first().click();
      const seen = polls();
      await page.waitForTimeout(POLL_MS * 3);
      expect(polls()).toBe(seen); // no request finished: none got an answer
      await toast(page, '后端接口连接异常');
      await pageWorks(page);
      expect(await codes()).toEqual(shown);
    } finally {
      await close();
    }
  });
});
