// News in the back office (展示信息 → 新闻资讯) as the platform operator writes it: a new item with
// its cover image and rich text (bold, a link through the editor's link dialog, which refuses an
// address that is not http(s)/mailto), saved unpublished and so absent from the public API, then
// published from the toolbar: the public news API lists it in its language, with the cover and
// the content as the editor made it, sanitised.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseUrl, formSelect, gridRows, openList, setUpAppDb, setUpBrowser, signIn, toast, transition, watchErrors } from './support';

const browser = setUpBrowser();
const db = setUpAppDb();
const COVER = path.resolve(__dirname, '../../plugins/portal/news/demo/port.png');

describe('news in the back office', () => {
  it('the operator writes a news item with a cover, bold text and a link, publishes it, and the public API serves it', async () => {
    const { context, page } = await signIn(browser, 'operator');
    const errors = watchErrors(page);
    const title = `端到端新闻 ${Date.now().toString(36)}`;
    await openList(page, '/dataBase/displayInformation/news');
    await page.locator('[data-testid=toolbar-add]').click();

    await page.locator('[data-testid=form-coverFileId-input]').setInputFiles(COVER);
    await page.locator('[data-testid=form-coverFileId-preview]').waitFor();
    await page.locator('[data-testid=form-title]').fill(title);
    await formSelect(page, 'type', 'portNews');
    await formSelect(page, 'lang', 'zh');
    await page.locator('[data-testid=form-source]').fill('瑞丽口岸物流调度中心');
    await page.locator('[data-testid=form-summary]').fill('端到端测试写的一条港口新闻摘要。');

    const editor = page.locator('[data-testid=form-content]');
    await editor.click();
    await page.keyboard.press('Control+b');
    await page.keyboard.type('瑞丽港');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('今日开通新的集装箱班列。详情');
    // "详情" becomes a link: select it, open the link dialog.
    for (let i = 0; i < 2; i++) await page.keyboard.press('Shift+ArrowLeft');
    await page.locator('[data-testid=form-content-link]').click();
    const href = page.locator('[data-testid=form-content-link-href]');
    await href.fill('javascript:alert(1)');
    await page.locator('[data-testid=form-content-link-ok]').click();
    await page.getByText('链接地址须以 http://、https:// 或 mailto: 开头').waitFor();
    await href.fill('https://www.example.com/news');
    await page.locator('[data-testid=form-content-link-ok]').click();
    await expect.poll(() => editor.locator('a[href="https://www.example.com/news"]').count()).toBe(1);

    await page.locator('[data-testid=form-save]').click();
    await toast(page, '新增成功');
    const row = gridRows(page).filter({ hasText: title });
    await row.waitFor();
    expect(await row.textContent()).toContain('未发布');

    const saved = await db('ptl_news').where({ title }).first();
    expect(saved.status).toBe('unpublished');
    expect(saved.cover_file_id).toBeTruthy();
    expect(saved.content).toContain('<strong>瑞丽港</strong>');
    expect(saved.content).toContain('href="https://www.example.com/news"');

    const publicList = async () => (await (await fetch(`${baseUrl()}/api/portal/public/news?lang=zh&pageSize=50`)).json()).data.rows as { id: number; title: string; coverUrl: string | null }[];
    expect((await publicList()).some((n) => n.title === title)).toBe(false);

    await transition(page, 'publish', title, '操作成功');
    await expect.poll(async () => (await row.textContent()) ?? '').toContain('已发布');

    // From the detail drawer as well: taken off the shelf, the drawer and the list behind it say so at once (no reload).
    const id = Number(saved.id);
    await page.locator(`[data-testid=row-detail-${id}]`).click();
    await page.locator('[data-testid=detail-tab-state]').click();
    await page.locator('[data-testid=detail-transition-offShelf]').click();
    await page.locator('[data-testid=confirm-ok]').click();
    await toast(page, '操作成功');
    await expect.poll(async () => (await row.textContent()) ?? '').toContain('已下架');
    await page.locator('[data-testid=detail-tab-fields]').click();
    await expect.poll(() => page.locator('[data-testid=detail-status]').innerText()).toBe('已下架');
    await page.locator('[data-testid=detail-tab-state]').click();
    await page.locator('[data-testid=detail-transition-republish]').click();
    await page.locator('[data-testid=confirm-ok]').click();
    await expect.poll(async () => (await row.textContent()) ?? '').toContain('已发布');
    await page.locator('[data-testid=detail-close]').click();

    const card = (await publicList()).find((n) => n.title === title);
    expect(card).toBeTruthy();
    const cover = await fetch(new URL(card!.coverUrl!, baseUrl()));
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toBe('image/png');
    const detail = (await (await fetch(`${baseUrl()}/api/portal/public/news/${card!.id}?lang=zh`)).json()).data;
    expect(detail.contentHtml).toContain('<strong>瑞丽港</strong>');
    expect(detail.contentHtml).toMatch(/<a [^>]*href="https:\/\/www\.example\.com\/news"[^>]*>详情<\/a>/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
