import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromiumArgs, chromiumExecutable } from './chromium.ts';

/** The performance score (0–100) and its main metrics, in milliseconds. */
export interface PerformanceFigures {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

/** What one Lighthouse run found on one page. */
export interface LighthouseScores {
  /** The URL the page ended on. */
  url: string;
  /** The accessibility score, 0–100. */
  accessibility: number;
  /** Accessibility audits that failed, as `id: title`. */
  failedAccessibilityAudits: string[];
  /** When the run measured performance. */
  performance?: PerformanceFigures;
}

/**
 * A Chromium that both Playwright and Lighthouse drive: Playwright logs in (the app keeps its
 * tokens in localStorage), Lighthouse opens its own tab in the same default context over the
 * DevTools port, so it sees the logged-in session.
 */
export interface LighthouseBrowser {
  context: BrowserContext;
  page: Page;
  /** The DevTools port Lighthouse connects to. */
  port: number;
  close(): Promise<void>;
}

/** Starts Debian's Chromium with a DevTools port (the one Chromium picks) and a fresh profile. */
export async function launchLighthouseBrowser(baseURL: string): Promise<LighthouseBrowser> {
  const profile = mkdtempSync(path.join(tmpdir(), 'dosechain-lighthouse-'));
  // A persistent context is the browser's default context: the tab Lighthouse opens shares its
  // localStorage. (A context from browser.newContext() is an isolated one Lighthouse can't see.)
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumExecutable,
    headless: true,
    baseURL,
    args: [...chromiumArgs, '--remote-debugging-port=0'],
  });
  const port = Number(readFileSync(path.join(profile, 'DevToolsActivePort'), 'utf8').split('\n')[0]);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    port,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

export type Category = 'performance' | 'accessibility';

/**
 * Runs Lighthouse (desktop preset, its default simulated throttling) on a URL in the browser,
 * keeping the browser's storage (the login) but starting from an empty HTTP cache, as a first
 * visit does. A run that Lighthouse itself reports as broken (e.g. NO_NAVSTART, a trace it
 * failed to record, which it asks to simply run again) is run once more.
 */
export async function runLighthouse(
  browser: LighthouseBrowser,
  url: string,
  categories: Category[],
): Promise<LighthouseScores> {
  let lhr = await lighthouseOnce(browser, url, categories);
  if (lhr.runtimeError) lhr = await lighthouseOnce(browser, url, categories);
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);

  // The whole report, for looking into a score: LIGHTHOUSE_REPORT_DIR=/some/dir.
  const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
  if (reportDir) {
    mkdirSync(reportDir, { recursive: true });
    const name = new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'dashboard';
    writeFileSync(path.join(reportDir, `${name}.json`), JSON.stringify(lhr, null, 1));
  }
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const accessibilityRefs = lhr.categories.accessibility?.auditRefs ?? [];
  const performance = lhr.categories.performance;
  return {
    url: lhr.finalDisplayedUrl,
    accessibility: score(lhr.categories.accessibility?.score),
    failedAccessibilityAudits: accessibilityRefs
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
      .map((ref) => `${ref.id}: ${lhr.audits[ref.id]?.title ?? ''}`),
    performance: performance && {
      score: score(performance.score),
      fcpMs: Math.round(numeric('first-contentful-paint')),
      lcpMs: Math.round(numeric('largest-contentful-paint')),
      tbtMs: Math.round(numeric('total-blocking-time')),
      cls: Number(numeric('cumulative-layout-shift').toFixed(3)),
    },
  };
}

async function lighthouseOnce(browser: LighthouseBrowser, url: string, categories: Category[]) {
  const cdp = await browser.context.newCDPSession(browser.page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  const result = await lighthouse(
    url,
    { port: browser.port, logLevel: 'error', onlyCategories: categories, disableStorageReset: true },
    desktopConfig,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  return result.lhr;
}
