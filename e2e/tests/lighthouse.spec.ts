import { expect, loginAs, test } from '../fixtures.ts';
import {
  type Category,
  type LighthouseBrowser,
  type LighthouseScores,
  launchLighthouseBrowser,
  runLighthouse,
} from '../lighthouse.ts';

// Issue 8: Lighthouse accessibility ≥ 95 and performance ≥ 90 on the login, dashboard, place
// order and orders pages. Accessibility does not depend on the machine's load, so it is a gate of
// every e2e run. Performance does (Lighthouse's simulated throttling replays the CPU time it saw,
// and this machine is shared), so it is a benchmark: `npm run lighthouse` sets
// LIGHTHOUSE_PERFORMANCE=1 and prints the figures (docs/figures.md, "Lighthouse").
const MIN_ACCESSIBILITY = 95;
const PERFORMANCE_TARGET = 90;
const measurePerformance = process.env.LIGHTHOUSE_PERFORMANCE === '1';
/** Runs per page when measuring performance; the median by score is reported. */
const runs = measurePerformance ? Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1)) : 1;
const categories: Category[] = measurePerformance ? ['accessibility', 'performance'] : ['accessibility'];

test.describe.configure({ mode: 'serial' });
test.setTimeout(90_000 * runs);

let browser: LighthouseBrowser;

test.beforeAll(async () => {
  const baseURL = test.info().project.use.baseURL;
  if (!baseURL) throw new Error('The e2e config gives no baseURL');
  browser = await launchLighthouseBrowser(baseURL);
});

test.afterAll(async () => {
  await browser?.close();
});

/** Runs Lighthouse on a path of the app, prints and attaches what it found. */
async function audit(path: string): Promise<LighthouseScores> {
  const url = new URL(path, test.info().project.use.baseURL).href;
  const results: LighthouseScores[] = [];
  for (let run = 0; run < runs; run++) results.push(await runLighthouse(browser, url, categories));
  results.sort((a, b) => (a.performance?.score ?? 0) - (b.performance?.score ?? 0));
  const scores = results[Math.floor((results.length - 1) / 2)] as LighthouseScores;
  await test
    .info()
    .attach('lighthouse', { body: JSON.stringify(scores, null, 2), contentType: 'application/json' });
  const perf = scores.performance;
  console.log(
    `lighthouse ${path}: accessibility ${scores.accessibility}` +
      (perf
        ? `, performance ${perf.score}${perf.score < PERFORMANCE_TARGET ? ` (under ${PERFORMANCE_TARGET})` : ''}` +
          `, FCP ${perf.fcpMs} ms, LCP ${perf.lcpMs} ms, TBT ${perf.tbtMs} ms, CLS ${perf.cls}` +
          (runs > 1 ? ` (median of ${runs}: ${results.map((r) => r.performance?.score).join(', ')})` : '')
        : ''),
  );
  return scores;
}

function expectAccessible(scores: LighthouseScores): void {
  const failed = `failed audits: ${scores.failedAccessibilityAudits.join('; ')}`;
  expect(scores.accessibility, failed).toBeGreaterThanOrEqual(MIN_ACCESSIBILITY);
}

test('the login page scores at least 95 for accessibility', async () => {
  const scores = await audit('/login');
  expect(new URL(scores.url).pathname).toBe('/login');
  expectAccessible(scores);
});

test.describe('logged in as a site user', () => {
  test.beforeAll(async () => {
    await loginAs(browser.page, 'site');
  });

  for (const path of ['/', '/place-order', '/orders/status']) {
    test(`${path} scores at least 95 for accessibility`, async () => {
      const scores = await audit(path);
      // Still logged in: the guard did not send Lighthouse's tab to the login page.
      expect(new URL(scores.url).pathname).toBe(path);
      expectAccessible(scores);
    });
  }
});
