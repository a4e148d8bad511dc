// Browser-test helpers: Debian's chromium through playwright-core, real seeded users.
import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { knexConfig } from '../../core/db/knex.server';
import { live } from '../support/live';

export const PASSWORD = process.env.DEMO_PASSWORD || 'Demo@12345';
export const baseUrl = () => inject('baseUrl');

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

/** The file's browser: launched before its tests, closed after them. */
export function setUpBrowser(): Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return live(() => browser, 'browser');
}

/** The served app's database (global-setup.ts made it), for arranging and checking rows: opened before the file's tests, closed after them. */
export function setUpAppDb(): Knex {
  let knex: Knex | undefined;
  beforeAll(() => {
    knex = knexFactory(knexConfig(inject('databaseUrl')));
  });
  afterAll(async () => {
    await knex?.destroy();
  });
  return live(() => knex, 'database');
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

/** A fresh browser context with one page. */
export async function openPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser);
  return { context, page: await context.newPage() };
}

/** A fresh browser context logged in as this user. */
export async function signIn(browser: Browser, username: string, password = PASSWORD): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await openPage(browser);
  await login(opened.page, username, password);
  return opened;
}

/** Waits for a toast with this text. */
export async function toast(page: Page, text: string): Promise<void> {
  await page.locator('[data-testid=toast]').filter({ hasText: text }).first().waitFor();
}

// The DataGrid does not render the data-testid it is given: find it by its class.
export const GRID = '[data-testid^=resource-] .MuiDataGrid-root';

/** Opens a resource list and waits until the (client-only) grid has hydrated. */
export async function openList(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator(GRID).waitFor();
}

export const gridRows = (page: Page) => page.locator(`${GRID} .MuiDataGrid-row`);

/** Ticks the first grid row containing this text. */
export async function selectRow(page: Page, text: string): Promise<void> {
  const row = gridRows(page).filter({ hasText: text });
  await row.first().waitFor();
  const box = row.first().locator('input[type=checkbox]');
  if (!(await box.isChecked())) await box.check();
}

/** A ResourceFormDialog select field: open it and click an option (the first real one without a value). */
export async function formSelect(page: Page, field: string, value?: string): Promise<void> {
  await page.locator(`[data-testid=form-${field}] [role=combobox]`).click();
  const option = value ? page.locator(`li[role=option][data-value="${value}"]`) : page.locator('li[role=option]:not([data-value=""])').first();
  await option.click();
}

/**
 * A toolbar action by name (`toolbar-<name>`): on the toolbar, or in its 更多 menu, which this
 * opens when the action is not on the toolbar itself.
 */
export async function toolbarAction(page: Page, name: string): Promise<Locator> {
  const action = page.locator(`[data-testid=toolbar-${name}]`);
  const more = page.locator('[data-testid=toolbar-more]');
  await action.or(more).first().waitFor();
  if (await action.count()) return action;
  await more.click();
  await action.waitFor();
  return action;
}

/** Clicks a toolbar action by name (opening 更多 when it is there). */
export async function clickToolbar(page: Page, name: string): Promise<void> {
  await (await toolbarAction(page, name)).click();
}

/** Selects a row, runs a toolbar transition (with a note when given, else the confirmation) and waits for the toast. */
export async function transition(page: Page, name: string, rowText: string, expectToast: string, note?: string, amount?: string): Promise<void> {
  await selectRow(page, rowText);
  await clickToolbar(page, name);
  if (note !== undefined) {
    if (amount !== undefined) await page.locator('[data-testid=transition-amount]').fill(amount);
    await page.locator('[data-testid=transition-note]').fill(note);
    await page.locator('[data-testid=transition-note-ok]').click();
  } else {
    await page.locator('[data-testid=confirm-ok]').click();
  }
  await toast(page, expectToast);
}

/**
 * An action refused in the selected row's status: the catalogue message, nothing changes. The
 * toolbar disables the action and says why in its tooltip; an action still enabled must answer
 * with the message when clicked.
 */
export async function refused(page: Page, name: string, rowText: string, message: string): Promise<void> {
  await selectRow(page, rowText);
  const action = await toolbarAction(page, name);
  if (await action.isDisabled()) {
    await page.locator(`[data-testid=toolbar-${name}-why]`).hover();
    await page.getByRole('tooltip').filter({ hasText: message }).first().waitFor();
    // Close 更多 (if it was opened) and move the tooltip away.
    await page.keyboard.press('Escape');
    await page.mouse.move(0, 0);
    await page.getByRole('tooltip').filter({ hasText: message }).first().waitFor({ state: 'hidden' });
    return;
  }
  await action.click();
  await toast(page, message);
}

/** A grid cell of the first row containing this text, after reloading the list. */
export async function cellOf(page: Page, rowText: string, field: string): Promise<string> {
  await page.reload();
  await page.locator(GRID).waitFor();
  const row = gridRows(page).filter({ hasText: rowText }).first();
  await row.waitFor();
  // The grid renders only the columns in view: scroll right until the column is there.
  const text = await page
    .locator(GRID)
    .first()
    .evaluate(
      async (grid, { rowText, field }) => {
        // Found by its text first, then by its id: scrolling may take the text's column away.
        const id = [...grid.querySelectorAll('.MuiDataGrid-row')].find((r) => r.textContent?.includes(rowText))?.getAttribute('data-id');
        for (let i = 0; i < 20; i++) {
          const found = grid.querySelector(`.MuiDataGrid-row[data-id="${id}"]`);
          const cell = found?.querySelector(`[data-field="${field}"]`);
          if (cell) return (cell as HTMLElement).innerText;
          for (const s of grid.querySelectorAll('.MuiDataGrid-virtualScroller, .MuiDataGrid-scrollbar--horizontal')) s.scrollLeft += 300;
          await new Promise((r) => setTimeout(r, 150));
        }
        return null;
      },
      { rowText, field },
    );
  if (text === null) throw new Error(`no ${field} cell in the row with ${rowText}`);
  return text.trim();
}

/** The text a date picker shows, without the invisible direction marks around its sections. */
export async function shown(field: Locator): Promise<string> {
  const text = await field.locator('.MuiPickersSectionList-root').first().innerText();
  return text.replace(/[^\d\-: ]/g, '').trim();
}

/** Types a date into a picker (core/ui/DateField) by its sections, as a user does: `typeDate(field, '20310301')`. */
export async function typeDate(field: Locator, digits: string): Promise<void> {
  await field.locator('[role=spinbutton]').first().click();
  await field.page().keyboard.type(digits);
}
