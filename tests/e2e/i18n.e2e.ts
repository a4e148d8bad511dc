import { describe, expect, it } from 'vitest';
import { cookie, openPage, screenshot, setUpBrowser, signIn } from './support';

const browser = setUpBrowser();

describe('languages', () => {
  it('switches to Burmese from the top bar, and the choice survives a reload', async () => {
    const { context, page } = await signIn(browser, 'admin');
    await page.locator('[data-testid=dashboard]').waitFor();
    await page.locator('[data-testid=language-button]').click();
    await page.locator('[data-testid=lang-my]').click();
    await page.waitForLoadState('load');
    await page.locator('[data-testid=dashboard]').waitFor();
    expect(new URL(page.url()).search).toBe('');
    // Remix cookies hold base64-encoded JSON.
    const lng = (await cookie(context, 'lng'))?.value ?? '';
    expect(JSON.parse(Buffer.from(decodeURIComponent(lng), 'base64').toString())).toBe('my');
    expect(await page.locator('html').getAttribute('lang')).toBe('my-MM');
    expect(await page.locator('[data-testid=dashboard] h6').first().textContent()).toBe('ဒေတာ စာရင်းအင်း');
    expect(await page.locator('[data-testid=menu-group-management]').innerText()).toContain('စနစ် စီမံခန့်ခွဲမှု');
    await page.reload();
    expect(await page.locator('[data-testid=breadcrumb]').innerText()).toContain('ဒေတာ စာရင်းအင်း');
    // The Burmese font is served with the page so the script renders on any machine.
    const fontLoaded = await page.evaluate(async () => {
      await document.fonts.ready;
      return document.fonts.check('16px "Noto Sans Myanmar"', 'မြန်မာ');
    });
    expect(fontLoaded).toBe(true);
    await screenshot(page, 'dashboard-my');

    await page.goto('/dashboard?lng=en');
    expect(await page.locator('[data-testid=dashboard] h6').first().textContent()).toBe('Data statistics');
    await context.close();
  });

  it('shows the login page in Burmese with ?lng=my', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/login?lng=my');
    expect(await page.locator('[data-testid=login-submit]').textContent()).toBe('ဝင်ရောက်ရန်');
    await page.locator('[data-testid=login-submit]').click();
    await page.getByText('အသုံးပြုသူအမည် ထည့်ပါ').waitFor();
    await screenshot(page, 'login-my');
    await context.close();
  });
});
