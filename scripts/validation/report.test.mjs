/**
 * The validation report (decision 051) on a fixture repository and fixture JSON results: a passed,
 * a failed and a missing test, a describe's tests, a template title, Playwright's retried test;
 * the totals; the HTML's rows; the PDF's text read back with pdftotext; the SHA-256 sums.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeReport } from './report.mjs';
import { titleMatcher } from './report-data.mjs';

const catalogue = `catalogue: Fixture
requirements:
  - id: FIX-001
    text: A high-risk rule whose server tests all pass.
    source: [product-spec §4 Order status]
    risk: high
  - id: FIX-002
    text: A high-risk rule with a failed test.
    source: [product-spec §8 Error catalogue]
    risk: high
  - id: FIX-003
    text: A medium rule whose browser test is missing from the results.
    source: [product-spec §2 Dashboard]
    risk: medium
  - id: FIX-004
    text: A low rule proved by a describe's tests in the browser.
    source: [product-spec §5 Validation rules]
    risk: low
`;

// Four sections the catalogue names, and a text no requirement states: 4 of 5 (80 %).
const spec = `# Fixture spec
## 2. Screens
### Dashboard
## 4. States
### Order status
## 5. Validation rules
## 8. Error catalogue
- A toast 'Nobody states this'.
`;

const files = {
  'docs/validation/requirements/fixture.yaml': catalogue,
  'docs/validation/product-spec.md': spec,
  'server/test/a.test.ts': `
describe('orders', () => {
  it('[FIX-001] accepts a pending order', () => {});
  for (const status of statuses) {
    it(\`[FIX-001] \${status}: is refused\`, () => {});
  }
  it('[FIX-002] says the error', () => {});
});
`,
  'e2e/tests/b.spec.ts': `
test('[FIX-002, FIX-003] shows the dashboard', async () => {});
test.describe('[FIX-004] the form', () => {
  test('refuses spaces', async () => {});
  test('refuses too long', async () => {});
});
`,
};

const vitestJson = (root) => ({
  numTotalTests: 4,
  numPassedTests: 3,
  numFailedTests: 1,
  testResults: [
    {
      name: join(root, 'server/test/a.test.ts'),
      status: 'failed',
      assertionResults: [
        { ancestorTitles: ['orders'], title: '[FIX-001] accepts a pending order', status: 'passed' },
        { ancestorTitles: ['orders'], title: '[FIX-001] delivered: is refused', status: 'passed' },
        { ancestorTitles: ['orders'], title: '[FIX-001] rejected: is refused', status: 'passed' },
        { ancestorTitles: ['orders'], title: '[FIX-002] says the error', status: 'failed' },
      ],
    },
  ],
});

// The dashboard test (FIX-002, FIX-003) did not run: it is in no results file.
const playwrightJson = (root) => ({
  config: { rootDir: join(root, 'e2e/tests'), version: '1.65.1' },
  stats: { expected: 1, unexpected: 0, flaky: 1, skipped: 0 },
  suites: [
    {
      title: 'b.spec.ts',
      file: 'b.spec.ts',
      specs: [],
      suites: [
        {
          title: '[FIX-004] the form',
          file: 'b.spec.ts',
          specs: [
            { title: 'refuses spaces', file: 'b.spec.ts', tests: [{ projectName: '', status: 'expected' }] },
            { title: 'refuses too long', file: 'b.spec.ts', tests: [{ projectName: '', status: 'flaky' }] },
          ],
        },
      ],
    },
  ],
});

const dirs = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function reportOfFixture() {
  const root = mkdtempSync(join(tmpdir(), 'report-'));
  dirs.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const results = join(root, 'results');
  mkdirSync(results);
  writeFileSync(join(results, 'vitest.json'), JSON.stringify(vitestJson(root)));
  writeFileSync(join(results, 'playwright.json'), JSON.stringify(playwrightJson(root)));
  writeFileSync(join(results, 'notes.json'), '{"neither": true}');
  const out = join(root, 'out');
  return { out, ...(await writeReport({ root, results, out })) };
}

describe('titleMatcher', () => {
  it('matches a literal title exactly, and a template title with any text for each placeholder', () => {
    expect(titleMatcher('[X-001] a')('[X-001] a')).toBe(true);
    expect(titleMatcher('[X-001] a')('[X-001] ab')).toBe(false);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a title as the matrix reads it
    const each = titleMatcher('[X-001] ${route}: who (and when)');
    expect(each('[X-001] POST /orders: who (and when)')).toBe(true);
    expect(each('[X-001] POST /orders: who and when')).toBe(false);
  });
});

describe('the validation report', () => {
  it('gives each test its outcome and each requirement the worst of its tests', async () => {
    const { report } = await reportOfFixture();
    const byId = Object.fromEntries(report.requirements.map((r) => [r.id, r]));
    expect(byId['FIX-001'].tests.map((t) => [t.line, t.outcome, t.results])).toEqual([
      [3, 'passed', 1],
      [5, 'passed', 2],
    ]);
    expect(byId['FIX-001'].outcome).toBe('passed');
    expect(byId['FIX-002'].tests.map((t) => t.outcome)).toEqual(['failed', 'missing']);
    expect(byId['FIX-002'].outcome).toBe('failed');
    expect(byId['FIX-003'].tests.map((t) => t.outcome)).toEqual(['missing']);
    expect(byId['FIX-003'].outcome).toBe('not run');
    expect(byId['FIX-004'].tests.map((t) => [t.outcome, t.results])).toEqual([['passed', 2]]);
    expect(byId['FIX-004'].outcome).toBe('passed');
  });

  it('totals the requirements per risk class and the run as its results files say', async () => {
    const { report } = await reportOfFixture();
    expect(report.totals).toEqual({
      high: { requirements: 2, failed: 1, 'not run': 0, untested: 0, passed: 1 },
      medium: { requirements: 1, failed: 0, 'not run': 1, untested: 0, passed: 0 },
      low: { requirements: 1, failed: 0, 'not run': 0, untested: 0, passed: 1 },
      all: { requirements: 4, failed: 1, 'not run': 1, untested: 0, passed: 2 },
    });
    expect(report.run).toMatchObject({ total: 6, passed: 5, failed: 1, skipped: 0 });
    expect(report.run.files).toEqual([
      { source: 'playwright.json', runner: 'playwright', total: 2, passed: 2, failed: 0, skipped: 0 },
      { source: 'vitest.json', runner: 'vitest', total: 4, passed: 3, failed: 1, skipped: 0 },
    ]);
    expect(report.run.ignored).toEqual(["notes.json: neither Vitest's nor Playwright's JSON report"]);
    expect(report.coverage).toMatchObject({ covered: 4, total: 5 });
    expect(report.problems).toEqual([
      expect.stringContaining("not in any requirement:\n      texts: 'Nobody states this'"),
    ]);
    expect(report.environment.node).toBe(process.version);
    expect(report.environment.browser).toContain('Playwright 1.65.1');
  });

  it('writes an HTML page with a row per requirement, its tests and outcomes', async () => {
    const { out, report } = await reportOfFixture();
    const html = readFileSync(join(out, 'report.html'), 'utf8');
    expect(html.match(/<tr id="FIX-\d{3}">/g)).toEqual([
      '<tr id="FIX-001">',
      '<tr id="FIX-002">',
      '<tr id="FIX-003">',
      '<tr id="FIX-004">',
    ]);
    const row = (id) => html.slice(html.indexOf(`<tr id="${id}">`)).split('</tr>')[0];
    expect(row('FIX-002')).toContain(
      '<span class="o bad">failed</span> server <code>server/test/a.test.ts:7</code>',
    );
    expect(row('FIX-002')).toContain(
      '<span class="o warn">missing</span> e2e <code>e2e/tests/b.spec.ts:2</code>',
    );
    expect(row('FIX-003')).toContain('<span class="o warn">not run</span></td>');
    expect(html).toContain(report.contentSha256);
    expect(html).toContain(
      '<dt>Product spec</dt><dd>4 of 5 texts, codes and sections stated by requirements (80.0 %); not stated: &#39;Nobody states this&#39;</dd>',
    );
  });

  it('writes a PDF whose text holds the run, the totals and every requirement with its outcome', async () => {
    const { out, report } = await reportOfFixture();
    const text = execFileSync('pdftotext', ['-layout', join(out, 'report.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toContain('DoseChain - validation report');
    expect(text).toContain(`Content SHA-256: ${report.contentSha256}`);
    expect(text).toMatch(/high\s+2\s+1\s+0\s+0\s+1/);
    expect(text).toMatch(/All\s+6\s+5\s+1\s+0/);
    expect(text).toMatch(/FIX-002\s+high\s+A high-risk rule with a failed test\.\s+failed: server/);
    expect(text).toMatch(/FIX-003\s+medium\s+.*missing: e2e e2e\/tests\/b\.spec\.ts:2/);
    expect(text).toMatch(/FIX-003.*not run/s);
    expect(text).toContain(
      "Product spec: 4 of 5 texts, codes and sections stated by requirements (80.0 %); not stated: 'Nobody states this'",
    );
  });

  it('writes SHA256SUMS over report.json, report.html and report.pdf; the pages carry report.json’s', async () => {
    const { out, files, report } = await reportOfFixture();
    const sum = (name) =>
      createHash('sha256')
        .update(readFileSync(join(out, name)))
        .digest('hex');
    expect(readFileSync(join(out, 'SHA256SUMS'), 'utf8')).toBe(
      ['report.json', 'report.html', 'report.pdf'].map((n) => `${sum(n)}  ${n}\n`).join(''),
    );
    expect(files.map((f) => f.sha256)).toEqual(['report.json', 'report.html', 'report.pdf'].map(sum));
    expect(report.contentSha256).toBe(sum('report.json'));
  });
});
