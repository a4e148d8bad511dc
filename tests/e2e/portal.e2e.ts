// The public portal on another origin: the demo portal page (examples/portal-demo/serve.mjs,
// started here on a free port against the test app) embeds the three widgets. The news widget
// lists published news and opens one; the message form posts a message with two files and shows
// its number; the operator replies in the back office (门户管理 → 在线留言); the widget's look-up
// shows the reply; the settlement viewer (its token from the demo server's /embed-token, which
// exchanges a partner API token for an embed token) shows the demo trader's bills and nothing
// else. The page's own styles stay out of the widgets (Shadow DOM).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { freePort } from '../support/net';
import { PASSWORD, baseUrl, login, openList, screenshot, setUpAppDb, setUpBrowser, transition, watchErrors } from './support';

const browser = setUpBrowser();
const db = setUpAppDb();
const ROOT = path.resolve(__dirname, '../..');

let demo: ChildProcess | undefined;
let demoUrl = '';

/** The demo portal page's server on a free port, talking to the test app. */
async function startDemo(): Promise<void> {
  const port = await freePort();
  demoUrl = `http://127.0.0.1:${port}`;
  demo = spawn(process.execPath, [path.join(ROOT, 'examples/portal-demo/serve.mjs'), '--port', String(port), '--app', baseUrl()], {
    cwd: ROOT,
    env: { ...process.env, PORTAL_ADMIN_PASSWORD: PASSWORD, PORTAL_API_TOKEN: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`demo page did not start:\n${output}`)), 20_000);
    demo!.stdout!.on('data', (b: Buffer) => {
      output += b.toString();
      if (output.includes('[portal-demo] http://')) {
        clearTimeout(timer);
        resolve();
      }
    });
    demo!.stderr!.on('data', (b: Buffer) => process.stderr.write(b));
    demo!.on('exit', (code) => reject(new Error(`demo page exited (${code}):\n${output}`)));
  });
}

/** The demo origin on the portal origins list, as an administrator adds it (the portal origins screen's API). */
async function allowDemoOrigin(page: Page): Promise<void> {
  await login(page, 'admin');
  const answer = await page.evaluate(async (origin) => {
    const res = await fetch('/api/portal/origin', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ origin, enabled: true, remark: 'portal.e2e.ts' }) });
    return { status: res.status, body: await res.text() };
  }, demoUrl);
  expect(answer.status, answer.body).toBe(200);
}

beforeAll(async () => {
  await startDemo();
  const context = await browser.newContext({ baseURL: baseUrl() });
  await allowDemoOrigin(await context.newPage());
  await context.close();
}, 60_000);

afterAll(() => {
  demo?.kill('SIGTERM');
});

/** The demo page in a fresh context (no session of the platform's: the widgets need none). */
async function openDemo(lang = 'zh', width = 1280): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${demoUrl}/?lang=${lang}`);
  return { page, errors };
}

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 144]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');

describe('the demo portal page on another origin', () => {
  it('shows the demo trader’s bills and nothing else in the settlement viewer (token from the portal’s server)', async () => {
    const { page, errors } = await openDemo('en');
    const viewer = page.locator('port-settlement-status');
    const table = viewer.locator('[data-testid=pw-bills]');
    await table.waitFor({ timeout: 15_000 });
    const trader = await db('sys_user').where({ username: 'trader' }).first('id', 'company_name');
    const theirs = await db('fin_bill').where({ payer_user_id: trader.id, push_flag: 'pushed' }).orderBy([{ column: 'bill_date', order: 'desc' }, { column: 'id', order: 'desc' }]).select('serial_no');
    expect(theirs.length).toBeGreaterThan(0);
    const shown = await viewer.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-serial')));
    expect(shown).toEqual(theirs.slice(0, 10).map((r) => r.serial_no));
    const others = await db('fin_bill').whereNot({ payer_user_id: trader.id }).orWhereNull('payer_user_id').pluck('serial_no');
    const text = await viewer.innerText();
    for (const s of others) expect(text).not.toContain(s);
    await expect.poll(() => viewer.locator('h2').innerText()).toContain(trader.company_name);
    // The host's `button { background: hotpink }` and `h2 { text-transform: uppercase }` stay outside the widget.
    const style = await viewer.locator('h2').evaluate((h) => getComputedStyle(h).textTransform);
    expect(style).toBe('none');
    expect(errors).toEqual([]);
    await screenshot(page, 'portal-demo-bills-en');
  });

  it('lists published news in the news widget and opens one', async () => {
    const { page, errors } = await openDemo('zh');
    const widget = page.locator('#news');
    const listed = (await (await fetch(`${baseUrl()}/api/portal/public/news?lang=zh&page=1&pageSize=5`)).json()) as { data: { rows: { title: string }[]; total: number } };
    expect(listed.data.total).toBeGreaterThan(0);
    const first = widget.locator('.pw-news-item .pw-news-title').first();
    await first.waitFor({ timeout: 15_000 });
    const title = await first.innerText();
    expect(title).toBe(listed.data.rows[0].title);
    expect(await widget.locator('.pw-news-item').count()).toBe(listed.data.rows.length);
    await first.click();
    const detail = widget.locator('[data-testid=pw-news-detail]');
    await detail.locator('h3').filter({ hasText: title }).waitFor();
    expect((await detail.locator('.pw-article').innerText()).length).toBeGreaterThan(0);
    await detail.getByText('返回列表').click();
    await widget.locator('.pw-news-item').first().waitFor();
    expect(errors).toEqual([]);
  });

  it('posts a message with two files, the operator replies in the back office, and the look-up shows the reply', async () => {
    const { page } = await openDemo('zh');
    const form = page.locator('port-message-form');
    const email = `portal.e2e.${Date.now()}@example.com`;
    await form.locator('select[name=type]').selectOption('suggestion');
    await form.locator('input[name=name]').fill('端到端测试');
    await form.locator('input[name=email]').fill(email);
    await form.locator('input[name=contact]').fill('13900000000');
    await form.locator('textarea[name=content]').fill('建议在门户上公布每日通关车辆数量。');
    await form.locator('input[type=file]').setInputFiles([
      { name: 'photo.png', mimeType: 'image/png', buffer: PNG },
      { name: 'plan.pdf', mimeType: 'application/pdf', buffer: PDF },
    ]);
    await expect.poll(() => form.locator('[data-testid=pw-files] li').count()).toBe(2);
    await form.getByRole('button', { name: '提交留言' }).click();
    const no = (await form.locator('[data-testid=pw-message-no]').innerText({ timeout: 15_000 })).trim();
    expect(no.length).toBeGreaterThan(0);

    const staff = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1366, height: 800 } });
    const office = await staff.newPage();
    await login(office, 'operator');
    await openList(office, '/portalManagement/message');
    const reply = '感谢建议，我们将于下月起每日公布通关车辆数量。';
    await transition(office, 'reply', no, '操作成功', reply);
    await staff.close();

    await form.locator('input[name=no]').fill(no);
    await form.locator('input[name=lookupEmail]').fill(email);
    await form.getByRole('button', { name: '查询' }).click();
    await expect.poll(() => form.locator('[data-testid=pw-lookup-reply]').innerText(), { timeout: 10_000 }).toBe(reply);
    expect(await form.locator('[data-testid=pw-lookup-status]').innerText()).toBe('已回复');
    await screenshot(page, 'portal-demo-message-zh');
  });
});

describe('the widgets on a page with no Myanmar font', () => {
  it('bring their own: Burmese news is drawn in the widgets’ Myanmar font, not as boxes', async () => {
    const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    // The demo's bare page (examples/portal-demo/bare.html): the widget script and nothing else, no font of its own; this machine has no Myanmar font either.
    await page.goto(`${demoUrl}/bare.html?lang=my`);
    const title = page.locator('port-news .pw-news-title').first();
    await title.waitFor({ timeout: 15_000 });
    expect(await title.innerText()).toMatch(/[\u1000-\u109F]/);
    await page.evaluate(() => document.fonts.ready);
    const font = await page.evaluate(async () => {
      const faces = [...document.fonts].filter((f) => f.family.replace(/"/g, '') === 'Port Widgets Myanmar');
      // Both weights load from the platform, cross-origin (the bold one is not on screen yet: asked for).
      await Promise.all(faces.map((f) => f.load().catch(() => f)));
      return { declared: !!document.head.querySelector('style[data-port-widgets-font]'), faces: faces.map((f) => `${f.weight}:${f.status}`), drawn: document.fonts.check('15px "Port Widgets Myanmar"', 'မြန်မာ') };
    });
    expect(font.declared).toBe(true);
    expect(font.faces).toEqual(['400:loaded', '700:loaded']);
    expect(font.drawn).toBe(true);
    expect(await title.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/^"Port Widgets Myanmar"/);
    expect(errors).toEqual([]);
    await screenshot(page, 'portal-widgets-myanmar-font');
    await context.close();
  });
});
