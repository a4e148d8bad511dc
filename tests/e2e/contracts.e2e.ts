// Contracts in the browser, as the issue asks: the platform operator makes a purchase contract
// from a template for the trader and the broker and sends it; the trader (in Chinese) signs it
// with the contract seal and the password re-entered; the broker (in Burmese) is refused nothing
// and signs second; both find it under signed documents; the verification page (in English)
// shows the two parties' signatures and the platform's seal of the certificate page as valid.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PASSWORD, gridRows, openList, setUpAppDb, setUpBrowser, signIn, toast, transition, typeDate, watchErrors } from './support';

const browser = setUpBrowser();
const db = setUpAppDb();
const token = Date.now().toString(36).slice(-6);
const TITLE = `端到端采购合同 ${token}`;

/** A form select (a ref or enum field) by its option's text. */
async function pick(page: Page, field: string, text: string): Promise<void> {
  await page.locator(`[data-testid=form-${field}] [role=combobox]`).click();
  await page.locator('li[role=option]').filter({ hasText: text }).first().click();
  await page.locator('li[role=option]').first().waitFor({ state: 'detached' });
}

/** A line cell's select (its hidden input carries the test id) by its option's value. */
async function choose(page: Page, testId: string, value: string): Promise<void> {
  await page.locator(`[data-testid=${testId}]`).locator('xpath=..').locator('[role=combobox]').click();
  await page.locator(`li[role=option][data-value="${value}"]`).click();
}

const enterpriseOf = async (username: string) => Number((await db('ctr_enterprise as e').join('sys_user as u', 'u.company_name', 'e.name').where('u.username', username).first('e.id')).id);
const sealOf = async (enterpriseId: number) => Number((await db('ctr_seal').where({ enterprise_id: enterpriseId, kind: 'contractSeal' }).first('id')).id);

async function signAs(username: string, id: number, lng: string, done: string): Promise<void> {
  const { context, page } = await signIn(browser, username);
  const errors = watchErrors(page);
  await openList(page, `/contract/contractInquiry?lng=${lng}`);
  await page.locator(`[data-testid=contract-sign-${id}]`).click();
  const dialog = page.locator('[data-testid=sign-dialog]');
  await dialog.waitFor();
  await page.locator(`[data-testid=sign-seal-${await sealOf(await enterpriseOf(username))}]`).click();
  // A wrong password first: refused, nothing signed.
  await page.locator('[data-testid=sign-password]').fill('not-my-password');
  await page.locator('[data-testid=sign-submit]').click();
  await dialog.getByText(lng === 'my' ? /စကားဝှက်/ : '密码错误').first().waitFor();
  expect((await db('ctr_party').where({ contract_id: id, status: 'signed' })).length).toBe(username === 'trader' ? 0 : 1);
  await page.locator('[data-testid=sign-password]').fill(PASSWORD);
  await page.locator('[data-testid=sign-submit]').click();
  await toast(page, done);
  await dialog.waitFor({ state: 'detached' });
  expect(errors).toEqual([]);
  await context.close();
}

describe('a contract from a template, signed in order, verified', () => {
  it('is made by the platform, signed by the trader then the broker, listed as signed by both and verifies', async () => {
    const trader = await enterpriseOf('trader');
    const broker = await enterpriseOf('broker');

    // 1. The operator makes it from the Chinese purchase template and sends it.
    const op = await signIn(browser, 'operator');
    const o = op.page;
    const opErrors = watchErrors(o);
    await openList(o, '/contract/contractInquiry');
    await o.locator('[data-testid=toolbar-add]').click();
    await o.locator('[data-testid=contract-form]').waitFor();
    await o.locator('[data-testid=form-title]').fill(TITLE);
    await pick(o, 'templateId', '采购合同');
    await typeDate(o.locator('[data-testid=form-effectiveDate-field]'), '20270101');
    await typeDate(o.locator('[data-testid=form-expiryDate-field]'), '20271231');
    await o.locator('[data-testid=form-amount]').fill('250000');
    await pick(o, 'currency', '美元');
    await o.locator('[data-testid=form-goods]').fill('缅甸大米 500 吨');
    await choose(o, 'party-0-enterpriseId', String(trader));
    await choose(o, 'party-1-enterpriseId', String(broker));
    await o.locator('[data-testid=form-save]').click();
    await toast(o, '新增成功');
    const made = await db('ctr_contract').where({ title: TITLE }).first();
    expect(made).toMatchObject({ status: 'draft', type: 'online', currency: 'USD' });
    expect(made.file_id).toBeTruthy();
    if (await o.locator('[data-testid=contract-form]').isVisible()) await o.keyboard.press('Escape');
    await gridRows(o).filter({ hasText: TITLE }).waitFor();
    await transition(o, 'send', TITLE, '操作成功');
    expect(await db('ctr_contract').where({ id: made.id }).first()).toMatchObject({ status: 'signing', next_seq: 1 });
    expect(opErrors).toEqual([]);
    await op.context.close();

    // 2. The broker cannot sign before the trader: no sign button in its turn's absence.
    const early = await signIn(browser, 'broker');
    await openList(early.page, '/contract/contractInquiry');
    await gridRows(early.page).filter({ hasText: TITLE }).waitFor();
    expect(await early.page.locator(`[data-testid=contract-sign-${made.id}]`).count()).toBe(0);
    await early.context.close();

    // 3. The trader signs (中文), then the broker (မြန်မာ).
    await signAs('trader', made.id, 'zh', '签署成功');
    expect(await db('ctr_contract').where({ id: made.id }).first()).toMatchObject({ status: 'signing', next_seq: 2 });
    await signAs('broker', made.id, 'my', 'လက်မှတ်');
    expect(await db('ctr_contract').where({ id: made.id }).first()).toMatchObject({ status: 'normal' });

    // 4. Both find it under signed documents; the trader opens its verification (English).
    for (const username of ['broker', 'trader']) {
      const { context, page } = await signIn(browser, username);
      await openList(page, '/contract/alreadyUnilaterally');
      await gridRows(page).filter({ hasText: TITLE }).waitFor();
      if (username === 'trader') {
        await page.goto(`/contract/signingCeremony?contractId=${made.id}&lng=en`);
        for (const i of [1, 2, 3]) await expect.poll(() => page.locator(`[data-testid=verify-signature-${i}]`).innerText()).toContain('Valid');
        expect(await page.locator('[data-testid=verify-signature-1]').innerText()).toContain('德宏边境贸易有限公司');
        expect(await page.locator('[data-testid=verify-signature-2]').innerText()).toContain('姐告报关行');
      }
      await context.close();
    }
  }, 180_000);
});
