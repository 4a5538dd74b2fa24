#!/usr/bin/env node
/**
 * The traceability matrix of the validation package (issue 37, decision 051): reads the
 * requirements catalogue (docs/validation/requirements/*.yaml), scans the test files for titles
 * that name requirement ids (`it('[P11-004] …')`), without running any test, and writes
 * requirement → tests as JSON. With --check it writes nothing and fails, naming the ids, when a
 * requirement has no test, when a test names an id the catalogue lacks, when a high-risk
 * requirement has no server or e2e test, or when the requirements state less than 95 % of the
 * product spec's texts, codes and sections (spec-coverage.mjs), naming what they miss.
 *
 *   node scripts/validation/matrix.mjs [--root <dir>] [--out <file>]   (npm run validation:matrix)
 *   node scripts/validation/matrix.mjs --check [--root <dir>]          (npm run validation:check)
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { specCoverage } from './spec-coverage.mjs';

export const CATALOGUE_DIR = 'docs/validation/requirements';
export const DEFAULT_OUT = 'validation/traceability.json';
export const RISKS = ['high', 'medium', 'low'];
/** Kinds whose tests count for a high-risk requirement: against the app and its database, or the browser. */
export const SYSTEM_KINDS = ['server', 'e2e'];

const ID = '[A-Z][A-Z0-9]*-\\d{3,}';
const ID_RE = new RegExp(`^${ID}$`);
/** `[P11-004]` or `[P11-004, P11-005]`, anywhere in a title. */
const TAG_RE = new RegExp(`\\[(${ID}(?:\\s*,\\s*${ID})*)\\]`, 'g');

/**
 * Where tests are, and what kind each file's tests are. `server` is server/test (the app and its
 * database); `server-unit` is a module's own test beside it in server/src.
 */
export const TEST_SOURCES = [
  { dir: 'server/test', pattern: /\.test\.ts$/, kind: 'server' },
  { dir: 'server/src', pattern: /\.test\.ts$/, kind: 'server-unit' },
  { dir: 'packages/contract/src', pattern: /\.test\.ts$/, kind: 'contract' },
  { dir: 'web/src', pattern: /\.test\.tsx?$/, kind: 'web' },
  { dir: 'e2e/tests', pattern: /\.spec\.ts$/, kind: 'e2e' },
];

const posix = (p) => p.split(sep).join('/');

/** Parses one catalogue file's text; answers its requirements and the problems of its format. */
export function parseCatalogue(text, file) {
  const problems = [];
  let doc;
  try {
    doc = parseYaml(text);
  } catch (error) {
    return { catalogue: file, requirements: [], problems: [`${file}: not YAML: ${error.message}`] };
  }
  if (!doc || typeof doc !== 'object' || !Array.isArray(doc.requirements)) {
    return { catalogue: file, requirements: [], problems: [`${file}: needs a 'requirements' list`] };
  }
  const catalogue = typeof doc.catalogue === 'string' && doc.catalogue ? doc.catalogue : file;
  const requirements = [];
  doc.requirements.forEach((r, i) => {
    const where = `${file}: requirement ${i + 1}${r && typeof r.id === 'string' ? ` (${r.id})` : ''}`;
    if (!r || typeof r !== 'object') {
      problems.push(`${where}: not a mapping`);
      return;
    }
    const unknown = Object.keys(r).filter((k) => !['id', 'text', 'source', 'risk'].includes(k));
    if (unknown.length) problems.push(`${where}: unknown fields ${unknown.join(', ')}`);
    if (typeof r.id !== 'string' || !ID_RE.test(r.id)) problems.push(`${where}: id must look like ABC-001`);
    if (typeof r.text !== 'string' || !r.text.trim()) problems.push(`${where}: text is missing`);
    const source = typeof r.source === 'string' ? [r.source] : r.source;
    if (!Array.isArray(source) || !source.length || !source.every((s) => typeof s === 'string' && s.trim())) {
      problems.push(`${where}: source must name a clause, spec section or decision`);
    }
    if (!RISKS.includes(r.risk)) problems.push(`${where}: risk must be one of ${RISKS.join(', ')}`);
    if (typeof r.id === 'string') {
      requirements.push({
        id: r.id,
        text: typeof r.text === 'string' ? r.text.trim() : '',
        source: Array.isArray(source) ? source : [],
        risk: r.risk,
        catalogue,
        file,
      });
    }
  });
  return { catalogue, requirements, problems };
}

/** Reads every *.yaml of the catalogue directory; duplicate ids across files are problems too. */
export function loadCatalogues(root) {
  const dir = join(root, CATALOGUE_DIR);
  let names = [];
  try {
    names = readdirSync(dir).filter((n) => /\.ya?ml$/.test(n));
  } catch {
    return { requirements: [], problems: [`${CATALOGUE_DIR}: no catalogue directory`] };
  }
  const requirements = [];
  const problems = [];
  const seen = new Map();
  for (const name of names.sort()) {
    const file = `${CATALOGUE_DIR}/${name}`;
    const parsed = parseCatalogue(readFileSync(join(dir, name), 'utf8'), file);
    problems.push(...parsed.problems);
    for (const r of parsed.requirements) {
      if (seen.has(r.id)) problems.push(`${r.id}: defined twice (${seen.get(r.id)} and ${file})`);
      else {
        seen.set(r.id, file);
        requirements.push(r);
      }
    }
  }
  return { requirements, problems };
}

/** Reads the string literal that starts at `start` (a quote); answers its text and end, or null. */
function readLiteral(src, start) {
  const quote = src[start];
  let text = '';
  let i = start + 1;
  while (i < src.length) {
    const c = src[i];
    if (c === '\\') {
      text += src[i + 1] ?? '';
      i += 2;
    } else if (c === quote) {
      return { text, end: i + 1 };
    } else if (quote !== '`' && c === '\n') {
      return null;
    } else if (quote === '`' && c === '$' && src[i + 1] === '{') {
      // Keep the expression as written: `${route}: …` reads as such in the matrix.
      let depth = 1;
      let j = i + 2;
      while (j < src.length && depth > 0) {
        if (src[j] === '{') depth++;
        else if (src[j] === '}') depth--;
        j++;
      }
      text += src.slice(i, j);
      i = j;
    } else {
      text += c;
      i++;
    }
  }
  return null;
}

const CALL_RE = /(?<![\w$.])(describe|it|test)((?:\.\w+)*)\s*\(\s*/g;

/**
 * The titles of describe/it/test calls (Vitest and Playwright: `test.describe`, `it.concurrent`,
 * `test.skip`…) whose first argument is a string literal, with their line.
 */
export function extractTitles(src) {
  const titles = [];
  for (const m of src.matchAll(CALL_RE)) {
    const start = m.index + m[0].length;
    if (!['"', "'", '`'].includes(src[start])) continue;
    const literal = readLiteral(src, start);
    if (!literal) continue;
    const line = src.slice(0, m.index).split('\n').length;
    titles.push({ title: literal.text.replace(/\s+/g, ' ').trim(), line, call: m[1] + m[2] });
  }
  return titles;
}

/** The requirement ids a title names. */
export function idsOf(title) {
  const ids = [];
  for (const m of title.matchAll(TAG_RE)) ids.push(...m[1].split(',').map((s) => s.trim()));
  return ids;
}

function walk(dir, pattern, out) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const e of entries) {
    if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
    const path = join(dir, e.name);
    if (e.isDirectory()) walk(path, pattern, out);
    else if (e.isFile() && pattern.test(e.name)) out.push(path);
  }
  return out;
}

/** Every tagged title of the test files under root: one entry per (id, title), with its call (`it`, `describe`…). */
export function scanTests(root, sources = TEST_SOURCES) {
  const tagged = [];
  for (const { dir, pattern, kind } of sources) {
    for (const path of walk(join(root, dir), pattern, []).sort()) {
      const file = posix(relative(root, path));
      for (const t of extractTitles(readFileSync(path, 'utf8'))) {
        for (const id of idsOf(t.title))
          tagged.push({ id, file, line: t.line, title: t.title, call: t.call, kind });
      }
    }
  }
  return tagged;
}

/** Requirement → tests, and the tags that name no requirement. */
export function buildMatrix(requirements, tagged) {
  const byId = new Map(requirements.map((r) => [r.id, { ...r, tests: [] }]));
  const unknown = [];
  for (const t of tagged) {
    const entry = byId.get(t.id);
    const test = { file: t.file, line: t.line, title: t.title, call: t.call, kind: t.kind };
    if (entry) entry.tests.push(test);
    else unknown.push({ id: t.id, ...test });
  }
  const rows = [...byId.values()];
  const totals = {};
  for (const risk of RISKS) {
    const of = rows.filter((r) => r.risk === risk);
    totals[risk] = { requirements: of.length, covered: of.filter((r) => r.tests.length).length };
  }
  return { requirements: rows, unknownIds: unknown, totals };
}

/** What fails the check, each naming its ids. */
export function checkMatrix(matrix, catalogueProblems = []) {
  const problems = [...catalogueProblems];
  const untested = matrix.requirements.filter((r) => !r.tests.length).map((r) => r.id);
  if (untested.length) problems.push(`requirements without a test: ${untested.join(', ')}`);
  for (const u of matrix.unknownIds) {
    problems.push(`${u.file}:${u.line} names ${u.id}, which no requirement has: '${u.title}'`);
  }
  const unitOnly = matrix.requirements
    .filter((r) => r.risk === 'high' && r.tests.length && !r.tests.some((t) => SYSTEM_KINDS.includes(t.kind)))
    .map((r) => r.id);
  if (unitOnly.length) {
    problems.push(
      `high-risk requirements covered by unit tests only (need a server or e2e test): ${unitOnly.join(', ')}`,
    );
  }
  return problems;
}

/**
 * Reads catalogue, tests and product spec under root: the matrix with the spec's measured
 * coverage (spec-coverage.mjs), and the problems the check reports.
 */
export function run(root) {
  const { requirements, problems } = loadCatalogues(root);
  const matrix = buildMatrix(requirements, scanTests(root));
  const spec = specCoverage(root, requirements);
  return {
    matrix: { ...matrix, coverage: spec.coverage },
    problems: [...checkMatrix(matrix, problems), ...spec.problems],
  };
}

/** One line on the spec's coverage, with what is missing when anything is. */
function coverageLine(coverage) {
  if (!coverage) return 'product spec: not measured';
  const { missing } = coverage;
  const left = [
    ...missing.texts.map((t) => `'${t}'`),
    ...missing.codes,
    ...missing.sections.map((s) => `section ${s}`),
  ];
  return `product spec: ${coverage.covered} of ${coverage.total} texts, codes and sections in requirements (${(coverage.ratio * 100).toFixed(1)} %)${left.length ? `; not stated: ${left.join(', ')}` : ''}`;
}

function main(argv) {
  const arg = (name) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const root = resolve(arg('--root') ?? join(dirname(fileURLToPath(import.meta.url)), '..', '..'));
  const { matrix, problems } = run(root);
  const count = matrix.requirements.length;
  const tests = new Set(matrix.requirements.flatMap((r) => r.tests.map((t) => `${t.file}:${t.line}`))).size;
  if (argv.includes('--check')) {
    if (problems.length) {
      console.error(
        `validation:check failed (${problems.length}):\n${problems.map((p) => `  - ${p}`).join('\n')}`,
      );
      return 1;
    }
    console.log(`validation:check: ${count} requirements, each traced to its tests (${tests} tests).`);
    console.log(coverageLine(matrix.coverage));
    return 0;
  }
  const out = resolve(root, arg('--out') ?? DEFAULT_OUT);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify({ ...matrix, problems }, null, 2)}\n`);
  console.log(`${posix(relative(process.cwd(), out))}: ${count} requirements, ${tests} tests.`);
  console.log(coverageLine(matrix.coverage));
  if (problems.length) console.warn(`${problems.length} problems; npm run validation:check names them.`);
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
