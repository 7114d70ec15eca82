import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { refreshTimeOfNewToken, TOKEN_STORAGE_KEYS as KEYS } from '@windward/contracts';
import { passwordGrant, WEB_CLIENT_ID } from './harness.js';

/** Debian's Chromium with the flags our machines need (no sandbox as root, no background network). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export interface SignInOptions {
  /** Demo admin by default. */
  user?: string;
  password?: string;
  /** Kept in localStorage before the first page loads; the login form's labels follow it. */
  locale?: 'en_us' | 'zh_cn';
  viewport?: { width: number; height: number };
  /** The global map asks a tile server on the internet; blank it where a test lands on the map. */
  noMapTiles?: boolean;
  /** The map's online tile server cannot be reached (as without internet): its requests fail. */
  offlineMapTiles?: boolean;
  /**
   * Open the console at this address (`/#/qaCenter/taskPool`) already signed in: the user's
   * tokens come from the password grant the login form sends, kept where the console keeps them,
   * so the page starts at the test's screen without drawing the login form and the home map first
   * (~1.3 CPU-s of Chromium less per test on our 2-core machines: docs/ci.md, session 23). The
   * promise resolves once the page has loaded; the test waits for its own screen. Without `at`
   * the user signs in through the form (console, accessibility and daily-work tests do).
   */
  at?: string;
}

const LABELS = {
  en_us: { user: 'Username', password: 'Password', submit: 'Sign in' as string | RegExp },
  zh_cn: { user: '用户名', password: '密码', submit: /登\s*录/ as string | RegExp },
};

/** A fresh browser context signed in through the real login form; resolves once the shell shows the user menu. */
export async function signIn(browser: Browser, baseUrl: string, o: SignInOptions = {}): Promise<Page> {
  const locale = o.locale ?? 'en_us';
  const user = o.user ?? 'admin';
  const password = o.password ?? 'Wind@2026';
  let storageState: BrowserContextOptions['storageState'];
  if (o.at !== undefined) {
    const tokens = await passwordGrant(baseUrl, user, password);
    // The keys and values the console's own sign-in writes (web/src/core/session/session.ts).
    const localStorage = [
      { name: KEYS.accessToken, value: tokens.access_token },
      { name: KEYS.refreshToken, value: tokens.refresh_token },
      { name: KEYS.refreshTime, value: String(refreshTimeOfNewToken(Date.now(), tokens.expires_in)) },
      { name: KEYS.clientId, value: WEB_CLIENT_ID },
    ];
    storageState = { cookies: [], origins: [{ origin: new URL(baseUrl).origin, localStorage }] };
  }
  const context = await browser.newContext({ viewport: o.viewport ?? { width: 1600, height: 1000 }, storageState });
  await context.addInitScript((l) => {
    // Documents without storage (the blank page that seeds `at`'s storage) have nothing to set.
    try {
      window.localStorage.setItem('locale', l);
    } catch {
      /* no storage in this document */
    }
  }, locale);
  if (o.noMapTiles) {
    await context.route('**/app_config.json', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), mapTileUrl: '' } });
    });
  }
  if (o.offlineMapTiles) await context.route(/tile\.openstreetmap\.org/, (route) => route.abort('internetdisconnected'));
  const page = await context.newPage();
  if (o.at !== undefined) {
    await page.goto(baseUrl + o.at);
    return page;
  }
  await page.goto(baseUrl + '/');
  await page.waitForURL(/#\/login/);
  const l = LABELS[locale];
  await page.getByLabel(l.user).fill(user);
  await page.getByLabel(l.password).fill(password);
  await page.getByRole('button', { name: l.submit }).click();
  await page.getByTestId('user-menu').waitFor();
  return page;
}

/**
 * Picks a language in the header's switch. A drawer that has just closed hands the focus back to
 * what opened it when its closing motion ends, which can close a dropdown opened in that instant:
 * then open it again (a person would simply click once more).
 */
export async function switchLanguage(page: Page, optionTitle: 'English' | '中文'): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    await page.getByTestId('language-switch').click();
    const option = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle(optionTitle);
    try {
      await option.waitFor({ state: 'visible', timeout: 3000 });
      await option.click({ timeout: 3000 });
      return;
    } catch (err) {
      if (attempt >= 2) throw err;
      await page.keyboard.press('Escape');
    }
  }
}


/**
 * Waits until every deep-zoom viewer inside `scope` (the page by default) has come to rest with
 * the tiles of its view loaded (`data-settled`, set by the viewer from OpenSeadragon's events).
 */
export async function viewersSettled(page: Page, scope = 'body'): Promise<void> {
  await page.waitForFunction((sel) => {
    const viewers = Array.from(document.querySelectorAll(`${sel} [data-testid="osd-viewer"]`));
    return viewers.length > 0 && viewers.every((v) => v.getAttribute('data-settled') === 'true');
  }, scope);
}

/**
 * Wheel-zooms in (`steps` notches) where the mouse is. OpenSeadragon ignores a wheel event that
 * comes within 50 ms of the last one (minScrollDeltaTime), so each notch waits until the overlay
 * has followed it and the viewer has come to rest before the next.
 */
export async function wheelZoomIn(page: Page, steps: number): Promise<void> {
  const transform = () => document.querySelector('[data-testid="polygon-overlay"] g')?.getAttribute('transform') ?? null;
  for (let i = 0; i < steps; i++) {
    const before = await page.evaluate(transform);
    await page.mouse.wheel(0, -300);
    await page.waitForFunction((t) => document.querySelector('[data-testid="polygon-overlay"] g')?.getAttribute('transform') !== t, before);
    await viewersSettled(page);
  }
}

/**
 * Clicks a button of an antd dialog once the dialog's opening zoom has ended. The zoom starts
 * from the control that opened it, scaled down: under load Playwright can find the button
 * "stable" for two frames before the motion moves it, and its click then lands beside the dialog
 * (sort-and-remove's submit, 2026-11-27: a 16 × 6 px box at the header's Submit; the POST never
 * came). Settled = no zoom class on the dialog and the button drawn at its layout size.
 */
export async function clickInSettledDialog(page: Page, testId: string): Promise<void> {
  const button = page.getByTestId(testId);
  await button.waitFor();
  await page.waitForFunction((id) => {
    const el = document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
    const dialog = el?.closest('.ant-modal');
    if (!el || !dialog || /\bant-zoom-/.test(dialog.className)) return false;
    const box = el.getBoundingClientRect();
    return Math.abs(box.width - el.offsetWidth) < 1 && Math.abs(box.height - el.offsetHeight) < 1;
  }, testId);
  await button.click();
}
