// Import through the codes screen: template, valid-rows-only with an error row, then
// all-or-nothing refusing a whole file because of one bad row.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { setUpBrowser, signIn } from './support';

const browser = setUpBrowser();

const csv = (rows: string[][]) => Buffer.from('\uFEFF' + rows.map((r) => r.join(',')).join('\r\n') + '\r\n', 'utf8');
const HEADER = ['代码类型', '代码', '中文解释', '英文解释', '默认', '排序'];

async function importFile(page: Page, name: string, body: Buffer, mode: 'all' | 'valid') {
  await page.locator('[data-testid=toolbar-import]').click();
  const dialog = page.locator('[data-testid=import-dialog]');
  await dialog.waitFor();
  await page.locator('[data-testid=import-file]').setInputFiles({ name, mimeType: 'text/csv', buffer: body });
  await page.locator(`[data-testid=import-mode-${mode}]`).check();
  await page.locator('[data-testid=import-start]').click();
  await page.locator('[data-testid=import-summary]').waitFor({ timeout: 30_000 });
  const inserted = await page.locator('[data-testid=import-inserted]').innerText();
  const failed = await page.locator('[data-testid=import-failed]').innerText();
  const errorsLink = await page.locator('[data-testid=import-errors-link]').count();
  const message = await page.locator('[data-testid=import-summary] .MuiAlert-message').innerText();
  const validSkipped = (await page.locator('[data-testid=import-valid-skipped]').count()) ? await page.locator('[data-testid=import-valid-skipped]').innerText() : null;
  await page.locator('[data-testid=import-close]').click();
  await dialog.waitFor({ state: 'detached' });
  return { inserted, failed, errorsLink, message, validSkipped };
}

describe('resource import', () => {
  it('offers a template, imports the valid rows, reports the bad one, and all-or-nothing inserts nothing', async () => {
    const { context, page } = await signIn(browser, 'admin');
    await page.goto('/dataBase/systemData/refCode?code=E2EIMP');
    await page.locator('[data-testid=resource-grid]').waitFor();

    // The template downloads as an XLSX.
    await page.locator('[data-testid=toolbar-import]').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid=import-template]').click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    await page.locator('[data-testid=import-close]').click();

    const valid = await importFile(
      page,
      'codes.csv',
      csv([HEADER, ['CURRENCY', 'E2EIMP1', '测试币一', 'Test one', '否', '90'], ['CURRENCY', 'E2EIMP2', '', 'No Chinese name', '否', '91'], ['CURRENCY', 'E2EIMP3', '测试币三', 'Test three', '否', '92']]),
      'valid',
    );
    expect(valid.inserted).toContain('2');
    expect(valid.failed).toContain('1');
    expect(valid.errorsLink).toBe(1);
    await page.reload();
    await page.locator('.MuiDataGrid-row').first().waitFor();
    const codes = await page.locator('.MuiDataGrid-row [data-field=code]').allInnerTexts();
    expect(codes.sort()).toEqual(['E2EIMP1', 'E2EIMP3']);

    const allOrNothing = await importFile(page, 'codes2.csv', csv([HEADER, ['CURRENCY', 'E2EIMP4', '测试币四', 'Test four', '否', '93'], ['NO_SUCH_TYPE', 'E2EIMP5', '测试币五', 'Test five', '否', '94']]), 'all');
    expect(allOrNothing.inserted).toContain('0');
    // The summary says the valid row was not imported either.
    expect(allOrNothing.message).toMatch(/2 行中 1 行有错误，全部未导入（1 行有效，未导入）|1 of 2 rows have errors, so nothing was imported \(valid rows not imported: 1\)/);
    expect(allOrNothing.validSkipped).toContain('1');
    expect(valid.validSkipped).toBeNull();
    await page.reload();
    await page.locator('.MuiDataGrid-row').first().waitFor();
    expect((await page.locator('.MuiDataGrid-row [data-field=code]').allInnerTexts()).sort()).toEqual(['E2EIMP1', 'E2EIMP3']);
    await context.close();
  });
});
