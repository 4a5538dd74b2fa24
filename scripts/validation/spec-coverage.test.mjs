/**
 * The measured coverage of the product spec by the requirements (decision 051): the spec's quoted
 * texts, codes and sections read from a fixture spec written as the real one is, what counts as
 * stated, and the check's failure below 95 % naming what is missing.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { run } from './matrix.mjs';
import { measureCoverage, specItems } from './spec-coverage.mjs';

const spec = `# Fixture spec

## 1. What it does

- Users place orders; the server's answers are not shown.

## 2. Screens

### Login

- A link 'Can't log in?' and a button 'SIGN IN'.

### Place order

- On success a toast 'Order #<n> was placed!'.

## 3. Entities

**Order**: id, number, status.

## 8. Error catalogue

**Orders**

- AVAILABILITY_SLOT_FULL: 'The day you picked is no longer available, please pick another day'.

**Generic**

- Default toast: 'An unexpected error occurred.' with the id GENERIC_TOAST_ID.
`;

const requirement = (id, text, source) => ({ id, text, source, risk: 'medium' });

describe('specItems', () => {
  it('reads quoted texts with their apostrophes, codes, and sections: ### headings and bold lines', () => {
    expect(specItems(spec)).toEqual({
      texts: [
        "Can't log in?",
        'SIGN IN',
        'Order #<n> was placed!',
        'The day you picked is no longer available, please pick another day',
        'An unexpected error occurred.',
      ],
      codes: ['AVAILABILITY_SLOT_FULL', 'GENERIC_TOAST_ID'],
      sections: ['§1 What it does', '§2 Login', '§2 Place order', '§3 Entities', '§8 Orders', '§8 Generic'],
    });
  });
});

describe('measureCoverage', () => {
  it('counts a text only when a requirement quotes it, a code when one names it, a section when a source does', () => {
    const coverage = measureCoverage(spec, [
      requirement(
        'X-001',
        "Login has a link 'Can't log in?' and a\n  'SIGN IN' button; the server's words are shown.",
        ['product-spec §2 Login'],
      ),
      // Unquoted, the toast's text is not stated: the requirement must quote the spec.
      requirement('X-002', 'On success a toast Order #<n> was placed!, then AVAILABILITY_SLOT_FULL.', [
        'product-spec §2 Place order',
        'product-spec §3 Order',
      ]),
    ]);
    expect(coverage.missing).toEqual({
      texts: [
        'Order #<n> was placed!',
        'The day you picked is no longer available, please pick another day',
        'An unexpected error occurred.',
      ],
      codes: ['GENERIC_TOAST_ID'],
      sections: ['§1 What it does', '§3 Entities', '§8 Orders', '§8 Generic'],
    });
    expect([coverage.covered, coverage.total]).toEqual([5, 13]);
    expect(coverage.problems).toEqual([]);
  });

  it('names a source whose section the spec does not have', () => {
    const coverage = measureCoverage(spec, [
      requirement('X-003', 'Something.', [
        'product-spec §2 Logins',
        'product-spec §9 Limits',
        'decision 051',
      ]),
    ]);
    expect(coverage.problems).toEqual([
      "X-003: source 'product-spec §2 Logins' names no section of the product spec",
      "X-003: source 'product-spec §9 Limits' names no section of the product spec",
    ]);
  });
});

describe('the check', () => {
  const dirs = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  function repo(files) {
    const root = mkdtempSync(join(tmpdir(), 'spec-coverage-'));
    dirs.push(root);
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return root;
  }

  const catalogue = (texts) =>
    `catalogue: Fixture\nrequirements:\n${texts
      .map(
        (text, i) =>
          `  - id: FIX-00${i + 1}\n    text: ${JSON.stringify(text)}\n    source: [product-spec §2 Login]\n    risk: low\n`,
      )
      .join('')}`;
  const test = "it('[FIX-001, FIX-002] proves both', () => {});\n";

  it('fails below 95 %, naming each text, code and section no requirement states', () => {
    const root = repo({
      'docs/validation/product-spec.md': spec,
      'docs/validation/requirements/fixture.yaml': catalogue(["A link 'Can't log in?'.", "'SIGN IN'"]),
      'web/src/a.test.ts': test,
    });
    const { matrix, problems } = run(root);
    expect(matrix.coverage.ratio).toBeCloseTo(3 / 13);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /state 3 of the product spec's 13 texts, codes and sections \(23\.1 %, below 95 %\)/,
    );
    expect(problems[0]).toContain("texts: 'Order #<n> was placed!', 'The day you picked");
    expect(problems[0]).toContain("codes: 'AVAILABILITY_SLOT_FULL', 'GENERIC_TOAST_ID'");
    expect(problems[0]).toContain(
      "sections: '§1 What it does', '§2 Place order', '§3 Entities', '§8 Orders', '§8 Generic'",
    );
  });

  it('passes when the requirements state every item, and fails when the spec is missing', () => {
    const all = [
      "'Can't log in?', 'SIGN IN', 'Order #<n> was placed!'",
      "AVAILABILITY_SLOT_FULL: 'The day you picked is no longer available, please pick another day'; 'An unexpected error occurred.' (GENERIC_TOAST_ID)",
    ];
    const files = {
      'docs/validation/requirements/fixture.yaml': catalogue(all).replace(
        /source: \[product-spec §2 Login\]/g,
        () =>
          'source: [product-spec §1 What it does, product-spec §2 Login, product-spec §2 Place order, product-spec §3 Entities, product-spec §8 Orders, product-spec §8 Generic]',
      ),
      'web/src/a.test.ts': test,
    };
    const whole = run(repo({ ...files, 'docs/validation/product-spec.md': spec }));
    expect(whole.problems).toEqual([]);
    expect(whole.matrix.coverage).toMatchObject({ covered: 13, total: 13, ratio: 1 });
    expect(run(repo(files)).problems).toEqual([
      'docs/validation/product-spec.md: the product spec is missing',
    ]);
  });
});
