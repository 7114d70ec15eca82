import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import puppeteer, { type Browser } from 'puppeteer-core';
import { LOGGER } from '@windward/service-kit';

/** Debian's chromium; CHROMIUM_PATH moves it. */
export const chromiumPath = () => process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * One headless chromium per report process, started on the first PDF and reused: a launch costs
 * about a second, a page a few milliseconds. Each report gets its own page, closed when done, so
 * memory stays bounded by the one report being printed. A crashed browser is started again.
 */
@Injectable()
export class ChromiumBrowser implements OnApplicationShutdown {
  private browser: Promise<Browser> | null = null;

  constructor(@Inject(LOGGER) private readonly log: Logger) {}

  private launch(): Promise<Browser> {
    const b = puppeteer.launch({
      executablePath: chromiumPath(),
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--font-render-hinting=none'],
    });
    b.then(
      (br) =>
        br.on('disconnected', () => {
          this.log.warn('chromium exited; the next report starts a new one');
          this.browser = null;
        }),
      () => (this.browser = null),
    );
    return b;
  }

  /** HTML → PDF bytes (A4, backgrounds printed so the severity colours show). */
  async pdf(html: string): Promise<Buffer> {
    this.browser ??= this.launch();
    const page = await (await this.browser).newPage();
    try {
      // No network: the report's HTML carries everything (the logo as a data URL).
      await page.setRequestInterception(true);
      page.on('request', (r) => (r.url().startsWith('data:') ? r.continue() : r.abort()));
      await page.setContent(html, { waitUntil: 'load', timeout: 60_000 });
      const bytes = await page.pdf({
        format: 'A4',
        landscape: true,
        printBackground: true,
        // Untagged: chromium's structure tree (puppeteer's default since v22) made table-heavy reports
        // ~30× larger and slower (a 1,000-row table: 2.2 MB tagged, 73 KB untagged). docs/reports.md.
        tagged: false,
        margin: { top: '12mm', bottom: '12mm', left: '10mm', right: '10mm' },
      });
      return Buffer.from(bytes);
    } finally {
      await page.close().catch(() => undefined);
    }
  }

  /** The running browser's process id (benchmarks measure its memory), or null. */
  async processId(): Promise<number | null> {
    const b = this.browser && (await this.browser.catch(() => null));
    return b?.process()?.pid ?? null;
  }

  async onApplicationShutdown(): Promise<void> {
    const b = this.browser;
    this.browser = null;
    if (b) await (await b.catch(() => null))?.close().catch(() => undefined);
  }
}
