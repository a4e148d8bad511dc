// Every screen of the sidebar, in every language: its grid's column headers read whole (not cut
// behind an ellipsis, nor clipped below two lines), its state chips (core's) read whole, and axe-core
// finds no WCAG 2.1 A/AA violation. The screens come from the menus the server gives each demo
// user (the administrator's, and any other role's screens the administrator lacks), not from a
// list written here. One browser context per language, one signed-in page reused throughout.
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, login, newContext, setUpBrowser } from './support';
import type { NavItem } from '../../core/rbac/menu';

const browser = setUpBrowser();
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const USERS = ['admin', 'operator', 'bank', 'fleet', 'driver', 'shipper', 'trader', 'broker', 'shipagent', 'freightagent'];

declare global {
  interface Window {
    __remixRouter?: { navigate(to: string): Promise<void>; state: { navigation: { state: string }; loaderData: Record<string, { menus?: NavItem[] } | undefined> } };
    axe?: { run(context: Document, options: unknown): Promise<{ violations: { id: string; help: string; nodes: { target: string[] }[] }[] }> };
  }
}

/** The sidebar's screens, as the layout's loader gave them to this page. */
async function menuScreens(page: Page): Promise<string[]> {
  const menus = await page.evaluate(() => window.__remixRouter?.state.loaderData['routes/_main']?.menus ?? []);
  const out: string[] = [];
  const walk = (nodes: NavItem[]) => nodes.forEach((n) => (n.children.length ? walk(n.children) : !n.hidden && out.push(n.path)));
  walk(menus);
  return out;
}

/** Screens by the user who visits them: the administrator's, then each other user's that the administrator lacks. */
async function screensByUser(): Promise<Map<string, string[]>> {
  const byUser = new Map<string, string[]>();
  const seen = new Set<string>();
  for (const user of USERS) {
    const context = await newContext(browser);
    const page = await context.newPage();
    await login(page, user);
    const own = (await menuScreens(page)).filter((p) => !seen.has(p));
    own.forEach((p) => seen.add(p));
    if (own.length) byUser.set(user, own);
    await context.close();
  }
  return byUser;
}

/** Opens a screen as a click on its menu entry does (client-side), and waits until its grids show their headers. */
async function openScreen(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => window.__remixRouter!.navigate(to), path);
  await page.waitForFunction(() => window.__remixRouter!.state.navigation.state === 'idle' && document.readyState === 'complete');
  // A list is ready once its grid has loaded (a list meant as a plain table has its test id).
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('.MuiPaper-root[data-testid^="resource-"]')].every((p) => p.querySelector('.MuiDataGrid-columnHeaderTitle, table[data-testid]')) &&
      [...document.querySelectorAll('.MuiDataGrid-root')].every((g) => g.querySelector('.MuiDataGrid-row, [data-testid=empty-hint]')) &&
      !document.querySelector('.MuiDataGrid-root [role=progressbar], [data-testid=loading-overlay]:not([style*="visibility: hidden"]) [role=progressbar]'),
  );
  await page.evaluate(() => document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))));
}

/** Headers and state chips whose text does not show whole, scrolling each grid across (it renders only the columns in view). */
async function cutTexts(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const cut = new Set<string>();
    const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    for (const grid of document.querySelectorAll<HTMLElement>('.MuiDataGrid-root')) {
      const scroller = grid.querySelector<HTMLElement>('.MuiDataGrid-virtualScroller');
      for (let left = 0; ; ) {
        for (const title of grid.querySelectorAll<HTMLElement>('.MuiDataGrid-columnHeaderTitle')) {
          // A third line clamped away overflows by a whole line (a script's tall marks by a pixel or two).
          const line = parseFloat(getComputedStyle(title).lineHeight) || 16;
          if (title.scrollWidth > title.clientWidth || title.scrollHeight > title.clientHeight + line / 2) cut.add(`header「${title.textContent}」`);
        }
        for (const chip of grid.querySelectorAll<HTMLElement>('.MuiDataGrid-cell [data-state-chip] .MuiChip-label')) {
          if (chip.scrollWidth > chip.clientWidth) cut.add(`chip「${chip.textContent}」`);
        }
        if (!scroller || left + scroller.clientWidth >= scroller.scrollWidth) break;
        left += scroller.clientWidth;
        scroller.scrollLeft = left;
        await frame();
      }
      if (scroller) scroller.scrollLeft = 0;
    }
    return [...cut];
  });
}

/** axe's violations on the page; found ones are looked for again a moment later, so that only what stays is reported (not a grid caught re-rendering its rows). */
async function axeViolations(page: Page): Promise<string[]> {
  const run = () =>
    page.evaluate(async () => {
      const { violations } = await window.axe!.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
      return violations.map((v) => `${v.id} (${v.help}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
    });
  const found = await run();
  if (!found.length) return found;
  await page.waitForTimeout(500);
  return run();
}

describe('every screen of the sidebar', () => {
  let byUser: Promise<Map<string, string[]>> | undefined;
  const screens = () => (byUser ??= screensByUser());

  for (const lng of ['zh', 'en', 'my'] as const) {
    it(`in ${lng}: headers and state chips read whole, and axe finds no WCAG 2.1 A/AA violation`, { timeout: 600_000 }, async () => {
      const started = Date.now();
      const context = await newContext(browser);
      // axe-core goes in with every document as the browser's own script: the page's CSP (nonces only) would refuse a script tag.
      await context.addInitScript({ path: AXE });
      const page = await context.newPage();
      const problems: string[] = [];
      let visited = 0;
      const spent = { open: 0, measure: 0, axe: 0 };
      const timed = async <T,>(phase: keyof typeof spent, run: () => Promise<T>): Promise<T> => {
        const t0 = Date.now();
        try {
          return await run();
        } finally {
          spent[phase] += Date.now() - t0;
        }
      };
      for (const [user, paths] of await screens()) {
        await context.clearCookies();
        await login(page, user);
        // The language as a user picks it: ?lng= once, remembered in the cookie from then on.
        await page.goto(`/dashboard?lng=${lng}`);
        await page.locator('[data-testid=sidebar]').waitFor({ state: 'attached' });
        for (const path of paths) {
          await timed('open', () => openScreen(page, path)).catch((e: Error) => {
            throw new Error(`${path} (${user}): ${e.message}`);
          });
          visited++;
          for (const c of await timed('measure', () => cutTexts(page))) problems.push(`${path} (${user}): ${c} cut`);
          for (const v of await timed('axe', () => axeViolations(page))) problems.push(`${path} (${user}): ${v}`);
        }
      }
      await context.close();
      const secs = (ms: number) => (ms / 1000).toFixed(1);
      console.log(`screens sweep ${lng}: ${visited} screens in ${secs(Date.now() - started)} s (opening ${secs(spent.open)} s, measuring ${secs(spent.measure)} s, axe ${secs(spent.axe)} s)`);
      expect(visited).toBeGreaterThan(90);
      expect(problems).toEqual([]);
    });
  }
});

describe('the driver on a phone (375 px)', () => {
  it('finds every page it reaches fitting the phone: the sidebar a closed drawer, the breadcrumb one line, nothing wider than the screen', { timeout: 180_000 }, async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, locale: 'en-US' });
    const page = await context.newPage();
    await login(page, 'driver');
    const pages = new Set([new URL(page.url()).pathname, ...(await menuScreens(page))]);
    // and the links of the driver's own phone page (全部运单 …)
    await page.goto('/intelligentdispatch/driveroperation');
    for (const href of await page.locator('a[href^="/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!))) pages.add(new URL(href, 'http://x').pathname);
    expect(pages.size).toBeGreaterThan(3);
    const problems: string[] = [];
    for (const lng of ['zh', 'my']) {
      await page.goto(`/dashboard?lng=${lng}`);
      for (const path of pages) {
        if (path === '/logout') continue;
        await page.goto(path);
        await page.waitForFunction(() => [...document.querySelectorAll('.MuiPaper-root[data-testid^="resource-"]')].every((p) => p.querySelector('.MuiDataGrid-columnHeaderTitle, table[data-testid]')));
        const fit = await page.evaluate(() => {
          const drawer = document.querySelector('.pl-drawer');
          const crumbs = document.querySelector<HTMLElement>('[data-testid=breadcrumb]');
          return {
            width: document.documentElement.scrollWidth,
            viewport: window.innerWidth,
            drawerShown: !!drawer && getComputedStyle(drawer).visibility !== 'hidden' && drawer.getBoundingClientRect().right > 0,
            crumbHeight: crumbs ? crumbs.getBoundingClientRect().height : 0,
          };
        });
        if (fit.width > 375 || fit.viewport > 375) problems.push(`${path} ${lng}: ${fit.width} px wide`);
        if (fit.drawerShown) problems.push(`${path} ${lng}: sidebar open`);
        if (fit.crumbHeight > 30) problems.push(`${path} ${lng}: breadcrumb ${fit.crumbHeight} px high`);
      }
    }
    expect(problems).toEqual([]);

    // The menu button opens the sidebar over the page; the next screen closes it again.
    await page.goto('/intelligentdispatch/driverwaybill');
    const drawer = page.locator('.pl-drawer');
    await page.locator('[data-testid=sidebar-toggle]').click();
    await page.locator('[data-testid=menu-group-fleetassets]').click();
    const link = page.locator('[data-testid="menu-item-fleetassets.driverinfo"]');
    await link.waitFor();
    expect((await drawer.boundingBox())!.x).toBe(0);
    await link.click();
    await page.waitForURL('**/fleetassets/driverinfo');
    await drawer.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await context.close();
  });
});
