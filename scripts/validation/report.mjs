#!/usr/bin/env node
/**
 * The validation report (issue 37, decision 051): the traceability matrix joined with the JSON
 * results a test run wrote (VALIDATION_RESULTS=<dir>: Vitest's and Playwright's reporters), as
 * report.json, report.html and report.pdf, with SHA256SUMS over the three. The HTML and PDF carry
 * the SHA-256 of report.json, their content; the command prints each file's path and SHA-256.
 *
 *   node scripts/validation/report.mjs --results <dir> [--out <dir>] [--root <dir>]
 *   (npm run validation:report -- --results <dir>)
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { run } from './matrix.mjs';
import { buildReport } from './report-data.mjs';
import { renderHtml } from './report-html.mjs';
import { renderPdf } from './report-pdf.mjs';
import { readResultsDir } from './test-results.mjs';

export const DEFAULT_OUT = 'validation/report';
/** The e2e suites' browser (e2e/chromium.ts). */
const CHROMIUM = '/usr/bin/chromium';

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

function firstLine(command, args, options = {}) {
  try {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], ...options })
      .split('\n')[0]
      .trim();
  } catch {
    return null;
  }
}

function packageVersion(root, dir) {
  try {
    return JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')).version;
  } catch {
    return null;
  }
}

/** PostgreSQL's version at url, asked with the server's own driver; the failure said if it does not answer. */
async function postgresVersion(root, url) {
  try {
    const { createRequire } = await import('node:module');
    // The server's own driver; from this script's checkout when the results' root has none.
    let pg;
    try {
      pg = createRequire(join(root, 'server', 'package.json'))('pg');
    } catch {
      pg = createRequire(import.meta.url)('pg');
    }
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    await client.connect();
    try {
      const { rows } = await client.query('SHOW server_version');
      return `PostgreSQL ${rows[0].server_version}`;
    } finally {
      await client.end();
    }
  } catch (error) {
    // One line: a report's header row, not a stack.
    return `PostgreSQL at TEST_DATABASE_URL: not reached (${String(error.message).split('\n')[0].trim()})`;
  }
}

/** Product, commit, date and environment of this run, as the machine says them. */
export async function describeRun(root, { playwrightVersion } = {}) {
  const pglite = packageVersion(root, 'node_modules/@electric-sql/pglite');
  const database = [`PGlite ${pglite ?? 'not installed'} (embedded, every server suite)`];
  if (process.env.TEST_DATABASE_URL)
    database.push(await postgresVersion(root, process.env.TEST_DATABASE_URL));
  const browser = firstLine(CHROMIUM, ['--version']);
  return {
    product: { name: 'DoseChain', version: packageVersion(root, 'server') ?? 'unknown' },
    commit: firstLine('git', ['rev-parse', 'HEAD'], { cwd: root }) ?? 'unknown (not a git checkout)',
    date: new Date().toISOString(),
    environment: {
      node: process.version,
      database,
      browser: [browser ?? `${CHROMIUM}: not found`, playwrightVersion && `Playwright ${playwrightVersion}`]
        .filter(Boolean)
        .join(', '),
    },
  };
}

/** Builds and writes the report; answers the files written with their SHA-256 and the report. */
export async function writeReport({ root, results, out }) {
  const read = readResultsDir(results, root);
  const { matrix, problems } = run(root);
  const meta = await describeRun(root, read);
  const report = buildReport({ ...matrix, problems }, read, meta);
  const json = `${JSON.stringify(report, null, 2)}\n`;
  report.contentSha256 = sha256(json);
  mkdirSync(out, { recursive: true });
  const files = {
    'report.json': json,
    'report.html': renderHtml(report),
    'report.pdf': renderPdf(report),
  };
  const sums = [];
  for (const [name, bytes] of Object.entries(files)) {
    writeFileSync(join(out, name), bytes);
    sums.push({ name, path: join(out, name), sha256: sha256(bytes) });
  }
  writeFileSync(join(out, 'SHA256SUMS'), sums.map((s) => `${s.sha256}  ${s.name}\n`).join(''));
  return { files: sums, report };
}

async function main(argv) {
  const arg = (name) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const root = resolve(arg('--root') ?? join(dirname(fileURLToPath(import.meta.url)), '..', '..'));
  const results = arg('--results');
  if (!results) {
    console.error('usage: validation:report -- --results <dir> [--out <dir>]');
    return 2;
  }
  const out = resolve(root, arg('--out') ?? DEFAULT_OUT);
  const { files, report } = await writeReport({ root, results: resolve(results), out });
  const t = report.totals.all;
  console.log(
    `validation report: ${t.requirements} requirements (${t.passed} passed, ${t.failed} failed, ${t['not run']} not run, ${t.untested} untested); run: ${report.run.total} tests, ${report.run.failed} failed.`,
  );
  for (const f of files) console.log(`  ${relative(process.cwd(), f.path)}  sha256 ${f.sha256}`);
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
