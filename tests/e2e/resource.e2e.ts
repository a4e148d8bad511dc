// The resource screens in a real browser, as the administrator: a round trip on the codes
// screen (validation, add, filter, edit, a conflicting edit from a second tab, delete,
// CSV export) and the role editor (a menu ticks its mandatory permission; a user holding
// the role sees only that menu).
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { GRID, gridRows, login, newContext, openList, PASSWORD, setUpBrowser, signIn, toast } from './support';

const browser = setUpBrowser();

const suffix = Date.now().toString(36).slice(-5).toUpperCase();

async function adminPage(): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await signIn(browser, 'admin');
  return { context, page };
}

async function selectOnlyRow(page: Page, code: string): Promise<void> {
  const row = gridRows(page).filter({ hasText: code });
  await row.waitFor();
  expect(await gridRows(page).count()).toBe(1);
  await row.locator('input[type=checkbox]').check();
}

describe('codes screen (/dataBase/systemData/refCode)', () => {
  it('adds, filters, edits, refuses a stale edit, deletes and exports a code', async () => {
    const code = `E2E${suffix}`;
    const { context, page } = await adminPage();
    await openList(page, '/dataBase/systemData/refCode');

    // saving the empty form shows the validation messages first, and creates nothing
    await page.locator('[data-testid=toolbar-add]').click();
    const form = page.locator('[data-testid=resource-form]');
    await form.waitFor();
    await page.locator('[data-testid=form-save]').click();
    await form.getByText('代码类型不能为空').waitFor();
    expect(await form.innerText()).toContain('代码不能为空');
    expect(await form.innerText()).toContain('中文解释不能为空');

    await form.locator('[data-testid=form-rvDomain] [role=combobox]').click();
    await page.locator('li[role=option][data-value="URGENCY"]').click();
    await page.locator('[data-testid=form-code]').fill(code);
    await page.locator('[data-testid=form-name]').fill('端到端代码');
    await page.locator('[data-testid=form-nameEn]').fill('End to end');
    await page.locator('[data-testid=form-save]').click();
    await toast(page, '新增成功');
    await form.waitFor({ state: 'detached' });

    // filter by it
    await page.locator('[data-testid=filter-code]').fill(code);
    await page.locator('[data-testid=query-submit]').click();
    await page.waitForURL((u) => u.searchParams.get('code') === code);
    await selectOnlyRow(page, code);
    expect(await gridRows(page).first().innerText()).toContain('端到端代码');

    // edit it
    await page.locator('[data-testid=toolbar-edit]').click();
    await form.waitFor();
    expect(await page.locator('[data-testid=form-name]').inputValue()).toBe('端到端代码');
    await page.locator('[data-testid=form-name]').fill('第一次修改');
    await page.locator('[data-testid=form-save]').click();
    await toast(page, '修改成功');
    await gridRows(page).filter({ hasText: '第一次修改' }).waitFor();

    // the same row open for editing in two tabs: the second save after the first is refused
    const second = await adminPage();
    await openList(second.page, `/dataBase/systemData/refCode?code=${code}`);
    await selectOnlyRow(second.page, code);
    await second.page.locator('[data-testid=toolbar-edit]').click();
    await second.page.locator('[data-testid=resource-form]').waitFor();
    await selectOnlyRow(page, code);
    await page.locator('[data-testid=toolbar-edit]').click();
    await form.waitFor();
    await page.locator('[data-testid=form-name]').fill('第一个标签页');
    await page.locator('[data-testid=form-save]').click();
    await toast(page, '修改成功');
    await second.page.locator('[data-testid=form-name]').fill('第二个标签页');
    await second.page.locator('[data-testid=form-save]').click();
    await toast(second.page, '数据已被他人修改，请刷新后重试');
    // the form stays open for the user to reload; the first tab's value is what is stored
    expect(await second.page.locator('[data-testid=resource-form]').count()).toBe(1);
    await second.context.close();
    await page.reload();
    await gridRows(page).filter({ hasText: '第一个标签页' }).waitFor();

    // delete it, after confirming
    await selectOnlyRow(page, code);
    await page.locator('[data-testid=toolbar-delete]').click();
    const confirm = page.locator('[data-testid=confirm-dialog]');
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain('确认删除选中的 1 条数据吗？');
    await page.locator('[data-testid=confirm-ok]').click();
    await toast(page, '删除成功');
    await gridRows(page).first().waitFor({ state: 'detached' });

    // export the filtered list as CSV
    await openList(page, '/dataBase/systemData/refCode?rvDomain=CURRENCY');
    await page.locator('[data-testid=toolbar-export]').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid=export-csv]').click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const text = fs.readFileSync((await download.path())!, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toContain('代码类型');
    expect(lines[0].split(',')).toEqual(['代码类型', '代码', '中文解释', '英文解释', '默认', '高值', 'EDI标准代码', '排序']);
    expect(lines).toHaveLength(6);
    expect(lines.slice(1).every((l) => l.startsWith('CURRENCY,'))).toBe(true);
    await context.close();
  });
});

describe('role editor (/management/userGroupManagement/role)', () => {
  it('ticking one menu ticks and locks its mandatory permission; a user with the role sees only that menu', async () => {
    const roleName = `端到端角色${suffix}`;
    const { context, page } = await adminPage();
    await openList(page, '/management/userGroupManagement/role');
    await page.locator('[data-testid=toolbar-add]').click();
    await page.locator('[data-testid=resource-form]').waitFor();
    await page.locator('[data-testid=form-name]').fill(roleName);
    await page.locator('[data-testid=form-code]').fill(`E2E_${suffix}`);

    const input = (testid: string) => page.locator(`[data-testid="${testid}"] input`);
    expect(await input('grant-perm-system:refCode:list').isChecked()).toBe(false);
    await page.locator('[data-testid="grant-menu-dataBase.refCode"]').click();
    expect(await input('grant-menu-dataBase.refCode').isChecked()).toBe(true);
    // its mandatory permission is ticked and cannot be unticked; the parents are ticked
    expect(await input('grant-perm-system:refCode:list').isChecked()).toBe(true);
    expect(await input('grant-perm-system:refCode:list').isDisabled()).toBe(true);
    expect(await input('grant-menu-dataBase.systemData').isChecked()).toBe(true);
    expect(await input('grant-menu-dataBase').isChecked()).toBe(true);
    // optional permissions and sibling menus stay as they were
    expect(await input('grant-perm-system:refCode:add').isChecked()).toBe(false);
    expect(await input('grant-perm-system:refCode:add').isDisabled()).toBe(false);
    expect(await input('grant-menu-dataBase.refCodeType').isChecked()).toBe(false);
    await page.locator('[data-testid=form-save]').click();
    await toast(page, '新增成功');

    // what was stored, through the API the screen uses
    const listed = await (await page.request.get(`/api/system/role?name=${encodeURIComponent(roleName)}`)).json();
    expect(listed.data.rows).toHaveLength(1);
    const role = listed.data.rows[0];
    expect([...role.menuKeys].sort()).toEqual(['dataBase', 'dataBase.refCode', 'dataBase.systemData']);
    expect(role.permissionCodes).toEqual(['system:refCode:list']);

    // a user holding only that role
    const username = `e2e_${suffix.toLowerCase()}`;
    const created = await (
      await page.request.post('/api/system/user', {
        data: { username, nickname: '端到端用户', password: PASSWORD, roleIds: [role.id], userType: '3' },
        headers: { origin: new URL(page.url()).origin }, // as a browser's POST would carry
      })
    ).json();
    expect(created).toMatchObject({ code: 200, msg: '新增成功' });
    await context.close();

    const userContext = await newContext(browser);
    const userPage = await userContext.newPage();
    await login(userPage, username);
    const sidebar = userPage.locator('[data-testid=sidebar]');
    await sidebar.waitFor({ state: 'attached' });
    expect(await sidebar.locator('[data-menu-key]').evaluateAll((els) => els.map((e) => e.getAttribute('data-menu-key')))).toEqual(['dataBase']);
    await userPage.locator('[data-testid=menu-group-dataBase]').click();
    await userPage.locator('[data-testid="menu-group-dataBase.systemData"]').click();
    await userPage.locator('[data-testid="menu-item-dataBase.refCode"]').waitFor();
    expect(await sidebar.locator('[data-testid^="menu-item-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')))).toEqual(['menu-item-dataBase.refCode']);
    await userPage.locator('[data-testid="menu-item-dataBase.refCode"]').click();
    await userPage.waitForURL('**/dataBase/systemData/refCode');
    await userPage.locator(GRID).waitFor();
    // list only: no add, edit or delete buttons
    expect(await userPage.locator('[data-testid=toolbar-add], [data-testid=toolbar-edit], [data-testid=toolbar-delete]').count()).toBe(0);
    await userContext.close();
  });
});
