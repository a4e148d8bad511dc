import { describe, expect, it } from 'vitest';
import { baseUrl, cookie, newContext, openPage, PASSWORD, screenshot, setUpBrowser, signIn, watchErrors } from './support';

const browser = setUpBrowser();

describe('login and logout', () => {
  it('shows the login page in Chinese by default and hydrates without errors', async () => {
    const { context, page } = await openPage(browser);
    const errors = watchErrors(page);
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: '中缅口岸综合服务平台' })).toBeTruthy();
    expect(await page.locator('h1').textContent()).toBe('中缅口岸综合服务平台');
    expect(await page.locator('[data-testid=login-submit]').textContent()).toBe('登录');
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'login');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('requires username and password before submitting', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/login');
    await page.waitForLoadState('networkidle');
    await page.locator('[data-testid=login-submit]').click();
    await page.getByText('请输入用户名').waitFor();
    await page.getByText('请输入密码').waitFor();
    expect(page.url()).toContain('/login');
    await context.close();
  });

  it('refuses a wrong password with the account/password error', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/login');
    await page.locator('input[name=username]').fill('shipagent');
    await page.locator('input[name=password]').fill('wrong-password');
    await page.locator('[data-testid=login-submit]').click();
    const error = page.locator('[data-testid=login-error]');
    await error.waitFor();
    expect(await error.textContent()).toBe('账号或密码错误');
    expect(await cookie(context, 'sid')).toBeUndefined();
    expect(await page.locator('input[name=username]').inputValue()).toBe('shipagent');
    await context.close();
  });

  it('logs in, greets the user, sets hasLogin, and logs out again', async () => {
    const { context, page } = await signIn(browser, 'admin');
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    const banner = page.locator('[data-testid=welcome-banner]');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('欢迎回来，系统管理员');
    const sid = await cookie(context, 'sid');
    expect(sid?.httpOnly).toBe(true);
    expect(sid?.sameSite).toBe('Lax');
    expect((await cookie(context, 'hasLogin'))?.value).toBe('1');
    await page.locator('[data-testid=dashboard]').waitFor();
    await screenshot(page, 'dashboard-admin');

    // The banner greets once per login, not on every page.
    await page.reload();
    await page.locator('[data-testid=dashboard]').waitFor();
    expect(await page.locator('[data-testid=welcome-banner]').count()).toBe(0);

    await page.locator('[data-testid=user-menu-button]').click();
    await page.locator('[data-testid=menu-logout]').click();
    await page.waitForURL('**/login');
    expect(await cookie(context, 'hasLogin')).toBeUndefined();
    await page.goto('/dashboard');
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('signs in through the login API used by existing clients', async () => {
    const context = await newContext(browser);
    // A browser sends Origin with every POST; Playwright's API requests need it spelled out.
    const headers = { origin: baseUrl() };
    const res = await context.request.post('/api/login/auth', { data: { username: 'broker', password: PASSWORD, type: 1 }, headers });
    expect((await res.json()).code).toBe(200);
    const info = await (await context.request.post('/api/login/getInfo', { headers })).json();
    expect(info.data.username).toBe('broker');
    expect(info.data.userType).toBe(5);
    expect(info.data.roles).toEqual([{ roleName: '报关管理', roleCode: 'customs_admin' }]);
    await context.request.post('/api/login/logout', { headers });
    const after = await context.request.post('/api/login/getInfo', { headers });
    expect((await after.json()).code).toBe(20011);
    await context.close();
  });
});
