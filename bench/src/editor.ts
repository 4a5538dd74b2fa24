/**
 * `npm run bench:editor -w bench` (after `npm run build -w web`): the e-mail distribution list
 * editor with 500 rows, in Chromium at 1280×800, against the same work on a 25-row list in the
 * same run: the editor shows 25 rows a page, so the 25-row list is the work on screen (the page,
 * its rows, the lookups, the 500 ms import delay of the spec) and the ratio is what the 475 rows
 * off screen cost.
 * Starts the app on a fresh embedded database (PGlite) as the fault tests do, creates one study
 * per run through the API and prints a Markdown table: import of a CSV file, opening the saved
 * list for editing, and a keystroke (key down to the next frame, measured in the page).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { startServer } from '../../server/test/faults/server-process.ts';
import { ms, ratio, stats } from './measure.ts';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Number(args.runs);
const log = (line: string) =>
  console.error(`[bench:editor ${new Date().toISOString().slice(11, 19)}] ${line}`);
const PASSWORD = 'Demo1234';
const KEYS = 5;
/**
 * Run in the page: from each key going down to the first frame after it, in `window.keyLags`
 * (React renders a typed character synchronously, before that frame).
 */
const KEY_LAGS = `
  window.keyLags = [];
  document.addEventListener('keydown', () => {
    const down = performance.now();
    requestAnimationFrame(() => setTimeout(() => window.keyLags.push(performance.now() - down)));
  }, true);
`;

function csvFile(rows: number): string {
  const kinds = [
    ['', ''],
    ['CMO', 'Isotope Labs Boston'],
    ['Clinical Site', 'Lakeside Clinical Research'],
    ['Imaging Center', 'Windy City Imaging'],
  ];
  const lines = ['Name,Email,Company type,Companies'];
  for (let i = 0; i < rows; i++) {
    const [type, company] = kinds[i % kinds.length]!;
    lines.push(`Person ${i + 1},person${i + 1}@x.example,${type},"${company}"`);
  }
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'dosechain-bench-csv-')), `rows-${rows}.csv`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

interface Sample {
  importMs: number;
  openMs: number;
  keyMs: number[];
}

/** One run: a new study, the CSV imported and saved, the editor opened again, keys typed. */
async function measure(page: Page, base: string, rows: number, run: number): Promise<Sample> {
  const login = await page.request.post(`${base}/api/v1/auth/login`, {
    data: { username: 'staff', password: PASSWORD },
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const created = await page.request.post(`${base}/api/v1/studies`, {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: { name: `BENCH-${rows}-${run}`, sponsor: 'Bench', electronicSignature: PASSWORD },
  });
  const { id } = (await created.json()) as { id: number };
  await page.goto(`${base}/config/studies/${id}`);
  const emails = page.getByRole('region', { name: /Emails/ });
  await emails.getByRole('button', { name: 'Edit' }).click();

  let started = performance.now();
  await emails.getByLabel('CSV file to import').setInputFiles(csvFile(rows));
  await emails.getByRole('group', { name: 'Row 1', exact: true }).waitFor({ timeout: 120_000 });
  const importMs = performance.now() - started;

  await emails.getByRole('button', { name: 'Submit changes' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Reason for change' }).click();
  await page.getByRole('option', { name: 'New information' }).click();
  await dialog.getByLabel('Please insert your password to complete the action').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Confirm changes' }).click();
  await emails.getByRole('button', { name: 'Edit' }).waitFor({ timeout: 120_000 });

  started = performance.now();
  await emails.getByRole('button', { name: 'Edit' }).click();
  const name = emails.getByRole('group', { name: 'Row 1', exact: true }).getByLabel('Name');
  await name.waitFor({ timeout: 120_000 });
  const openMs = performance.now() - started;

  await page.evaluate(KEY_LAGS);
  await name.click();
  for (let i = 0; i < KEYS; i++) {
    await page.keyboard.press('x');
    await page.waitForTimeout(50);
  }
  await page.waitForFunction(`window.keyLags.length >= ${KEYS}`);
  const keyMs = (await page.evaluate('window.keyLags')) as number[];
  await emails.getByRole('button', { name: 'Discard changes' }).click();
  await page.getByRole('button', { name: 'Discard', exact: true }).click();
  return { importMs, openMs, keyMs };
}

const server = await startServer({ LOG_LEVEL: 'silent' }, { timeoutMs: 120_000 });
const base = `http://127.0.0.1:${server.port}`;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${base}/login`);
  await page.getByLabel('Username').fill('staff');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'SIGN IN' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));

  const samples: Record<number, Sample[]> = { 25: [], 500: [] };
  // Untimed warm-up, then the two sizes alternately so that both see the same load.
  await measure(page, base, 25, 0);
  for (let run = 1; run <= runs; run++) {
    for (const rows of [25, 500]) {
      const sample = await measure(page, base, rows, run);
      samples[rows]!.push(sample);
      log(
        `${rows} rows, run ${run}: import ${ms(sample.importMs)}, open ${ms(sample.openMs)}, keys ${sample.keyMs.map(ms).join(' ')}`,
      );
    }
  }
  const line = (label: string, pick: (s: Sample) => number[]) => {
    const app = stats(samples[500]!.flatMap(pick));
    const raw = stats(samples[25]!.flatMap(pick));
    return `| ${label} | ${ms(app.p50)} | ${ms(app.p95)} | ${ms(raw.p50)} | ${ms(raw.p95)} | ${ratio(app.p95, raw.p95)} |`;
  };
  console.log(
    '| Measurement | 500 rows p50 (ms) | 500 rows p95 (ms) | 25 rows p50 (ms) | 25 rows p95 (ms) | p95 ratio |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  console.log(line('Import a CSV file (500 ms delay included) to the first row shown', (s) => [s.importMs]));
  console.log(line('Open the saved list for editing to the first row shown', (s) => [s.openMs]));
  console.log(line('Keystroke in a name, key down to the next frame', (s) => s.keyMs));
} finally {
  await browser.close();
  await server.kill();
}
