import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import {
  apiHeaders,
  DEMO_PASSWORD,
  expect,
  expectInView,
  loginAs,
  SIGNATURE,
  screenshot,
  test,
} from '../fixtures.ts';

// The e-mail distribution list editor (issue 18, "Forms and dialogs that don't lose work"), at 1280×800.
test.use({ viewport: { width: 1280, height: 800 } });

const HEADER = 'Name,Email,Company type,Companies';

function tempCsv(lines: string[]): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'dosechain-csv-')), 'recipients.csv');
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

/** A study of the test's own (an empty list), opened on its detail page as staff. */
async function openNewStudy(page: Page, name: string): Promise<Locator> {
  const headers = await apiHeaders(page.request, 'staff');
  const created = await page.request.post('/api/v1/studies', {
    headers,
    data: { name, sponsor: 'E2E Sponsor', electronicSignature: DEMO_PASSWORD },
  });
  expect(created.ok()).toBe(true);
  const { id } = (await created.json()) as { id: number };
  await loginAs(page, 'staff');
  await page.goto(`/config/studies/${id}`);
  await expect(page.getByRole('heading', { name })).toBeVisible({ timeout: 30_000 });
  return page.getByRole('region', { name: /Emails/ });
}

async function importCsv(emails: Locator, file: string) {
  await emails.getByLabel('CSV file to import').setInputFiles(file);
  const progress = emails.getByRole('progressbar', { name: 'Importing the file' });
  await expect(progress).toBeVisible();
  await expect(progress).toBeHidden({ timeout: 30_000 });
}

async function confirmChanges(page: Page) {
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Confirm changes' })).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Reason for change' }).click();
  await page.getByRole('option', { name: 'New information' }).click();
  await dialog.getByLabel(SIGNATURE).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Confirm changes' }).click();
  await expect(page.getByText('Updated email list')).toBeVisible({ timeout: 30_000 });
}

test('a valid CSV import can be submitted; a disabled Submit says why, beside it', async ({ page }) => {
  const emails = await openNewStudy(page, 'E2E-DLIST-SUBMIT');
  await emails.getByRole('button', { name: 'Edit' }).click();
  const submit = emails.getByRole('button', { name: 'Submit changes' });
  await expect(submit).toBeDisabled();
  const why = emails.getByText('Nothing to submit: the list is as saved.');
  await submit.scrollIntoViewIfNeeded();
  await expectInView(submit);
  await expectInView(why);

  await importCsv(
    emails,
    tempCsv([
      HEADER,
      'Helios Desk,desk@helios.example,,',
      'Boston Dispatch,dispatch@isotopelabs.example,CMO,isotope labs boston',
      'Lakeside Team,team@lakeside.example,Clinical Site,"Lakeside Clinical Research, Rocky Mountain Trials"',
    ]),
  );
  await expect(emails.getByRole('group')).toHaveCount(3);
  await expect(emails.getByRole('group', { name: 'Row 3', exact: true })).toContainText(
    'Rocky Mountain Trials',
  );
  await expect(submit).toBeEnabled();
  await expect(why).toHaveCount(0);
  await submit.scrollIntoViewIfNeeded();
  await expectInView(submit);
  await screenshot(page, 'distribution-import-valid');
  await submit.click();
  await confirmChanges(page);
  const table = emails.getByRole('table', { name: 'E-mail distribution list' });
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(table.getByRole('row').filter({ hasText: 'Lakeside Team' })).toContainText(
    'Lakeside Clinical Research, Rocky Mountain Trials',
  );
});

test("the import's warnings number rows as the editor does, and Go to first error shows the row", async ({
  page,
}) => {
  const emails = await openNewStudy(page, 'E2E-DLIST-ROWS');
  await emails.getByRole('button', { name: 'Edit' }).click();
  await importCsv(
    emails,
    tempCsv([
      HEADER,
      '',
      'First Person,first@x.example,,',
      'Second Person,second@x.example,CMO,Isotope Labs Boston',
      'Ghost Site,ghost@x.example,Clinical Site,Nowhere Trials',
      'Fourth Person,fourth@x.example,Pharmacy,Corner Drugs',
    ]),
  );
  // The header and the blank line are not rows: the ghost is the editor's row 3.
  await expect(emails.getByText('Row 3: no Clinical Site named "Nowhere Trials"')).toBeVisible();
  await expect(emails.getByText(/^Row 4: unknown company type "Pharmacy"/)).toBeVisible();
  const row3 = emails.getByRole('group', { name: 'Row 3', exact: true });
  await expect(row3.getByLabel('Name')).toHaveValue('Ghost Site');
  await expect(row3).toContainText('no Clinical Site named "Nowhere Trials"');
  await expect(row3.getByText('3', { exact: true })).toBeVisible();
  await expect(emails.getByRole('group', { name: 'Row 4', exact: true }).getByLabel('Name')).toHaveValue(
    'Fourth Person',
  );

  const submit = emails.getByRole('button', { name: 'Submit changes' });
  await expect(submit).toBeDisabled();
  await expect(
    emails.getByText('2 rows need fixing before you can submit; the first is row 3.'),
  ).toBeVisible();
  await emails.getByRole('button', { name: 'Go to first error' }).click();
  const companies = row3.getByRole('combobox', { name: 'Companies' });
  await expect(companies).toBeFocused();
  await expectInView(companies);
  await expectInView(row3.getByText('no Clinical Site named "Nowhere Trials"'));
  await screenshot(page, 'distribution-import-warnings');
});

test('500 rows import, open and type without a visible lag', async ({ page }) => {
  test.setTimeout(180_000);
  const emails = await openNewStudy(page, 'E2E-DLIST-500');
  await emails.getByRole('button', { name: 'Edit' }).click();
  const kinds = [
    ['', ''],
    ['CMO', 'Isotope Labs Boston'],
    ['Clinical Site', 'Lakeside Clinical Research'],
    ['Imaging Center', 'Windy City Imaging'],
  ];
  const file = tempCsv([
    HEADER,
    ...Array.from({ length: 500 }, (_, i) => {
      const [type, company] = kinds[i % kinds.length]!;
      return `Person ${i + 1},person${i + 1}@x.example,${type},"${company}"`;
    }),
  ]);

  // Import: the spec's 500 ms delay, one company lookup per type, then the first page.
  let started = Date.now();
  await emails.getByLabel('CSV file to import').setInputFiles(file);
  await expect(emails.getByRole('group', { name: 'Row 1', exact: true })).toBeVisible({ timeout: 30_000 });
  const importMs = Date.now() - started;
  await expect(emails.getByText('Rows 1–25 of 500')).toBeVisible();
  await expect(emails.getByRole('group')).toHaveCount(25);

  // A keystroke shows in its field at once: measured in the page, from the key going down to
  // the first frame after it (React renders a typed character synchronously, before that frame).
  await page.evaluate(() => {
    const lags: number[] = [];
    (window as unknown as { keyLags: number[] }).keyLags = lags;
    document.addEventListener(
      'keydown',
      () => {
        const down = performance.now();
        requestAnimationFrame(() => setTimeout(() => lags.push(performance.now() - down)));
      },
      true,
    );
  });
  const name = emails.getByRole('group', { name: 'Row 2', exact: true }).getByLabel('Name');
  await name.click();
  await name.press('End');
  for (const key of ['X', 'Y', 'Z']) await page.keyboard.press(key);
  await expect(name).toHaveValue('Person 2XYZ');
  const keyMs = await page.evaluate(() => (window as unknown as { keyLags: number[] }).keyLags);
  expect(keyMs).toHaveLength(4);
  keyMs.shift(); // the End key
  // The last page holds row 500, reached with the keyboard-usable page buttons.
  await emails.getByRole('button', { name: 'Go to page 20', exact: true }).click();
  await expect(emails.getByRole('group', { name: 'Row 500', exact: true }).getByLabel('Name')).toHaveValue(
    'Person 500',
  );
  // The new page's first row is brought into view, not left below with the pager at hand.
  await expectInView(emails.getByRole('group', { name: 'Row 476', exact: true }).getByLabel('Name'));

  const submit = emails.getByRole('button', { name: 'Submit changes' });
  await expect(submit).toBeEnabled();
  await submit.click();
  await confirmChanges(page);
  // The saved list reads a page at a time too, each page from its header.
  const table = emails.getByRole('table', { name: 'E-mail distribution list' });
  await expect(table.getByRole('row')).toHaveCount(26, { timeout: 30_000 });
  await expect(emails.getByText('Rows 1–25 of 500')).toBeVisible();
  await emails.getByRole('button', { name: 'Go to page 20', exact: true }).click();
  await expect(table.getByRole('row').last()).toContainText('Person 500');
  await expectInView(table.getByRole('columnheader', { name: 'Name' }));
  await screenshot(page, 'distribution-500-read-page-20');

  // Opening the saved 500 rows for editing.
  started = Date.now();
  await emails.getByRole('button', { name: 'Edit' }).click();
  await expect(emails.getByRole('group', { name: 'Row 1', exact: true }).getByLabel('Name')).toHaveValue(
    'Person 1',
  );
  await expect(emails.getByRole('group', { name: 'Row 2', exact: true }).getByLabel('Name')).toHaveValue(
    'Person 2XYZ',
  );
  const openMs = Date.now() - started;
  await screenshot(page, 'distribution-500');
  console.log(
    `500 rows: import ${importMs} ms, open ${openMs} ms, keystrokes ${keyMs.map((ms) => ms.toFixed(0)).join(', ')} ms`,
  );
  // Today's editor took 17–39 s to import or open and 3–8 s a keystroke. The bounds are far
  // below that yet leave room for a shared 2-core machine under load (measured at load average
  // 26: import 7.1 s, open 6.2 s, keystrokes 37–600 ms; idle: about 1–2 s and 40–80 ms); the
  // import includes its 500 ms delay and the company lookups.
  expect(importMs).toBeLessThan(15_000);
  expect(openMs).toBeLessThan(10_000);
  for (const ms of keyMs) expect(ms).toBeLessThan(1_000);
});

test('Discard changes asks first; Keep editing keeps the edits', async ({ page }) => {
  const emails = await openNewStudy(page, 'E2E-DLIST-DISCARD');
  await emails.getByRole('button', { name: 'Edit' }).click();
  await importCsv(
    emails,
    tempCsv([HEADER, ...Array.from({ length: 40 }, (_, i) => `Person ${i + 1},p${i + 1}@x.example,,`)]),
  );
  await expect(emails.getByRole('group')).toHaveCount(25);
  const discard = emails.getByRole('button', { name: 'Discard changes' });
  await discard.click();
  const ask = page.getByRole('dialog', { name: 'Discard changes?' });
  await expect(ask).toBeVisible();
  await expectInView(ask.getByRole('button', { name: 'Discard' }));
  await screenshot(page, 'distribution-discard-ask');
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(ask).toBeHidden();
  await expect(emails.getByRole('group', { name: 'Row 1', exact: true }).getByLabel('Name')).toHaveValue(
    'Person 1',
  );
  await discard.click();
  await ask.getByRole('button', { name: 'Discard' }).click();
  await expect(emails.getByText('No e-mail recipients yet. Recipients get the e-mails')).toBeVisible();
});
