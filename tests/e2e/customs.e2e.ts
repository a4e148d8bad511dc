// The declaration platform end to end, in a real browser with real users: a new trader
// registers an enterprise, the platform approves it, the trader places a service order, the
// broker reviews it and starts work, fills an import declaration with two goods lines and an
// attachment and submits it, a customs receipt (an EDI file) releases it, the broker applies
// for completion and the trader confirms. Refused transitions show their SPEC §8 messages.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { cellOf, formSelect, GRID, openList, PASSWORD, refused, screenshot, setUpBrowser, shown, signIn, toast, transition, typeDate, watchErrors } from './support';
import { withCreditCheck, withIdCheck } from '../../core/resource/identity';
import { receiptXml } from '../../plugins/customs/receipts/receipts.server';

const browser = setUpBrowser();

const suffix = Date.now().toString(36).slice(-6);

/** A MUI select whose hidden input carries the test id: open it and click an option. */
async function choose(page: Page, testId: string, value?: string): Promise<void> {
  await page.locator(`[data-testid=${testId}]`).locator('xpath=..').locator('[role=combobox]').click();
  const option = value ? page.locator(`li[role=option][data-value="${value}"]`) : page.locator('li[role=option]:not([data-value=""])').first();
  await option.click();
}

/** A code picker (autocomplete): type, then pick the option with this code. */
async function pick(page: Page, testId: string, code: string, typed = code): Promise<void> {
  await page.locator(`[data-testid=${testId}]`).fill(typed);
  await page.locator(`[data-testid=${testId}-option-${code}]`).click();
}

async function as(username: string, password = PASSWORD): Promise<{ context: BrowserContext; page: Page }> {
  return signIn(browser, username, password);
}

const statusOf = (page: Page, rowText: string) => cellOf(page, rowText, 'status');

describe('declaration platform: enterprise → service order → declaration → receipt → completion', () => {
  it('runs the whole business with each refusal showing its message', async () => {
    const username = `trader${suffix}`;
    const company = `瑞丽金穗进出口有限公司${suffix}`;

    // The platform administrator opens an account for a new trader.
    const admin = await as('admin');
    const roles = (await (await admin.page.request.get('/api/lookup/system.roles')).json()) as { data: { value: string; label: string }[] };
    const traderRole = roles.data.find((r) => r.label.endsWith('(0)'))!;
    const created = await admin.page.request.post('/api/system/user', {
      data: { username, nickname: '新贸易商', password: PASSWORD, roleIds: [traderRole.value], userType: '4', companyName: company },
      headers: { origin: inject('baseUrl') }, // as a browser's POST would carry
    });
    expect(((await created.json()) as { code: number }).code).toBe(200);
    await admin.context.close();

    // 1. The trader registers the enterprise and submits it for review.
    const trader = await as(username);
    const errors = watchErrors(trader.page);
    await trader.page.goto('/enterpriseCenter/enterpriseInfo');
    await trader.page.locator('[data-testid=enterprise-form]').waitFor();
    const t = trader.page;
    await t.locator('[data-testid=ent-name]').fill(company);
    await choose(t, 'ent-industry');
    await choose(t, 'ent-nature');
    await t.locator('[data-testid=ent-registeredCapital]').fill('500');
    await choose(t, 'ent-employeeCount');
    await t.locator('[data-testid=ent-countryCode]').fill('MM');
    await t.locator('li[role=option]').filter({ hasText: 'MM' }).first().click();
    await t.locator('[data-testid=ent-addressDetail]').fill('木姐105码贸易区8号');
    await t.locator('[data-testid=ent-creditCode]').fill(withCreditCheck(`91533102MA6${suffix.toUpperCase().replace(/[^0-9A-HJ-NP-RTUW-Y]/g, '1').padEnd(6, '1').slice(0, 6)}`));
    await t.locator('[data-testid=ent-legalName]').fill('张金穗');
    await t.locator('[data-testid=ent-legalPhone]').fill('13888001234');
    await choose(t, 'ent-legalIdType', 'prcId');
    await t.locator('[data-testid=ent-legalIdNo]').fill(withIdCheck('53310219800101123'));
    await t.locator('[data-testid=ent-handlerName]').fill('李经办');
    await t.locator('[data-testid=ent-handlerPhone]').fill('13988002345');
    await t.locator('[data-testid=ent-handlerEmail]').fill('handler@jinsui.example');
    await choose(t, 'ent-handlerIdType', 'prcId');
    await t.locator('[data-testid=ent-handlerIdNo]').fill(withIdCheck('53310219850202234'));
    if (!(await t.locator('[data-testid=bank-0-bankName]').count())) await t.locator('[data-testid=add-bank]').click();
    await t.locator('[data-testid=bank-0-bankName]').fill('中国银行瑞丽分行');
    await t.locator('[data-testid=bank-0-accountName]').fill(company);
    await t.locator('[data-testid=bank-0-accountNo]').fill('6216610200016587');
    await t.locator('[data-testid=enterprise-save]').click();
    await toast(t, '修改成功');
    await t.locator('[data-testid=enterprise-submit]').click();
    await t.locator('[data-testid=confirm-ok]').click();
    await t.locator('[data-testid=audit-status]').filter({ hasText: '已提交待审核' }).waitFor();
    await screenshot(t, 'customs-enterprise-submitted');

    // 2. The platform approves it.
    const operator = await as('operator');
    await openList(operator.page, '/enterpriseCenter/enterpriseManage');
    await transition(operator.page, 'approve', company, '操作成功');
    await operator.context.close();

    // 3. The trader places a service order with the demo broker and submits it.
    await openList(t, '/traderCenter/serviceOrder');
    await t.locator('[data-testid=toolbar-add]').click();
    await t.locator('[data-testid=resource-form]').waitFor();
    await formSelect(t, 'declType', 'I');
    await t.locator('[data-testid=form-customerName]').fill(`木姐玉米客户${suffix}`);
    await formSelect(t, 'declCustoms', '8613');
    await formSelect(t, 'tradeCountry', 'MM');
    await formSelect(t, 'arrivalCountry', 'MM');
    await t.locator('[data-testid=form-productCount]').fill('2');
    await formSelect(t, 'orderType', 'general');
    await t.locator('[data-testid=form-amount]').fill('3500.00');
    await formSelect(t, 'currency', 'RMB');
    await t.locator('[data-testid=form-remark]').fill('缅甸干豆进口报关委托');
    // no broker chosen: the catalogue message, nothing saved
    await t.locator('[data-testid=form-save]').click();
    await t.locator('[data-testid=resource-form]').getByText('请选择报关行').waitFor();
    await formSelect(t, 'brokerId');
    await t.locator('[data-testid=form-save]').click();
    await toast(t, '新增成功');
    const customer = `木姐玉米客户${suffix}`;
    await transition(t, 'submit', customer, '操作成功');
    expect(await statusOf(t, customer)).toBe('已提交待审核');
    await refused(t, 'submit', customer, '包含已提交的数据，无法提交');
    await refused(t, 'delete', customer, '只有草稿状态才能删除');
    await refused(t, 'edit', customer, '已提交，无法编辑');
    const orderNo = (await t.locator(`${GRID} .MuiDataGrid-row`).filter({ hasText: customer }).first().locator('[data-field=orderNo]').innerText()).trim();
    expect(orderNo).toMatch(/^SO\d{14}$/);

    // 4. The broker reviews (start work is refused before approval), approves and starts work.
    const broker = await as('broker');
    const b = broker.page;
    await openList(b, '/traderCenter/serviceOrder');
    await refused(b, 'startWork', customer, '订单审核通过（待支付）才能开始作业');
    await transition(b, 'approve', customer, '操作成功', '资料齐全，同意受理');
    await transition(b, 'startWork', customer, '操作成功');
    expect(await statusOf(b, customer)).toBe('作业中');

    // The trader cannot confirm completion while work is in progress.
    await t.reload();
    await t.locator(GRID).waitFor();
    await refused(t, 'confirmCompletion', customer, '订单完成待确认时才能确认');

    // 5. The broker fills the import declaration for the order: header, two goods lines, an attachment.
    await openList(b, '/customsDeclare/declaration');
    await b.locator('[data-testid=toolbar-add]').click();
    await b.locator('[data-testid=declaration-editor]').waitFor();
    await b.locator('[data-testid=decl-serviceOrderId]').fill(orderNo);
    await b.locator('li[role=option]').filter({ hasText: orderNo }).first().click();
    await pick(b, 'decl-ieCustoms', '8613');
    await pick(b, 'decl-declCustoms', '8613');
    await typeDate(b.locator('[data-testid=decl-ieDate-field]'), '20261120');
    expect(await shown(b.locator('[data-testid=decl-ieDate-field]'))).toBe('2026-11-20');
    await choose(b, 'decl-qualificationCategory', 'food');
    await b.locator('[data-testid=tab-parties]').click();
    await b.locator('[data-testid=decl-consignorCreditCode]').fill('91533102MA6K3XQ480');
    await b.locator('[data-testid=decl-consignorCustomsCode]').fill('5309960ABC');
    await b.locator('[data-testid=decl-consignorName]').fill(company);
    await b.locator('[data-testid=decl-overseasName]').fill('Muse Golden Harvest Trading Co., Ltd.');
    await b.locator('[data-testid=tab-transport]').click();
    await pick(b, 'decl-supervisionMode', '0110');
    await pick(b, 'decl-departCountry', 'MM');
    await pick(b, 'decl-portOfCall', 'MMMSE');
    await b.locator('[data-testid=tab-cargo]').click();
    await b.locator('[data-testid=decl-packCount]').fill('800');
    await pick(b, 'decl-packageType', '22');
    await b.locator('[data-testid=decl-grossWeight]').fill('40500');
    await b.locator('[data-testid=decl-netWeight]').fill('40000');
    await pick(b, 'decl-tradeCountry', 'MM');
    await pick(b, 'decl-entryPort', 'CNRUL');
    await b.locator('[data-testid=decl-storagePlace]').fill('瑞丽姐告监管仓库');

    await b.locator('[data-testid=tab-goods]').click();
    const lines = [
      { hs: '0713109000', name: '干豌豆', ciq: '豌豆', qty: '20000', price: '0.65', elements: ['干豌豆', '0', '0', '食用', '豌豆'] },
      { hs: '0713319000', name: '绿豆', ciq: '绿豆', qty: '20000', price: '0.8', elements: ['绿豆', '0', '0', '食用', '绿豆'] },
    ];
    await b.locator('[data-testid=goods-add]').click();
    for (const [i, line] of lines.entries()) {
      if (i > 0) {
        // the line being filled needs its product information first
        await b.locator('[data-testid=goods-add]').click();
      }
      await pick(b, 'goods-hsCode', line.hs);
      await b.locator('[data-testid=element-5]').waitFor();
      for (const [j, v] of line.elements.entries()) await b.locator(`[data-testid=element-${j + 1}]`).fill(v);
      await b.locator('[data-testid=goods-goodsName]').fill(line.name);
      if (i === 0) {
        // adding another line before the CIQ name is filled: SPEC §8 message
        await b.locator('[data-testid=goods-add]').click();
        await toast(b, '请先填写商品信息和检验检疫名称');
      }
      await b.locator('[data-testid=goods-ciqName]').fill(line.ciq);
      await b.locator('[data-testid=goods-qty]').fill(line.qty);
      await pick(b, 'goods-unit', '035');
      await b.locator('[data-testid=goods-unitPrice]').fill(line.price);
    }
    expect(await b.locator('[data-testid=goods-row]').count()).toBe(2);
    expect(await b.locator('[data-testid=goods-totalPrice]').inputValue()).toBe('16000.00');
    expect(await b.locator('[data-testid=spec-preview]').innerText()).toBe('绿豆|0|0|食用|绿豆||||||');

    await b.locator('[data-testid=tab-documents]').click();
    await b.locator('[data-testid=doc-upload-input]').setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF') });
    await b.locator('[data-testid=doc-row]').waitFor();
    await choose(b, 'doc-type-0', 'invoice');
    await screenshot(b, 'customs-declaration-documents');

    await b.locator('[data-testid=editor-submit]').click();
    await b.locator('[data-testid=confirm-ok]').click();
    await toast(b, '申报成功');
    await b.locator('[data-testid=editor-status]').filter({ hasText: '已申报' }).waitFor();
    // a submitted declaration is read-only
    expect(await b.locator('[data-testid=editor-save]').count()).toBe(0);

    // 6. Customs releases it: a receipt file in the EDI inbox, read with 刷新回执.
    const seqNo = (await b.locator('[data-testid=declaration-editor] h6').innerText()).split(' ').pop()!.trim();
    expect(seqNo).toMatch(/^D\d{16}$/);
    const inbox = path.join(inject('ediDir'), 'inbox');
    fs.mkdirSync(inbox, { recursive: true });
    fs.writeFileSync(
      path.join(inbox, `${seqNo}-release.xml`),
      receiptXml([{ messageNo: `${seqNo}-P1`, docType: 'declaration', docNo: seqNo, functionCode: '1', code: 'RELEASED', message: '海关放行', receiptTime: new Date() }]),
    );
    await b.locator('[data-testid=tab-receipts]').click();
    await b.locator('[data-testid=receipts-refresh]').click();
    await toast(b, '回执刷新成功');
    await b.locator('[data-testid=receipt-row]').filter({ hasText: 'RELEASED' }).waitFor();
    await b.locator('[data-testid=editor-status]').filter({ hasText: '放行' }).waitFor();
    await screenshot(b, 'customs-declaration-released');
    await b.locator('[data-testid=editor-close]').click();

    // 7. The broker applies for completion; the trader confirms.
    await openList(b, '/traderCenter/serviceOrder');
    await transition(b, 'applyCompletion', customer, '操作成功');
    await t.reload();
    await t.locator(GRID).waitFor();
    await transition(t, 'confirmCompletion', customer, '操作成功');
    expect(await statusOf(t, customer)).toBe('已完成');
    await screenshot(t, 'customs-order-completed');
    expect(errors).toEqual([]);
    await trader.context.close();
    await broker.context.close();
  }, 300_000);
});
