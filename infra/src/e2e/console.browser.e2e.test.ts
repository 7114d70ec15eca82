import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { errorText } from '@windward/contracts';
import { type TestPlatform } from './harness.js';
import { SHOTS, browserSuite } from './browser-suite.js';

const shots = SHOTS;

describe('web console in a real browser, through the gateway', () => {
  let p: TestPlatform;
  let browser: Browser;

  browserSuite(async (s) => {
    ({ p, browser } = s);
  });

  async function openLogin(locale?: 'en_us' | 'zh_cn'): Promise<Page> {
    const context = await browser.newContext();
    if (locale) await context.addInitScript((l) => window.localStorage.setItem('locale', l), locale);
    const page = await context.newPage();
    await page.goto(p.url + '/');
    await page.waitForURL(/#\/login/);
    return page;
  }

  test('the root redirects to sign-in; a wrong password shows the catalogue message; switching to Chinese re-translates it', async () => {
    const page = await openLogin();
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const error = page.getByTestId('login-error');
    await error.waitFor();
    assert.match(await error.innerText(), new RegExp(errorText('WRONG_USERNAME_OR_PASSWORD', 'en_us').slice(0, 20)));
    await page.getByTestId('language-switch').click();
    await page.getByText('中文').click();
    await page.getByRole('button', { name: /登\s*录/ }).waitFor();
    assert.match(await error.innerText(), new RegExp(errorText('WRONG_USERNAME_OR_PASSWORD', 'zh_cn').slice(0, 6)));
    assert.equal(await page.evaluate(() => window.localStorage.getItem('locale')), 'zh_cn');
    await page.screenshot({ path: path.join(shots, 'login-error-zh.png') });
    await page.context().close();
  });

  test('signing in lands on the global map with the user name in the header; logout clears the session', async () => {
    const page = await openLogin();
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('Wind@2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/#\/explore\/globalMap/);
    assert.equal(await page.getByTestId('user-display-name').innerText(), 'Super Admin');
    const stored = await page.evaluate(() => ({
      access: window.localStorage.getItem('access_token'),
      refreshAt: Number(window.localStorage.getItem('refresh_time')),
    }));
    assert.ok(stored.access && stored.access.split('.').length === 3, 'a JWT access token is stored');
    // refresh time = the token's expiry minus 10 min (SPEC §9), or now for a life shorter than that
    const exp = (JSON.parse(Buffer.from(stored.access!.split('.')[1]!, 'base64url').toString()) as { exp: number }).exp * 1000;
    assert.ok(
      Math.abs(stored.refreshAt - Math.max(Date.now(), exp - 10 * 60_000)) < 60_000,
      `refresh time ${stored.refreshAt}, expiry ${exp}`,
    );
    await page.screenshot({ path: path.join(shots, 'landing-en.png') });
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/#\/login/);
    assert.equal(await page.evaluate(() => window.localStorage.getItem('access_token')), null);
    await page.context().close();
  });

  test("the signed-in console draws with antd's prebuilt stylesheet, the sign-in page with run-time styles", async () => {
    // What the page's stylesheets hold: antd's file (loaded?) and the styles antd wrote at run time.
    const styles = (page: Page) =>
      page.evaluate(() => {
        const link = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"][href*="antd"]');
        const written = Array.from(document.querySelectorAll('style'))
          .map((s) => s.textContent ?? '')
          .join('\n');
        return {
          file: link ? Boolean(link.sheet) : null,
          writtenKB: written.length / 1024,
          writtenTable: written.includes('.ant-table-wrapper'),
        };
      });
    const page = await openLogin();
    assert.equal((await styles(page)).file, null, 'the sign-in page does not load the stylesheet');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('Wind@2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/#\/explore\/globalMap/);
    assert.equal((await styles(page)).file, true, 'loaded with the session on sign-in');
    // A reload with the kept token loads it at boot; a table first drawn now writes no styles of its own.
    await page.goto(p.url + '/#/configuration/userCenter');
    await page.reload();
    await page.locator('.ant-table-wrapper').first().waitFor();
    const after = await styles(page);
    assert.equal(after.file, true);
    assert.equal(after.writtenTable, false, "the table's styles come from the file, not written at run time");
    // Our theme still applies through antd's CSS variables (the contrast-safe blue, not antd's #1677ff).
    const primary = page.locator('.ant-btn-primary').first();
    await primary.waitFor();
    assert.equal(await primary.evaluate((b) => getComputedStyle(b).backgroundColor), 'rgb(9, 88, 217)');
    assert.notEqual(
      await page
        .locator('.ant-table-thead th')
        .first()
        .evaluate((th) => getComputedStyle(th).backgroundColor),
      'rgba(0, 0, 0, 0)',
      'the table header is styled',
    );
    await page.context().close();
  });

  test('a labeler signs in in Chinese and sees only the areas its rights allow', async () => {
    const page = await openLogin('zh_cn');
    await page.getByLabel('用户名').fill('labeler');
    await page.getByLabel('密码').fill('Demo@2026');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL(/#\/(explore|qaCenter)/);
    const menu = await page.getByRole('menu').first().innerText();
    await page.screenshot({ path: path.join(shots, 'labeler-zh.png') });
    assert.match(menu, /质检中心/, 'the QA centre is in the menu');
    assert.doesNotMatch(menu, /配置中心|Configuration/, 'no configuration centre for a labeler');
    await page.context().close();
  });

  test('Chinese survives a reload; an expired session goes to sign-in and comes back to the requested page', async () => {
    const page = await openLogin();
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('Wind@2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/#\/explore\/globalMap/);
    await page.getByTestId('language-switch').click();
    await page.getByText('中文').click();
    await page.getByRole('menu').first().getByText('我的资产').waitFor();
    await page.reload();
    await page.getByRole('menu').first().getByText('我的资产').waitFor();
    assert.match(
      await page
        .getByRole('button', { name: /退出登录|退 出/ })
        .first()
        .innerText(),
      /退/,
    );

    // The session expires (the server no longer accepts the token) while the user works.
    await page.evaluate(() => window.localStorage.setItem('access_token', 'expired.token.value'));
    await page.goto(p.url + '/#/configuration/userCenter');
    await page.waitForURL(/#\/(before-login|login)/);
    await page.getByLabel('用户名').fill('admin');
    await page.getByLabel('密码').fill('Wind@2026');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL(/#\/configuration\/userCenter/);
    await page.screenshot({ path: path.join(shots, 'user-center-after-relogin-zh.png') });
    await page.context().close();
  });
});
