import { after, before } from 'node:test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { REPO_ROOT } from '../launcher/platform.js';
import { launchBrowser } from './browser.js';
import { startTestPlatform, type TestPlatform } from './harness.js';

/** Where browser tests leave their screenshots (some are copied into docs/screenshots). */
export const SHOTS = path.join(REPO_ROOT, '.data', 'screenshots');

export interface BrowserSuite {
  p: TestPlatform;
  browser: Browser;
  /** The demo super admin's token, for API calls that set the scene. */
  admin: string;
}

/**
 * Registers the enclosing suite's set-up and tear-down: the whole platform with demo data,
 * Debian's Chromium and the demo admin's token; `ready` then waits for (or makes) whatever the
 * suite's tests need. Call it inside `describe`.
 */
export function browserSuite(ready?: (s: BrowserSuite) => Promise<void>): BrowserSuite {
  const s = {} as BrowserSuite;
  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    s.p = await startTestPlatform();
    s.browser = await launchBrowser();
    s.admin = await s.p.login('admin', 'Wind@2026');
    await ready?.(s);
  });
  after(async () => {
    await s.browser?.close();
    await s.p?.stop();
  });
  return s;
}
