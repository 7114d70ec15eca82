import { after, afterEach, before } from 'node:test';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { REPO_ROOT } from '../launcher/platform.js';
import { launchBrowser } from './browser.js';
import { startTestPlatform, type TestPlatform } from './harness.js';

/** Where browser tests leave their screenshots (some are copied into docs/screenshots). */
export const SHOTS = path.join(REPO_ROOT, '.data', 'screenshots');
/** Where a failed browser test leaves a Playwright trace and a screenshot of each open page. */
export const FAILURES = path.join(REPO_ROOT, '.data', 'e2e-failures');

export interface BrowserSuite {
  p: TestPlatform;
  browser: Browser;
  /** The demo super admin's token, for API calls that set the scene. */
  admin: string;
}

/**
 * Every context the suite's browser opens records a Playwright trace (actions, DOM snapshots,
 * network), so that a failure can be replayed with `npx playwright show-trace <zip>`. The trace's
 * screencast is left off: it costs a core on our machines; a failure saves real screenshots.
 */
/** Each context's browser console lines (warnings, errors, page errors), kept for a failure's evidence. */
const consoleLines = new WeakMap<BrowserContext, string[]>();

function traceEveryContext(browser: Browser, cspViolations: string[]): void {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options?: Parameters<Browser['newContext']>[0]): Promise<BrowserContext> => {
    // As a user who asked the system for less motion (the console then turns antd's animations
    // off): a control still sliding or growing into place could be clicked where it was a frame
    // earlier, and that click lost (docs/ci.md, session 27).
    const context = await newContext({ reducedMotion: 'reduce', ...options });
    await context.tracing.start({ snapshots: true });
    // Every address change the page makes (push, replace, hash change), for a failure's evidence:
    // the console's pages keep their selection in the address, and a lost selection shows here.
    await context.addInitScript(() => {
      const log: string[] = [];
      (window as unknown as { __urlLog: string[] }).__urlLog = log;
      const note = (how: string) => log.push(`${Math.round(performance.now())} ${how} ${location.hash}`);
      for (const name of ['pushState', 'replaceState'] as const) {
        const original = history[name].bind(history);
        history[name] = (...a: Parameters<History['pushState']>) => {
          original(...a);
          note(name);
        };
      }
      window.addEventListener('hashchange', () => note('hashchange'));
    });
    const lines: string[] = [];
    consoleLines.set(context, lines);
    // The console's Content-Security-Policy (gateway) must never block what the console does.
    context.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
      if (m.type() === 'error' || m.type() === 'warning') lines.push(`${new Date().toISOString()} ${m.type()}: ${m.text()}`);
    });
    context.on('weberror', (e) => lines.push(`${new Date().toISOString()} page error: ${e.error().stack ?? e.error().message}`));
    return context;
  };
}

/** A failed test's evidence: each open page's screenshot, each context's trace and console lines so far. */
async function keepEvidence(browser: Browser, testName: string): Promise<void> {
  mkdirSync(FAILURES, { recursive: true });
  const base = path.join(FAILURES, `${testName.replace(/[^\w.-]+/g, '_').slice(0, 80)}-${Date.now()}`);
  for (const [i, context] of browser.contexts().entries()) {
    for (const [j, page] of context.pages().entries()) {
      await page.screenshot({ path: `${base}-${i}-${j}.png`, fullPage: true }).catch(() => undefined);
      // CI keeps only the log: say there what the page showed (its address and visible text).
      const text = await page
        .evaluate(() => document.body.innerText)
        .then((t) => t.replace(/\s+/g, ' ').slice(0, 1500))
        .catch((e: Error) => `(text not readable: ${e.message})`);
      console.log(`# page ${i}-${j}: ${page.url()}\n# its text: ${text}`);
      const urls = await page.evaluate(() => (window as unknown as { __urlLog?: string[] }).__urlLog ?? []).catch(() => []);
      for (const line of urls.slice(-12)) console.log(`# address ${i}-${j}: ${line}`);
    }
    await context.tracing.stop({ path: `${base}-${i}.trace.zip` }).catch(() => undefined);
    const lines = consoleLines.get(context) ?? [];
    writeFileSync(`${base}-${i}.console.txt`, lines.join('\n') + '\n');
    for (const line of lines.slice(-8)) console.log(`# console ${i}: ${line.slice(0, 400)}`);
    await context.tracing.start({ snapshots: true }).catch(() => undefined);
  }
  console.log(`# failure evidence: ${path.relative(REPO_ROOT, base)}-*`);
}

/**
 * Registers the enclosing suite's set-up and tear-down: the whole platform with demo data,
 * Debian's Chromium and the demo admin's token; `ready` then waits for (or makes) whatever the
 * suite's tests need. Call it inside `describe`.
 */
export function browserSuite(ready?: (s: BrowserSuite) => Promise<void>): BrowserSuite {
  const s = {} as BrowserSuite;
  const cspViolations: string[] = [];
  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    s.p = await startTestPlatform();
    s.browser = await launchBrowser();
    traceEveryContext(s.browser, cspViolations);
    s.admin = await s.p.login('admin', 'Wind@2026');
    await ready?.(s);
  });
  afterEach(async (t) => {
    // Node 20.19+ tells a hook whether its test passed (@types/node 20 does not declare it yet).
    if ((t as { passed?: boolean }).passed === false && s.browser) await keepEvidence(s.browser, t.name);
    const blocked = cspViolations.splice(0);
    if (blocked.length) throw new Error(`the content security policy blocked the console:\n${blocked.join('\n')}`);
  });
  after(async () => {
    await s.browser?.close();
    await s.p?.stop();
  });
  return s;
}
