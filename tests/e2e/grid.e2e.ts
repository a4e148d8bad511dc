// The generic list screen in a real browser: paging through a table of hundreds of rows (next,
// previous, a page opened by URL, another page size), each page checked against the list API;
// and the empty list's hint.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { GRID, gridRows, openList, setUpBrowser, signIn } from './support';

const browser = setUpBrowser();
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  ({ context, page } = await signIn(browser, 'admin'));
});
afterAll(async () => {
  await context?.close();
});

const HS = '/customsBase/hsCode';

/** The HS codes the list API answers for this page (1-based), in order. */
async function apiCodes(pageNo: number, pageSize: number): Promise<{ codes: string[]; total: number }> {
  const res = await (await page.request.get(`/api/customs/hsCode?page=${pageNo}&pageSize=${pageSize}`)).json();
  return { codes: res.data.rows.map((r: { hsCode: string }) => r.hsCode), total: res.data.total };
}

/** The HS codes the grid shows. */
async function gridCodes(): Promise<string[]> {
  return gridRows(page).evaluateAll((rows) => rows.map((r) => (r.querySelector('[data-field=hsCode]') as HTMLElement | null)?.innerText.trim() ?? ''));
}

/** Expects the grid to show exactly these codes (given time to load and render on a busy machine). */
async function expectShown(codes: string[]): Promise<void> {
  await expect.poll(gridCodes, { timeout: 15000, interval: 250 }).toEqual(codes);
}

/** The grid's footer says which rows it shows ("21–40 / 812" and the like). */
async function footerRange(): Promise<string> {
  return (await page.locator(`${GRID} .MuiTablePagination-displayedRows`).innerText()).replace(/\s/g, '');
}

/** Waits until the address shows this page (and stays there: no jump back to page 1). */
async function onPage(n: number): Promise<void> {
  await page.waitForURL((u) => (u.searchParams.get('page') ?? '1') === String(n));
  await page.waitForTimeout(700);
  expect(new URL(page.url()).searchParams.get('page') ?? '1').toBe(String(n));
}

describe('paging a list of hundreds of rows (HS codes)', () => {
  it('pages forward and back, opens a page by URL and changes the page size, always showing the rows the API gives for that page', { timeout: 240_000 }, async () => {
    const first = await apiCodes(1, 20);
    expect(first.total).toBeGreaterThan(200);
    await openList(page, HS);
    await expectShown(first.codes);

    // next page, twice: rows 21–40, then 41–60
    const next = page.locator(`${GRID} button[aria-label="下一页"], ${GRID} button[aria-label="Go to next page"]`).first();
    const prev = page.locator(`${GRID} button[aria-label="上一页"], ${GRID} button[aria-label="Go to previous page"]`).first();
    await next.click();
    await onPage(2);
    await expectShown((await apiCodes(2, 20)).codes);
    expect(await footerRange()).toContain('21–40');
    await next.click();
    await onPage(3);
    const third = (await apiCodes(3, 20)).codes;
    await expectShown(third);
    expect(third[0] > (await apiCodes(2, 20)).codes[19]).toBe(true);

    // back one page
    await prev.click();
    await onPage(2);
    await expectShown((await apiCodes(2, 20)).codes);

    // a page opened directly by its address
    await openList(page, `${HS}?page=7`);
    await onPage(7);
    await expectShown((await apiCodes(7, 20)).codes);
    expect(await footerRange()).toContain('121–140');
    // ... and the next one from there
    await next.click();
    await onPage(8);
    await expectShown((await apiCodes(8, 20)).codes);

    // another page size starts again at page 1 with that many rows, and pages on by it
    await page.locator(`${GRID} .MuiTablePagination-root [role=combobox]`).click();
    await page.locator('li[role=option][data-value="50"]').click();
    await page.waitForURL((u) => u.searchParams.get('pageSize') === '50');
    await expectShown((await apiCodes(1, 50)).codes);
    await next.click();
    await onPage(2);
    await expectShown((await apiCodes(2, 50)).codes);
    expect(await footerRange()).toContain('51–100');

    // the page size is remembered for the next visit; put it back for the other tests
    await openList(page, HS);
    await expectShown((await apiCodes(1, 50)).codes);
    await page.locator(`${GRID} .MuiTablePagination-root [role=combobox]`).click();
    await page.locator('li[role=option][data-value="20"]').click();
    await page.waitForURL((u) => u.searchParams.get('pageSize') === '20');
    await expectShown((await apiCodes(1, 20)).codes);
  });

  it('sorted by another column, pages on in that order', { timeout: 120_000 }, async () => {
    const res = async (n: number) =>
      (await (await page.request.get(`/api/customs/hsCode?page=${n}&pageSize=20&sort=hsCode:desc`)).json()).data.rows.map((r: { hsCode: string }) => r.hsCode);
    await openList(page, `${HS}?sort=hsCode:desc&pageSize=20`);
    await expectShown(await res(1));
    await page.locator(`${GRID} button[aria-label="下一页"], ${GRID} button[aria-label="Go to next page"]`).first().click();
    await onPage(2);
    await expectShown(await res(2));
    expect(new URL(page.url()).searchParams.get('sort')).toBe('hsCode:desc');
  });
});

describe('an empty list', () => {
  it('says what to do first, or that the filters found nothing (with 重置)', async () => {
    // filters that match nothing: the neutral hint and a reset that clears them
    await openList(page, `${HS}?hsCode=NO-SUCH-CODE`);
    const hint = page.locator(`${GRID} [data-testid=empty-hint]`);
    await hint.waitFor();
    expect(await hint.innerText()).toContain('暂无符合条件的数据');
    await page.locator('[data-testid=empty-reset]').click();
    await page.waitForURL((u) => !u.searchParams.has('hsCode'));
    await gridRows(page).first().waitFor();
    expect(await page.locator(`${GRID} [data-testid=empty-hint]`).count()).toBe(0);
  });
});
