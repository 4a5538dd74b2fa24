/**
 * The machine-readable results of a test run, as the validation report joins them to the matrix
 * (issue 37, decision 051): every *.json of a results directory that is Vitest's or Playwright's
 * JSON reporter output, read into one list of test outcomes (file, title path, status) and the
 * run's totals per runner.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';

/** What a test outcome is called in the report; every runner's status maps to one of these. */
export const STATUSES = ['passed', 'failed', 'skipped'];

const posix = (p) => p.split(sep).join('/');
const clean = (title) => String(title).replace(/\s+/g, ' ').trim();
const repoPath = (root, file) => posix(isAbsolute(file) ? relative(root, file) : file);

const VITEST_STATUS = { passed: 'passed', failed: 'failed' };
/** Playwright's test status after retries: a flaky test passed on its retry and counts as passed. */
const PLAYWRIGHT_STATUS = { expected: 'passed', flaky: 'passed', unexpected: 'failed' };

function emptyTotals() {
  return { total: 0, passed: 0, failed: 0, skipped: 0 };
}

function count(totals, status) {
  totals.total++;
  totals[status]++;
}

/** Vitest's json reporter: testResults per file, assertionResults per test (pending/todo: skipped). */
export function readVitest(json, root, source) {
  const results = [];
  const totals = emptyTotals();
  for (const file of json.testResults ?? []) {
    for (const a of file.assertionResults ?? []) {
      const status = VITEST_STATUS[a.status] ?? 'skipped';
      count(totals, status);
      results.push({
        runner: 'vitest',
        source,
        file: repoPath(root, file.name),
        ancestors: (a.ancestorTitles ?? []).map(clean),
        title: clean(a.title),
        status,
      });
    }
  }
  return { results, totals };
}

/**
 * Playwright's json reporter: suites per spec file (their title is the file), nested suites per
 * describe, specs per test, tests per project; a spec file's path is relative to config.rootDir.
 */
export function readPlaywright(json, root, source) {
  const results = [];
  const totals = emptyTotals();
  const testDir = json.config?.rootDir ?? root;
  const walk = (suite, ancestors) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const status = PLAYWRIGHT_STATUS[t.status] ?? 'skipped';
        count(totals, status);
        results.push({
          runner: 'playwright',
          source,
          file: repoPath(root, resolve(testDir, spec.file ?? suite.file)),
          ancestors,
          title: clean(spec.title),
          status,
          project: t.projectName || undefined,
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...ancestors, clean(child.title)]);
  };
  for (const fileSuite of json.suites ?? []) walk(fileSuite, []);
  return { results, totals, version: json.config?.version };
}

/** Which reporter wrote this JSON, or null when it is neither. */
export function runnerOf(json) {
  if (json && Array.isArray(json.testResults)) return 'vitest';
  if (json && Array.isArray(json.suites) && json.stats) return 'playwright';
  return null;
}

/**
 * Every result file of dir: the outcomes, the totals per file read, the Playwright version seen,
 * and the files that were not results (named in the report, not dropped silently).
 */
export function readResultsDir(dir, root) {
  const outcomes = [];
  const runs = [];
  const ignored = [];
  let playwrightVersion;
  let names = [];
  try {
    names = readdirSync(dir)
      .filter((n) => n.endsWith('.json'))
      .sort();
  } catch {
    return { outcomes, runs, ignored: [`${dir}: no such directory`], playwrightVersion };
  }
  for (const name of names) {
    let json;
    try {
      json = JSON.parse(readFileSync(join(dir, name), 'utf8'));
    } catch (error) {
      ignored.push(`${name}: not JSON (${error.message})`);
      continue;
    }
    const runner = runnerOf(json);
    if (!runner) {
      ignored.push(`${name}: neither Vitest's nor Playwright's JSON report`);
      continue;
    }
    const read = runner === 'vitest' ? readVitest(json, root, name) : readPlaywright(json, root, name);
    if (read.version) playwrightVersion = read.version;
    outcomes.push(...read.results);
    runs.push({ source: name, runner, ...read.totals });
  }
  return { outcomes, runs, ignored, playwrightVersion };
}
