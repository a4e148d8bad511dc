// Dates in every language: the list filter's date range is a MUI X picker showing YYYY-MM-DD,
// typed with the keyboard and picked from the calendar, and sends ISO dates in the URL; the job
// screen shows YYYY-MM-DD HH:mm:ss. The browser runs in another time zone than the server, so
// any time rendered in the browser's zone would break hydration (page errors are checked).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, GRID, gridRows, login, setUpAppDb, setUpBrowser, shown, typeDate, watchErrors } from './support';

const SHOTS = process.env.SHOTS_DIR || path.resolve('test-results/screenshots');
const tag = `DT${Date.now().toString(36).slice(-5).toUpperCase()}`;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

// The open-calendar button's label once a date is chosen (core:dates.chosenDate; the date in it
// is the language's long spoken form).
const CHOSEN: Record<string, string> = {
  zh: '选择日期，已选择 ',
  en: 'Choose date, selected date is ',
  my: 'ရက်စွဲ ရွေးရန်၊ ရွေးထားသော ရက်စွဲမှာ ',
};
const NEXT_RUN: Record<string, string> = { zh: '下次执行', en: 'Next run', my: 'နောက်တစ်ကြိမ် လုပ်ဆောင်မည့်အချိန်' };

const browser = setUpBrowser();
const db = setUpAppDb();

beforeAll(async () => {
  const item = await db('fin_fee_item').first('id');
  const now = new Date();
  const rule = (suffix: string, from: string) => ({
    fee_item_id: item.id,
    rule_name: `${tag}-${suffix}`,
    method: 'fixed',
    price: '10.0000',
    tiers: '[]',
    effective_from: from,
    valid: true,
    created_at: now,
    updated_at: now,
  });
  await db('fin_fee_rule').insert([rule('A', '2031-03-05'), rule('B', '2031-03-20'), rule('C', '2031-04-02')]);
  fs.mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
  await db('fin_fee_rule').where('rule_name', 'like', `${tag}-%`).delete();
});

async function open(lang: string): Promise<{ page: Page; errors: string[]; close(): Promise<void> }> {
  // The server runs in UTC; the browser elsewhere.
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1366, height: 800 }, locale: 'en-US', timezoneId: 'America/New_York' });
  const page = await context.newPage();
  page.setDefaultTimeout(20000);
  const errors = watchErrors(page);
  await login(page, 'admin');
  // ?lng= on any page sets the language cookie.
  await page.goto(`/management/systemMaintenance/job?lng=${lang}`);
  await page.locator(`html[lang^="${lang}"]`).waitFor();
  return { page, errors, close: () => context.close() };
}

describe('dates', () => {
  for (const lang of ['zh', 'en', 'my']) {
    it(`filters a list by a picked date range and shows YYYY-MM-DD (${lang})`, async () => {
      const { page, errors, close } = await open(lang);
      await page.goto(`/expense/chargingRule?ruleName=${tag}`);
      await page.locator(GRID).waitFor();
      await gridRows(page).filter({ hasText: `${tag}-C` }).waitFor();

      const from = page.locator('[data-testid=filter-effectiveFromFrom]');
      const to = page.locator('[data-testid=filter-effectiveFromTo]');
      // The filter bar may be collapsed to its first row.
      if (!(await from.isVisible())) await page.locator('[data-testid=filters-toggle]').click();
      await from.waitFor();
      // Keyboard: the empty field shows the format, then the typed date in it.
      expect(await from.innerText()).toContain('YYYY');
      await typeDate(from, '20310301');
      expect(await shown(from)).toBe('2031-03-01');
      expect(await from.getAttribute('data-value')).toBe('2031-03-01');
      await typeDate(to, '20310325');
      expect(await to.getAttribute('data-value')).toBe('2031-03-25');

      // Calendar: opens on the typed month in the interface language; picking the 21st.
      const openButton = to.locator(`button[aria-label^="${CHOSEN[lang]}"]`);
      await openButton.click();
      const calendar = page.locator('.MuiDateCalendar-root');
      await calendar.waitFor();
      await page.screenshot({ path: path.join(SHOTS, `dates-filter-calendar-${lang}.png`) });
      await calendar.locator('button[role=gridcell]', { hasText: /^21$/ }).click();
      await calendar.waitFor({ state: 'hidden' });
      expect(await to.getAttribute('data-value')).toBe('2031-03-21');
      expect(await shown(to)).toBe('2031-03-21');

      await page.locator('[data-testid=query-submit]').click();
      await page.waitForURL((u) => u.searchParams.get('effectiveFromTo') === '2031-03-21');
      const url = new URL(page.url());
      expect(url.searchParams.get('effectiveFromFrom')).toBe('2031-03-01');

      // C (2031-04-02) leaves the list once the filtered rows arrive; A and B stay.
      await gridRows(page).filter({ hasText: `${tag}-C` }).waitFor({ state: 'detached' });
      await gridRows(page).filter({ hasText: `${tag}-A` }).waitFor();
      await gridRows(page).filter({ hasText: `${tag}-B` }).waitFor();
      expect(await gridRows(page).filter({ hasText: `${tag}-A` }).innerText()).toContain('2031-03-05');

      // After the round trip the filter shows the ISO values from the URL in the same format.
      const fromAgain = page.locator('[data-testid=filter-effectiveFromFrom]');
      expect(await shown(fromAgain)).toBe('2031-03-01');
      expect(await shown(page.locator('[data-testid=filter-effectiveFromTo]'))).toBe('2031-03-21');
      await page.screenshot({ path: path.join(SHOTS, `dates-filter-${lang}.png`) });

      // A fresh load with the range in the URL hydrates without a mismatch.
      await page.reload();
      await page.locator(GRID).waitFor();
      expect(await shown(page.locator('[data-testid=filter-effectiveFromFrom]'))).toBe('2031-03-01');
      expect(errors).toEqual([]);
      await close();
    });
  }

  for (const lang of ['zh', 'en', 'my']) {
    it(`shows job times as YYYY-MM-DD HH:mm:ss (${lang})`, async () => {
      const { page, errors, close } = await open(lang);
      await page.goto('/management/systemMaintenance/job');
      const table = page.locator('[data-testid=job-table]');
      await table.waitFor();
      expect(await table.locator('thead').innerText()).toContain(NEXT_RUN[lang]);
      if (lang === 'zh') {
        const row = page.locator('[data-testid="job-partner.count"]');
        await row.getByRole('button', { name: '执行一次' }).click();
        await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
        await page.locator('[data-testid=toast]').getByText('已执行').waitFor();
        await row.locator('[data-testid=job-last-run-at]').waitFor();
      }
      const next = (await page.locator('[data-testid="job-core.sessionCleanup"] [data-testid=job-next-run-at]').innerText()).trim();
      expect(next).toMatch(DATETIME);
      // The session clean-up runs every 10 minutes (server zone UTC).
      expect(next).toMatch(/:[0-5]0:00$/);
      const last = (await page.locator('[data-testid="job-partner.count"] [data-testid=job-last-run-at]').innerText()).trim();
      expect(last).toMatch(DATETIME);
      expect(last.slice(0, 10)).toMatch(DATE);
      await page.screenshot({ path: path.join(SHOTS, `dates-jobs-${lang}.png`) });
      // Job log too.
      await page.goto('/management/systemMaintenance/jobLog?job=partner.count');
      const first = page.locator('[data-testid=job-log-table] tbody tr td').first();
      await first.waitFor();
      expect((await first.innerText()).trim()).toMatch(DATETIME);
      expect(errors).toEqual([]);
      await close();
    });
  }
});
