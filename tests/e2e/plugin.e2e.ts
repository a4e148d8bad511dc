import { describe, expect, it } from 'vitest';
import { setUpBrowser, signIn } from './support';

const browser = setUpBrowser();

describe('example partner plugin', () => {
  it('mounts its screen under the main layout and its print view under the bare layout', async () => {
    const { context, page } = await signIn(browser, 'operator');
    await page.locator('[data-testid=menu-group-partner]').click();
    await page.locator('[data-testid="menu-item-partner.hello"]').click();
    await page.locator('[data-testid=partner-hello]').waitFor();
    expect(await page.locator('[data-testid=partner-hello]').innerText()).toContain('Mingalaba');
    expect(await page.locator('[data-testid=breadcrumb]').innerText()).toContain('合作伙伴示例');

    await page.goto('/partner/print');
    expect(await page.locator('[data-testid=partner-print]').textContent()).toBe('共 2 条问候语');
    expect(await page.locator('[data-testid=sidebar]').count()).toBe(0);
    await context.close();
  });

  it('refuses its screen to a role that was not granted it, on the server', async () => {
    const { context } = await signIn(browser, 'shipagent');
    const res = await context.request.get('/partner/hello', { maxRedirects: 0 });
    expect(res.status()).toBe(403);
    const data = await context.request.get('/partner/hello.data', { maxRedirects: 0 });
    expect(await data.text()).not.toContain('Mingalaba');
    await context.close();
  });
});
