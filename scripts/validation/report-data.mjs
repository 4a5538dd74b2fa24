/**
 * The validation report's content (issue 37, decision 051): the traceability matrix joined with a
 * run's test outcomes. Each tagged test gets its outcome (passed, failed, skipped, or missing: no
 * result names it), each requirement the worst of its tests', and the totals per risk class count
 * them. Nothing is dropped: a requirement without a test or result shows as such.
 */
import { RISKS } from './matrix.mjs';

/** A requirement's outcome, worst first: any failed test, then any not run, then all passed. */
export const REQUIREMENT_OUTCOMES = ['failed', 'not run', 'untested', 'passed'];

const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether a run's title is the matrix's: the same text, where a template title's `${…}` stands
 * for whatever the loop put there (`[P11-001] ${route}: …` is every route's test).
 */
export function titleMatcher(title) {
  if (!title.includes('${')) return (candidate) => candidate === title;
  const pattern = title
    .split(/\$\{[^}]*\}/)
    .map(escapeRegExp)
    .join('.*');
  const re = new RegExp(`^${pattern}$`);
  return (candidate) => re.test(candidate);
}

/** The run's outcomes of one tagged test: its own, or, for a describe, those of the tests inside it. */
export function outcomesOf(test, outcomes) {
  const matches = titleMatcher(test.title);
  const isSuite = /describe/.test(test.call ?? '');
  return outcomes.filter(
    (o) => o.file === test.file && (isSuite ? o.ancestors.some(matches) : matches(o.title)),
  );
}

/** One test's outcome over its results (several: a loop's cases, a second database, a project). */
export function testOutcome(results) {
  if (!results.length) return 'missing';
  if (results.some((r) => r.status === 'failed')) return 'failed';
  if (results.some((r) => r.status === 'passed')) return 'passed';
  return 'skipped';
}

/** The spec's measured coverage by the requirements (spec-coverage.mjs), with what they do not state. */
export function coverageText(coverage) {
  if (!coverage) return 'not measured';
  const { missing } = coverage;
  const left = [...missing.texts.map((t) => `'${t}'`), ...missing.codes, ...missing.sections];
  return `${coverage.covered} of ${coverage.total} texts, codes and sections stated by requirements (${(coverage.ratio * 100).toFixed(1)} %)${left.length ? `; not stated: ${left.join(', ')}` : ''}`;
}

export function requirementOutcome(tests) {
  if (!tests.length) return 'untested';
  if (tests.some((t) => t.outcome === 'failed')) return 'failed';
  if (tests.every((t) => t.outcome === 'passed')) return 'passed';
  return 'not run';
}

/**
 * The report's rows and totals. `matrix` is matrix.mjs's; `results` is test-results.mjs's
 * readResultsDir; `meta` carries product, commit, date and environment as given.
 */
export function buildReport(matrix, results, meta) {
  const requirements = matrix.requirements.map((r) => {
    const tests = r.tests.map((t) => {
      const runs = outcomesOf(t, results.outcomes);
      return { ...t, outcome: testOutcome(runs), results: runs.length };
    });
    return {
      id: r.id,
      text: r.text,
      source: r.source,
      risk: r.risk,
      catalogue: r.catalogue,
      tests,
      outcome: requirementOutcome(tests),
    };
  });
  const totals = {};
  for (const risk of [...RISKS, 'all']) {
    const of = requirements.filter((r) => risk === 'all' || r.risk === risk);
    totals[risk] = { requirements: of.length };
    for (const o of REQUIREMENT_OUTCOMES) totals[risk][o] = of.filter((r) => r.outcome === o).length;
  }
  const run = { total: 0, passed: 0, failed: 0, skipped: 0 };
  for (const r of results.runs) for (const k of Object.keys(run)) run[k] += r[k];
  return {
    ...meta,
    run: { files: results.runs, ...run, ignored: results.ignored },
    totals,
    coverage: matrix.coverage ?? null,
    requirements,
    problems: matrix.problems ?? [],
  };
}
