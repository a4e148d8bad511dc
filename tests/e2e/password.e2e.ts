import { describe, expect, it } from 'vitest';
import { login, PASSWORD, setUpBrowser, signIn } from './support';

const browser = setUpBrowser();

describe('change password', () => {
  it('checks the form, changes the password, and the new one logs in', async () => {
    const { context, page } = await signIn(browser, 'freightagent');
    await page.locator('[data-testid=user-menu-button]').click();
    await page.locator('[data-testid=menu-change-password]').click();
    const dialog = page.locator('[data-testid=change-password-dialog]');
    await dialog.waitFor();

    await page.locator('[data-testid=change-password-submit]').click();
    await dialog.getByText('请输入旧密码').waitFor();
    await dialog.getByText('请输入密码').waitFor();
    await dialog.getByText('请再次输入密码').waitFor();

    await dialog.locator('input[name=oldPassword]').fill(PASSWORD);
    await dialog.locator('input[name=password]').fill('NewPass#2026');
    await dialog.locator('input[name=checkPassword]').fill('NewPass#2027');
    await dialog.getByText('两次输入密码不一致').waitFor();

    // A wrong old password is refused by the server, shown as an error toast.
    await dialog.locator('input[name=oldPassword]').fill('not-my-password');
    await dialog.locator('input[name=checkPassword]').fill('NewPass#2026');
    await page.locator('[data-testid=change-password-submit]').click();
    await page.locator('[data-testid=toast]').getByText('密码修改失败，旧密码错误').waitFor();

    await dialog.locator('input[name=oldPassword]').fill(PASSWORD);
    await page.locator('[data-testid=change-password-submit]').click();
    await page.locator('[data-testid=toast]').getByText('密码修改成功').waitFor();
    await dialog.waitFor({ state: 'detached' });

    await page.locator('[data-testid=user-menu-button]').click();
    await page.locator('[data-testid=menu-logout]').click();
    await page.waitForURL('**/login');

    await page.locator('input[name=username]').fill('freightagent');
    await page.locator('input[name=password]').fill(PASSWORD);
    await page.locator('[data-testid=login-submit]').click();
    expect(await page.locator('[data-testid=login-error]').textContent()).toBe('账号或密码错误');

    await login(page, 'freightagent', 'NewPass#2026');
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await context.close();
  });
});
