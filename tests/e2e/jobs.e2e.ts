import { describe, expect, it } from 'vitest';
import { setUpBrowser, signIn } from './support';

const browser = setUpBrowser();

describe('scheduled jobs screen', () => {
  it('runs a job once and shows the run in the job log', async () => {
    const { context, page } = await signIn(browser, 'admin');
    await page.goto('/management/systemMaintenance/job');
    const row = page.locator('[data-testid="job-partner.count"]');
    await row.waitFor();
    await row.getByRole('button', { name: '执行一次' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
    await page.locator('[data-testid=toast]').getByText('已执行').waitFor();
    await row.getByRole('link', { name: '调度日志' }).click();
    await page.waitForURL('**/jobLog?job=partner.count');
    const log = page.locator('[data-testid=job-log-table] tbody tr').first();
    await log.waitFor();
    expect(await log.innerText()).toContain('greetings: 2');
    expect(await log.innerText()).toContain('成功');
    await context.close();
  });

  it('pauses and resumes a cron job', async () => {
    const { context, page } = await signIn(browser, 'admin');
    await page.goto('/management/systemMaintenance/job');
    const row = page.locator('[data-testid="job-core.sessionCleanup"]');
    await row.getByRole('button', { name: '暂停' }).click();
    await page.locator('[data-testid=toast]').getByText('已暂停').waitFor();
    expect(await row.innerText()).toContain('暂停');
    await row.getByRole('button', { name: '恢复' }).click();
    await page.locator('[data-testid=toast]').getByText('已恢复').waitFor();
    await context.close();
  });
});
