// The port-ops dispatch flow end to end, in a real browser with the seeded users: the shipper
// publishes a cargo source; the platform operator distributes it across fleets with 智能分配
// (at least two fleets get a share); 瑞丽顺达物流车队's dispatcher accepts its fleet order and
// dispatches a waybill against it to 李建国; the driver, on a phone-sized screen, drives it step
// by step (weighing at loading and unloading, the signed receipt uploaded) to completion; the
// shipper sees it completed. Then the operator distributes a source in containers (lots of a
// container, fleets kept out by the minimum lot shown with the rule and the true cause, one
// included with a reason), dispatches against the order (the form filled from it), finds the
// source by its number in the waybill's detail and the demo's under-loaded trip flagged. Rows are
// found by a token of this run in their remarks.
import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import type { Page } from 'playwright-core';
import { baseUrl, cellOf, GRID, gridRows, login, openList, screenshot, selectRow, setUpAppDb, setUpBrowser, shown, signIn, toast, transition, typeDate, watchErrors } from './support';

dayjs.extend(utc);
dayjs.extend(timezone);

const browser = setUpBrowser();
const db = setUpAppDb();

const token = `E2E${Date.now().toString(36).slice(-6).toUpperCase()}`;
const FLEET = '瑞丽顺达物流车队';
const LINE = '木姐 Muse 105 mile→瑞丽';
const SOURCE_TONNES = '40';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

/** The day `n` days from today, YYYY-MM-DD (far enough ahead that a time zone's day does not matter). */
const dayAhead = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** The server's zone (global-setup.ts starts it with this process's TZ): the one forms show and take moments in. */
const ZONE = process.env.TZ || 'UTC';
/** A wall time in the platform's zone as the ISO instant the form sends. */
const instantAt = (day: string, hhmm: string) => dayjs.tz(`${day} ${hhmm}`, 'YYYY-MM-DD HH:mm', ZONE).toISOString();
/** Types a wall time into a date-time field (core/ui/DateTimeField) by its sections, as a user does. */
const typeMoment = (page: Page, field: string, day: string, hhmm: string) => typeDate(page.locator(`[data-testid=form-${field}-field]`), `${day}${hhmm}`.replace(/\D/g, ''));

/** A POST of the page's session to the API (as its own screens send it), its envelope. */
const post = (page: Page, path: string, body: unknown) =>
  page.evaluate(
    async ([p, b]) => (await fetch(p, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(b) })).json() as Promise<{ code: number; msg: string; data: { id: number } }>,
    [path, body] as [string, unknown],
  );

/** The goods' name in the base data (what a fleet order fills a waybill's goods with). */
const goodsName = async (code: string) => String((await db('sys_goods').where({ code }).first('name')).name);

/** The waybill form as choosing a fleet order of the demo's Muse line and 顺达 fills it. */
async function expectFilled(page: Page, want: { customer: string; goods: string; tonnes: string; from: string; to: string }) {
  const select = (field: string) => page.locator(`[data-testid=form-${field}] [role=combobox]`).innerText();
  await expect.poll(() => select('customerId')).toBe(want.customer);
  expect(await select('lineId')).toBe(LINE);
  expect(await select('fleetId')).toBe(FLEET);
  expect(await page.locator('[data-testid=form-goods]').inputValue()).toBe(want.goods);
  expect(await page.locator('[data-testid=form-plannedTonnes]').inputValue()).toBe(want.tonnes);
  expect(await page.locator('[data-testid=form-loadingFrom]').inputValue()).toBe(want.from);
  expect(await page.locator('[data-testid=form-loadingTo]').inputValue()).toBe(want.to);
}

/** A form select (a ref or enum field) by its option's text. */
async function pick(page: Page, field: string, text: string): Promise<void> {
  await page.locator(`[data-testid=form-${field}] [role=combobox]`).click();
  await page.locator('li[role=option]').filter({ hasText: text }).first().click();
  await page.locator('li[role=option]').first().waitFor({ state: 'detached' });
}

describe('port-ops: source → 智能分配 → fleet order → waybill → driver → completed', () => {
  it('carries a cargo source through distribution, dispatch and the driver’s steps', async () => {
    const day = dayAhead(5);
    const next = dayAhead(6);

    // 1. The shipper publishes a cargo source on their own customer's contracted line.
    const shipper = await signIn(browser, 'shipper');
    const s = shipper.page;
    const shipperErrors = watchErrors(s);
    await openList(s, '/smartorderassignment/publishsource');
    await s.locator('[data-testid=toolbar-add]').click();
    const form = s.locator('[data-testid=source-form]');
    await form.waitFor();
    await pick(s, 'goods', '橡胶');
    await s.locator('[data-testid=form-tonnes]').fill(SOURCE_TONNES);
    await pick(s, 'lineId', LINE);
    await s.locator('[data-testid=form-remark]').fill(`端到端货源 ${token}`);
    await typeMoment(s, 'loadingFrom', day, '06:00');
    await typeMoment(s, 'loadingTo', day, '20:00');
    await typeMoment(s, 'unloadBy', next, '18:00');
    expect(await s.locator('[data-testid=form-loadingFrom-field]').getAttribute('data-value')).toBe(instantAt(day, '06:00'));
    await s.locator('[data-testid=form-save]').click();
    await toast(s, '新增成功');
    // The editor closes on its own after a new source is saved, or is closed here.
    if (await form.isVisible()) await s.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });

    const source = await db('ops_source').where('remark', 'like', `%${token}%`).first();
    expect(source).toMatchObject({ status: 'draft' });
    // The wall times typed in the platform's zone are stored as those instants.
    expect([source.loading_from, source.loading_to, source.unload_by].map((v: Date) => new Date(v).toISOString())).toEqual([instantAt(day, '06:00'), instantAt(day, '20:00'), instantAt(next, '18:00')]);
    const customer = await db('ops_customer').where({ id: source.customer_id }).first();
    expect(customer.name).toBe('瑞丽云海橡胶进出口有限公司');
    const sourceNo = String(source.source_no);
    await transition(s, 'publish', sourceNo, '操作成功');
    expect(await db('ops_source').where({ id: source.id }).first()).toMatchObject({ status: 'published' });

    // 2. The operator distributes it: the proposal, at least two fleets with a share, confirmed.
    const operator = await signIn(browser, 'operator');
    const o = operator.page;
    const operatorErrors = watchErrors(o);
    await openList(o, '/smartorderassignment/distributeSource');
    await selectRow(o, sourceNo);
    await o.locator('[data-testid=toolbar-distribute]').click();
    const dialog = o.locator('[data-testid=distribution-dialog]');
    await dialog.locator('[data-testid=distribution-fleets]').waitFor();
    await dialog.getByText(sourceNo).first().waitFor();
    const fleets: { id: number; name: string }[] = (await db('ops_fleet').select('id', 'name')).map((f: { id: number; name: string }) => ({ id: Number(f.id), name: String(f.name) }));
    const shunda = fleets.find((f) => f.name === FLEET)!;
    // Each fleet's row: its result, its free capacity and why.
    const rows = [];
    for (const f of fleets) {
      const row = dialog.locator(`[data-testid=distribution-fleet-${f.id}]`);
      if (!(await row.count())) continue;
      const input = row.locator(`[data-testid=distribution-tonnes-${f.id}]`);
      const cells = await row.locator('td').allInnerTexts();
      rows.push({ ...f, input, tonnes: Number((await input.inputValue()) || 0), excluded: await input.isDisabled(), capacity: Number(cells[3]), reasons: cells[5] });
    }
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.every((r) => r.reasons.trim().length > 0)).toBe(true);
    // The lot it places in, and each share's reasons naming the rules that shaped it.
    expect(await dialog.locator('[data-testid=distribution-lot]').innerText()).toBe('分配单位：每批 1 吨');
    const ruleNames: string[] = (await db('ops_dispatch_rule').where({ enabled: 1 }).select('name')).map((r: { name: string }) => String(r.name));
    for (const r of rows.filter((x) => x.tonnes > 0)) expect(ruleNames.some((n) => r.reasons.includes(`${n}：`)), r.reasons).toBe(true);
    const ours = rows.find((r) => r.id === shunda.id)!;
    expect(ours).toBeDefined();
    expect(ours.excluded).toBe(false);
    // Adjusted when the proposal does not give 顺达 and at least one other fleet a share: 20 t each.
    if (!(ours.tonnes > 0 && rows.filter((r) => r.tonnes > 0).length >= 2)) {
      const other = rows.filter((r) => r.id !== shunda.id && !r.excluded && r.capacity >= 20).sort((a, b) => b.tonnes - a.tonnes)[0];
      expect(other, 'a second fleet with room for 20 t').toBeDefined();
      for (const r of rows) if (!r.excluded) await r.input.fill(r.id === shunda.id || r.id === other.id ? '20' : '');
    }
    await dialog.locator('[data-testid=distribution-confirm]').click();
    await toast(o, '已分配，已向');
    await dialog.waitFor({ state: 'detached' });
    expect(await db('ops_source').where({ id: source.id }).first()).toMatchObject({ status: 'assigned' });
    const orders = await db('ops_fleet_order').where({ source_id: source.id });
    expect(orders.length).toBeGreaterThanOrEqual(2);
    expect(orders.every((x: { status: string }) => x.status === 'offered')).toBe(true);
    const order = orders.find((x: { fleet_id: number }) => Number(x.fleet_id) === shunda.id)!;
    expect(order).toBeDefined();
    const orderNo = String(order.order_no);
    const orderTonnes = Number(order.tonnes);
    expect(await cellOf(o, sourceNo, 'status')).toBe('已分配');

    // 3. 顺达's dispatcher accepts its order and dispatches a waybill against it.
    const fleet = await signIn(browser, 'fleet');
    const f = fleet.page;
    const fleetErrors = watchErrors(f);
    await openList(f, '/intelligentdispatch/fleetorders');
    await transition(f, 'accept', orderNo, '操作成功');
    expect(await db('ops_fleet_order').where({ id: order.id }).first()).toMatchObject({ status: 'accepted' });

    const planned = Math.min(orderTonnes, 20);
    await openList(f, '/intelligentdispatch/fleetwaybill');
    await f.locator('[data-testid=toolbar-add]').click();
    const wform = f.locator('[data-testid=resource-form]');
    await wform.waitFor();
    await pick(f, 'fleetOrderId', orderNo);
    // Filled from the order: its customer, line and fleet, the source's goods and window, its tonnes.
    await expectFilled(f, { customer: customer.name, goods: await goodsName(source.goods), tonnes: String(orderTonnes), from: `${day} 06:00`, to: `${day} 20:00` });
    await pick(f, 'vehicleId', '云N·A1234');
    await pick(f, 'driverId', '李建国');
    await f.locator('[data-testid=form-plannedTonnes]').fill(String(planned));
    await f.locator('[data-testid=form-loadingFrom]').fill(`${day} 09:00`);
    await f.locator('[data-testid=form-loadingTo]').fill(`${day} 11:00`);
    await f.locator('[data-testid=form-remark]').fill(`端到端派车 ${token}`);
    await f.locator('[data-testid=form-save]').click();
    await toast(f, '新增成功');
    await wform.waitFor({ state: 'detached' });
    const waybill = await db('ops_waybill').where('remark', 'like', `%${token}%`).first();
    expect(waybill).toMatchObject({ status: 'dispatched', fleet_order_id: order.id, source_id: source.id, loading_from: `${day} 09:00`, loading_to: `${day} 11:00` });
    expect(Number(waybill.planned_tonnes)).toBe(planned);
    const waybillNo = String(waybill.waybill_no);
    expect(await cellOf(f, waybillNo, 'status')).toBe('已派车');

    // 4. The driver, on a phone, drives it step by step.
    const phone = await browser.newContext({ baseURL: f.url().replace(/^(https?:\/\/[^/]+).*$/, '$1'), viewport: { width: 375, height: 740 }, locale: 'en-US', isMobile: true, hasTouch: true });
    const d = await phone.newPage();
    const driverErrors = watchErrors(d);
    await d.goto('/login');
    await d.locator('input[name=username]').fill('driver');
    await d.locator('input[name=password]').fill('Demo@12345');
    await d.locator('[data-testid=login-submit]').click();
    await d.waitForURL((u) => !u.pathname.startsWith('/login'));
    await d.goto('/intelligentdispatch/driveroperation');
    const card = d.locator(`[data-testid=trip-card][data-waybill="${waybillNo}"]`);
    await card.waitFor();
    // The card fits the phone's width.
    expect((await card.boundingBox())!.width).toBeLessThanOrEqual(375);
    const step = async (name: string, status: string) => {
      const button = card.locator(`[data-testid=step-${name}]`);
      await button.click();
      await expect.poll(async () => (await db('ops_waybill').where({ id: waybill.id }).first()).status).toBe(status);
    };
    await step('accept', 'accepted');
    await step('arriveLoading', 'arrivedLoading');
    await card.locator('[data-testid=weigh-gross]').fill('35.200');
    await card.locator('[data-testid=weigh-tare]').fill('15.200');
    await card.locator('[data-testid=weigh-net]').getByText('20.000').waitFor();
    await step('load', 'loaded');
    await step('depart', 'inTransit');
    await step('arrive', 'arrived');
    await card.locator('[data-testid=weigh-gross]').fill('35.190');
    await card.locator('[data-testid=weigh-tare]').fill('15.200');
    await card.locator('[data-testid=receipt-upload-input]').setInputFiles({ name: `签收单-${token}.pdf`, mimeType: 'application/pdf', buffer: PDF });
    await card.getByText(`签收单-${token}.pdf`).waitFor();
    await step('unload', 'unloaded');
    await step('complete', 'completed');
    await card.waitFor({ state: 'detached' });
    const done = await db('ops_waybill').where({ id: waybill.id }).first();
    expect(Number(done.loaded_net)).toBe(20);
    expect(Number(done.unloaded_net)).toBeCloseTo(19.99, 3);
    expect(done.receipt_file_id).not.toBeNull();
    expect(done.loss_review).toBe('none');

    // 5. The shipper sees the waybill completed, with its receipt.
    await openList(s, '/intelligentdispatch/driverwaybill');
    expect(await cellOf(s, waybillNo, 'status')).toBe('已完成');
    await gridRows(s).filter({ hasText: waybillNo }).first().getByText(`签收单-${token}.pdf`).waitFor();
    await s.locator(GRID).waitFor();

    expect([...shipperErrors, ...operatorErrors, ...fleetErrors, ...driverErrors]).toEqual([]);
    await Promise.all([shipper.context.close(), operator.context.close(), fleet.context.close(), phone.close()]);
  }, 240_000);
});

describe('port-ops: a source in containers, an excluded fleet included, the dispatch filled from the order', () => {
  it('shows the lot and each excluded fleet with its rule, includes one with a reason, and dispatches against its order as the operator', async () => {
    const day = dayAhead(7);
    const operator = await signIn(browser, 'operator');
    const o = operator.page;
    const errors = watchErrors(o);
    const customer = await db('ops_customer').where({ name: '瑞丽云海橡胶进出口有限公司' }).first('id', 'name');
    const line = await db('ops_line').where({ name: LINE }).first('id');
    // 200 t in 8 containers, written through the API as the operator's own form would.
    const made = await post(o, '/api/portops/source', {
      customerId: Number(customer.id),
      goods: 'G005',
      tonnes: '200',
      containers: 8,
      lineId: Number(line.id),
      vehicleType: null,
      dangerousGoods: false,
      loadingFrom: instantAt(day, '06:00'),
      loadingTo: instantAt(day, '20:00'),
      unloadBy: instantAt(dayAhead(8), '18:00'),
      remark: `集装箱货源 ${token}`,
    });
    expect(made.code, made.msg).toBe(200);
    expect((await post(o, '/api/portops/source/transition/publish', { ids: [made.data.id] })).code).toBe(200);
    const source = await db('ops_source').where({ id: made.data.id }).first();
    const sourceNo = String(source.source_no);

    await openList(o, '/smartorderassignment/distributeSource');
    await selectRow(o, sourceNo);
    await o.locator('[data-testid=toolbar-distribute]').click();
    const dialog = o.locator('[data-testid=distribution-dialog]');
    await dialog.locator('[data-testid=distribution-fleets]').waitFor();
    expect(await dialog.locator('[data-testid=distribution-lot]').innerText()).toBe('分配单位：每批 25 吨 — 货源 200 吨共 8 箱，一箱不拆分给两个车队');
    await dialog.locator('[data-testid=distribution-excluded]').waitFor();
    const shunda = Number((await db('ops_fleet').where({ name: FLEET }).first('id')).id);
    const row = dialog.locator(`[data-testid=distribution-fleet-${shunda}]`);
    expect(await row.innerText()).toContain('每车队至少 2 批：可用运力');
    expect(await row.innerText()).toContain('不足最小派单量 2 批 × 25 吨 = 50 吨');
    // The true cause of what stays unplaced: the minimum lot, not capacity.
    await dialog.getByText('最小派单量（规则“每车队至少 2 批”）使有运力的车队无法承运').waitFor();
    const input = row.locator(`[data-testid=distribution-tonnes-${shunda}]`);
    expect(await input.isDisabled()).toBe(true);
    await screenshot(o, 'distribution-excluded');

    // Included: its tonnes open; confirmed without a reason, the server asks for one.
    await row.locator(`[data-testid=distribution-include-${shunda}]`).click();
    await input.fill('25');
    await dialog.locator('[data-testid=distribution-confirm]').click();
    await row.getByText('纳入被排除的车队 瑞丽顺达物流车队 须填写理由').waitFor();
    expect(await db('ops_fleet_order').where({ source_id: source.id }).first()).toBeUndefined();
    await row.locator(`[data-testid=distribution-reason-${shunda}]`).fill(`顺达承诺加派一车 ${token}`);
    await screenshot(o, 'distribution-included');
    await dialog.locator('[data-testid=distribution-confirm]').click();
    await toast(o, '已分配，已向');
    await dialog.waitFor({ state: 'detached' });
    const order = await db('ops_fleet_order').where({ source_id: source.id, fleet_id: shunda }).first();
    expect(Number(order.tonnes)).toBe(25);
    const audit = await db('sys_audit_log').where({ resource: 'portops.fleetOrder', record_id: String(order.id), action: 'create' }).first();
    expect(audit.changes).toContain(`顺达承诺加派一车 ${token}`);
    expect((await db('ops_source').where({ id: source.id }).first()).distribution_note).toContain(`纳入理由：顺达承诺加派一车 ${token}`);

    // 顺达's dispatcher accepts it (through the API: the screen is the main flow's).
    const fleet = await signIn(browser, 'fleet');
    const accepted = await post(fleet.page, '/api/portops/fleetOrder/transition/accept', { ids: [Number(order.id)] });
    expect(accepted.code, accepted.msg).toBe(200);
    await fleet.context.close();
    await openList(o, '/intelligentdispatch/fleetwaybill');
    await o.locator('[data-testid=toolbar-add]').click();
    const form = o.locator('[data-testid=resource-form]');
    await form.waitFor();
    await pick(o, 'fleetOrderId', String(order.order_no));
    await expectFilled(o, { customer: customer.name, goods: await goodsName('G005'), tonnes: '25', from: `${day} 06:00`, to: `${day} 20:00` });
    await screenshot(o, 'waybill-filled-from-order');
    await pick(o, 'vehicleId', '云N·A1234');
    await pick(o, 'driverId', '李建国');
    await o.locator('[data-testid=form-remark]').fill(`集装箱派车 ${token}`);
    await o.locator('[data-testid=form-save]').click();
    await toast(o, '新增成功');
    await form.waitFor({ state: 'detached' });
    const waybill = await db('ops_waybill').where('remark', 'like', `%集装箱派车 ${token}%`).first();
    expect(waybill).toMatchObject({ fleet_order_id: order.id, source_id: source.id, customer_id: customer.id, line_id: line.id, fleet_id: shunda, loading_from: `${day} 06:00` });
    expect(Number(waybill.planned_tonnes)).toBe(25);

    // Its detail names the source by its number, not its id.
    await o.locator(`[data-testid=row-detail-${waybill.id}]`).click();
    const drawer = o.locator('[data-testid=detail-drawer]');
    await drawer.locator('[data-testid=detail-sourceNo]').getByText(sourceNo).waitFor();
    expect(await drawer.innerText()).not.toMatch(new RegExp(`货源\\s*${source.id}\\b`));
    await o.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // The demo's trip loaded 9.6 t of 18 t is flagged in the list, with what it loaded.
    const short = await db('ops_waybill').where({ underloaded: 1 }).orderBy('id').first();
    const flagged = gridRows(o).filter({ hasText: String(short.waybill_no) }).locator('[data-testid=waybill-underloaded]');
    await flagged.waitFor();
    expect(await flagged.getAttribute('aria-label')).toBe('装载不足：实装 9.6 吨 / 计划 18 吨（少 46.67%，容差 10%）');
    await screenshot(o, 'waybill-underloaded');
    expect(errors).toEqual([]);
    await operator.context.close();
  }, 180_000);
});

// The open calendar's OK button (core:dates.ok).
const OK: Record<string, string> = { zh: '确认', my: 'အိုကေ' };

describe('port-ops: the source form takes its loading window as date-times in the platform zone', () => {
  for (const lang of ['zh', 'my']) {
    it(`types and picks YYYY-MM-DD HH:mm, sending ISO instants (${lang})`, async () => {
      // The browser in another zone than the platform's: what it shows must not follow the browser.
      const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1024, height: 768 }, locale: 'en-US', timezoneId: ZONE === 'America/New_York' ? 'Asia/Tokyo' : 'America/New_York' });
      const page = await context.newPage();
      page.setDefaultTimeout(20000);
      const errors = watchErrors(page);
      await login(page, 'shipper');
      await page.goto(`/smartorderassignment/publishsource?lng=${lang}`);
      await page.locator(`html[lang^="${lang}"]`).waitFor();
      await page.locator(GRID).waitFor();
      await page.locator('[data-testid=toolbar-add]').click();
      await page.locator('[data-testid=source-form]').waitFor();

      const day = dayAhead(9);
      const from = page.locator('[data-testid=form-loadingFrom-field]');
      expect(await from.innerText()).toContain('YYYY');
      await typeMoment(page, 'loadingFrom', day, '07:45');
      expect(await shown(from)).toBe(`${day} 07:45`);
      expect(await from.getAttribute('data-value')).toBe(instantAt(day, '07:45'));

      // A half-typed value is no value yet.
      const to = page.locator('[data-testid=form-loadingTo-field]');
      await typeDate(to, day.replace(/-/g, ''));
      expect(await to.getAttribute('data-value')).toBe('');

      // The picker: the calendar and the clock in the interface language; the 21st at 14:30.
      await from.locator('.MuiInputAdornment-root button').click();
      const calendar = page.locator('.MuiDateCalendar-root');
      await calendar.waitFor();
      await page.locator('.MuiMultiSectionDigitalClock-root').waitFor();
      await screenshot(page, `publishsource-picker-${lang}`);
      await calendar.locator('button[role=gridcell]', { hasText: /^21$/ }).click();
      await page.locator('.MuiMultiSectionDigitalClockSection-root').nth(0).locator('[role=option]', { hasText: /^14$/ }).click();
      await page.locator('.MuiMultiSectionDigitalClockSection-root').nth(1).locator('[role=option]', { hasText: /^30$/ }).click();
      const ok = page.getByRole('button', { name: OK[lang], exact: true });
      if (await ok.isVisible()) await ok.click();
      await calendar.waitFor({ state: 'hidden' });
      const picked = `${day.slice(0, 8)}21`;
      expect(await shown(from)).toBe(`${picked} 14:30`);
      expect(await from.getAttribute('data-value')).toBe(instantAt(picked, '14:30'));
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
