/**
 * The traceability matrix and its check (decision 051), on a fixture repository in a temp dir:
 * a small catalogue and test files of every kind, titles spanning lines and in every quote.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { extractTitles, idsOf, parseCatalogue, run } from './matrix.mjs';

const script = join(dirname(fileURLToPath(import.meta.url)), 'matrix.mjs');

const catalogue = `catalogue: Fixture
requirements:
  - id: FIX-001
    text: A high-risk rule proved against the server.
    source: 21 CFR 11.10(e)
    risk: high
  - id: FIX-002
    text: A medium rule proved by a unit test.
    source: [product-spec §5 Validation rules]
    risk: medium
  - id: FIX-003
    text: A high-risk rule proved in the browser.
    source: [decision 051]
    risk: high
`;

/** A spec of one section, which FIX-002 names: the spec's coverage is whole (spec-coverage.test.mjs measures more). */
const spec = '# Fixture spec\n\n## 5. Validation rules\n\n- Plain rules.\n';

const files = {
  'server/test/a.test.ts': `
describe('the trail', () => {
  it('[FIX-001] writes a row', () => {});
  it(
    "[FIX-001, FIX-002] spans lines \\"quoted\\"",
    () => {},
  );
  for (const route of routes) {
    it(\`[FIX-001] \${route}: who, when\`, async () => {});
  }
  it('names no requirement', () => {});
  expect(/x/.test('[FIX-009] not a title')).toBe(false);
});
`,
  'server/src/b.test.ts': `it('[FIX-002] a unit', () => {});\n`,
  'packages/contract/src/c.test.ts': `test.concurrent('[FIX-002] a contract rule', () => {});\n`,
  'web/src/d.test.tsx': `it('[FIX-002] a component', () => {});\n`,
  'e2e/tests/e.spec.ts': `test.describe('flows', () => {\n  test(\n    '[FIX-003] in the browser',\n    async () => {},\n  );\n});\n`,
};

const dirs = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function fixture(overrides = {}) {
  const root = mkdtempSync(join(tmpdir(), 'matrix-'));
  dirs.push(root);
  const all = {
    'docs/validation/requirements/fixture.yaml': catalogue,
    'docs/validation/product-spec.md': spec,
    ...files,
    ...overrides,
  };
  for (const [path, text] of Object.entries(all)) {
    if (text === null) continue;
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('extractTitles', () => {
  it('reads titles in every quote, across lines, with escapes and template expressions kept', () => {
    expect(extractTitles(files['server/test/a.test.ts'])).toEqual([
      { title: 'the trail', line: 2, call: 'describe' },
      { title: '[FIX-001] writes a row', line: 3, call: 'it' },
      { title: '[FIX-001, FIX-002] spans lines "quoted"', line: 4, call: 'it' },
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the title as the scan reads it, placeholder and all
      { title: '[FIX-001] ${route}: who, when', line: 9, call: 'it' },
      { title: 'names no requirement', line: 11, call: 'it' },
    ]);
    expect(extractTitles(files['e2e/tests/e.spec.ts']).map((t) => [t.call, t.title])).toEqual([
      ['test.describe', 'flows'],
      ['test', '[FIX-003] in the browser'],
    ]);
  });

  it('answers the ids of a title, one or several per bracket, and none for other brackets', () => {
    expect(idsOf('[P11-004] a wrong e-signature')).toEqual(['P11-004']);
    expect(idsOf('[P11-001, ORD-012] [AUD-100] x')).toEqual(['P11-001', 'ORD-012', 'AUD-100']);
    expect(idsOf('answers [] and [x] and [P11-1]')).toEqual([]);
  });
});

describe('parseCatalogue', () => {
  it('names each malformed field of a requirement', () => {
    const { problems } = parseCatalogue(
      'requirements:\n  - id: bad\n    text: ""\n    risk: extreme\n    owner: me\n',
      'x.yaml',
    );
    expect(problems).toEqual([
      'x.yaml: requirement 1 (bad): unknown fields owner',
      'x.yaml: requirement 1 (bad): id must look like ABC-001',
      'x.yaml: requirement 1 (bad): text is missing',
      'x.yaml: requirement 1 (bad): source must name a clause, spec section or decision',
      'x.yaml: requirement 1 (bad): risk must be one of high, medium, low',
    ]);
    expect(parseCatalogue('a: [', 'y.yaml').problems[0]).toMatch(/^y\.yaml: not YAML/);
  });
});

describe('the matrix', () => {
  it('traces each requirement to its tests with file, line, title and kind', () => {
    const { matrix, problems } = run(fixture());
    expect(problems).toEqual([]);
    const tests = Object.fromEntries(matrix.requirements.map((r) => [r.id, r.tests]));
    expect(tests['FIX-001']).toEqual([
      { file: 'server/test/a.test.ts', line: 3, title: '[FIX-001] writes a row', call: 'it', kind: 'server' },
      {
        file: 'server/test/a.test.ts',
        line: 4,
        title: '[FIX-001, FIX-002] spans lines "quoted"',
        call: 'it',
        kind: 'server',
      },
      {
        file: 'server/test/a.test.ts',
        line: 9,
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the title as the scan reads it, placeholder and all
        title: '[FIX-001] ${route}: who, when',
        call: 'it',
        kind: 'server',
      },
    ]);
    expect(tests['FIX-002'].map((t) => [t.file, t.kind])).toEqual([
      ['server/test/a.test.ts', 'server'],
      ['server/src/b.test.ts', 'server-unit'],
      ['packages/contract/src/c.test.ts', 'contract'],
      ['web/src/d.test.tsx', 'web'],
    ]);
    expect(tests['FIX-003']).toEqual([
      { file: 'e2e/tests/e.spec.ts', line: 2, title: '[FIX-003] in the browser', call: 'test', kind: 'e2e' },
    ]);
    expect(matrix.totals).toEqual({
      high: { requirements: 2, covered: 2 },
      medium: { requirements: 1, covered: 1 },
      low: { requirements: 0, covered: 0 },
    });
  });

  it('is written by the command to --out, in seconds, without running a test', () => {
    const root = fixture();
    const out = join(root, 'out', 'm.json');
    execFileSync(process.execPath, [script, '--root', root, '--out', out], { stdio: 'pipe' });
    const written = JSON.parse(readFileSync(out, 'utf8'));
    expect(written.requirements.map((r) => [r.id, r.risk, r.tests.length])).toEqual([
      ['FIX-001', 'high', 3],
      ['FIX-002', 'medium', 4],
      ['FIX-003', 'high', 1],
    ]);
    expect(written.problems).toEqual([]);
  });
});

describe('the check', () => {
  const check = (root) =>
    spawnSync(process.execPath, [script, '--check', '--root', root], { encoding: 'utf8' });

  it('passes when every requirement has its tests', () => {
    const result = check(fixture());
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/3 requirements/);
  });

  it('fails naming a requirement that lost its test, and an id no requirement has', () => {
    const result = check(
      fixture({
        'e2e/tests/e.spec.ts': null,
        'web/src/d.test.tsx': `it('[FIX-002] a component', () => {});\nit('[FIX-404] gone', () => {});\n`,
      }),
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('requirements without a test: FIX-003');
    expect(result.stderr).toContain(
      "web/src/d.test.tsx:2 names FIX-404, which no requirement has: '[FIX-404] gone'",
    );
  });

  it('fails naming a high-risk requirement covered by unit tests only', () => {
    const root = fixture({
      'server/test/a.test.ts': `it('[FIX-002] server', () => {});\n`,
      'server/src/b.test.ts': `it('[FIX-001] a unit', () => {});\n`,
      'packages/contract/src/c.test.ts': `it('[FIX-001] a contract rule', () => {});\n`,
      'web/src/d.test.tsx': `it('[FIX-001] a component', () => {});\n`,
    });
    const result = check(root);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'high-risk requirements covered by unit tests only (need a server or e2e test): FIX-001',
    );
    expect(result.stderr).not.toContain('FIX-003');
  });

  it('fails on a malformed catalogue and an id defined twice', () => {
    const result = check(
      fixture({
        'docs/validation/requirements/more.yaml':
          'requirements:\n  - id: FIX-001\n    text: again\n    source: x\n    risk: low\n',
      }),
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'FIX-001: defined twice (docs/validation/requirements/fixture.yaml and docs/validation/requirements/more.yaml)',
    );
  });
});
