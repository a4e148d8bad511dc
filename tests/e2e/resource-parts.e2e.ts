// The list screen's parts on a real resource with a state machine (the platform's enterprise
// review), as the seeded operator: a record's drawer shows its fields, its review states as a
// diagram with the current one marked and its history; failing it from the drawer with a
// reason adds the entry (with the reason) and moves the mark; the state tabs count the rows
// of each state and narrow the list.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { GRID, gridRows, openList, screenshot, setUpAppDb, setUpBrowser, signIn, toast, watchErrors } from './support';

const browser = setUpBrowser();
const db = setUpAppDb();
const suffix = Date.now().toString(36).slice(-6);
const company = `部件测试贸易有限公司${suffix}`;
let enterpriseId = 0;

beforeAll(async () => {
  // An enterprise waiting for review: a copy of a seeded one, for a user of its own.
  const { id: _u, ...user } = await db('sys_user').where({ username: 'trader' }).first();
  const [userId] = await db('sys_user').insert({ ...user, username: `parts${suffix}`, nickname: `parts${suffix}` });
  const { id: _e, ...enterprise } = await db('cus_enterprise').orderBy('id').first();
  const [id] = await db('cus_enterprise').insert({ ...enterprise, user_id: userId, name: company, credit_code: `9153${suffix.toUpperCase()}00000000`.slice(0, 18), audit_status: '1', version: 1 });
  enterpriseId = Number(id);
});

const tabCount = async (page: Page, state: string) => Number(await page.locator(`[data-testid=state-tab-${state}]`).getAttribute('data-count'));

describe('detail drawer and state tabs', () => {
  it('shows the record, its state diagram and its history; a transition from the drawer adds to it; the tabs count and narrow', async () => {
    const { context, page } = await signIn(browser, 'operator');
    const errors = watchErrors(page);
    await openList(page, '/enterpriseCenter/enterpriseManage');
    const submittedBefore = await tabCount(page, '1');
    const failedBefore = await tabCount(page, '2');
    expect(submittedBefore).toBeGreaterThanOrEqual(1);

    // The submitted tab lists the new enterprise; 全部 counts every state.
    await page.locator('[data-testid=state-tab-1]').click();
    await page.waitForURL(/inState=1/);
    await gridRows(page).filter({ hasText: company }).waitFor();
    await expect.poll(() => gridRows(page).count()).toBeLessThanOrEqual(submittedBefore);

    // The drawer: fields, the diagram with 已提交 marked, the moves open from it.
    await page.locator(`[data-testid=row-detail-${enterpriseId}]`).click();
    const drawer = page.locator('[data-testid=detail-drawer]');
    await drawer.locator('[data-testid=detail-name]').getByText(company).waitFor();
    await screenshot(page, 'resource-parts-drawer-fields');
    await drawer.locator('[data-testid=detail-tab-trail]').click();
    await drawer.getByText('暂无操作记录').waitFor();
    await drawer.locator('[data-testid=detail-tab-state]').click();
    expect(await drawer.locator('[data-testid=diagram-state-1]').getAttribute('data-current')).toBe('true');
    expect(await drawer.locator('[data-testid=diagram-state-3]').getAttribute('data-current')).toBe('false');
    expect(await drawer.locator('[data-testid=diagram-edge-approve]').getAttribute('data-open')).toBe('true');
    await screenshot(page, 'resource-parts-drawer-state');

    // Fail it with a reason, from the drawer: the history shows who, the move and the reason.
    await drawer.locator('[data-testid=detail-transition-fail]').click();
    await page.locator('[data-testid=transition-note]').fill('营业执照照片不清晰，请重新上传');
    await page.locator('[data-testid=transition-note-ok]').click();
    await toast(page, '操作成功');
    await drawer.locator('[data-testid=diagram-state-2][data-current=true]').waitFor();
    expect(await drawer.locator('[data-testid=diagram-state-1]').getAttribute('data-current')).toBe('false');
    await drawer.locator('[data-testid=detail-tab-trail]').click();
    const entry = drawer.locator('[data-testid=detail-trail] li[data-action="transition:fail"]');
    await entry.waitFor();
    expect(await entry.innerText()).toContain('营业执照照片不清晰，请重新上传');
    expect(await entry.innerText()).toContain('operator');
    expect(await entry.innerText()).toMatch(/已提交.*→.*(未通过|审核失败|不通过)/);
    await screenshot(page, 'resource-parts-drawer-trail');
    const audit = await db('sys_audit_log').where({ resource: 'customs.enterprise', record_id: String(enterpriseId), action: 'transition:fail' }).first();
    expect(JSON.parse(audit.changes)['@note']).toEqual([null, '营业执照照片不清晰，请重新上传']);
    await page.locator('[data-testid=detail-close]').click();

    // The counts follow; the submitted tab no longer lists it, the failed tab does.
    await page.locator(`[data-testid=state-tab-1][data-count="${submittedBefore - 1}"]`).waitFor();
    expect(await tabCount(page, '2')).toBe(failedBefore + 1);
    await gridRows(page).filter({ hasText: company }).waitFor({ state: 'detached' });
    await page.locator('[data-testid=state-tab-2]').click();
    await page.waitForURL(/inState=2/);
    await gridRows(page).filter({ hasText: company }).waitFor();
    await page.locator('[data-testid=state-tab-all]').click();
    await page.locator(GRID).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
