// Browser-test helpers: Debian's chromium through playwright-core, real seeded users.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const PASSWORD = process.env.DEMO_PASSWORD || 'Demo@12345';
export const baseUrl = () => inject('baseUrl');

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

export async function newContext(browser: Browser): Promise<BrowserContext> {
  // A browser asking for English must still get the zh default (SPEC: default language zh).
  return browser.newContext({ baseURL: baseUrl(), viewport: { width: 1366, height: 800 }, locale: 'en-US' });
}

/** Collects uncaught page errors so a test can assert the page hydrated cleanly. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

export async function login(page: Page, username: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name=username]').fill(username);
  await page.locator('input[name=password]').fill(password);
  await page.locator('[data-testid=login-submit]').click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

export async function screenshot(page: Page, name: string): Promise<string> {
  const dir = path.resolve('test-results/screenshots');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

export async function cookie(context: BrowserContext, name: string) {
  return (await context.cookies()).find((c) => c.name === name);
}
