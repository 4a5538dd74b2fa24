import type { Page } from '@playwright/test';
import {
  apiHeaders,
  DEMO_PASSWORD,
  expect,
  expectInView,
  loginAs,
  newPairedStudy,
  SIGNATURE,
  screenshot,
  test,
} from '../fixtures.ts';

// The study's schedule, a subject's window on Place order and Subjects due (issue 36), at 1280×800.
test.use({ viewport: { width: 1280, height: 800 } });

async function signReason(page: Page, button: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Reason for change' }).click();
  await page.getByRole('option', { name: 'New information' }).click();
  await dialog.getByLabel(SIGNATURE).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: button }).click();
}

test('staff sets a study schedule: rows checked as typed, saved signed, shown as a table and a drawing', async ({
  page,
}) => {
  const { studyId } = await newPairedStudy(page.request, 'E2E-SCHEDULE-SET');
  await loginAs(page, 'staff');
  await page.goto(`/config/studies/${studyId}`);
  const section = page.getByRole('region', { name: /^Schedule/ });
  await expect(section.getByText('No schedule')).toBeVisible({ timeout: 30_000 });

  await section.getByRole('button', { name: 'Edit schedule' }).click();
  await section.getByRole('button', { name: 'Add timepoint' }).click();
  await section.getByRole('combobox', { name: 'Timepoint' }).click();
  await page.getByRole('option', { name: 'Baseline', exact: true }).click();
  await section.getByRole('textbox', { name: 'Day of Baseline' }).fill('0');
  await section.getByRole('radio', { name: 'Anchor: Baseline' }).check();

  await section.getByRole('button', { name: 'Add timepoint' }).click();
  await section.getByRole('combobox', { name: 'Timepoint' }).nth(1).click();
  await page.getByRole('option', { name: 'Week 4', exact: true }).click();
  const week4Day = section.getByRole('textbox', { name: 'Day of Week 4' });
  await week4Day.fill('4000');
  await week4Day.press('Tab');
  await expect(section.getByText('Enter a whole number of days from -3650 to 3650')).toBeVisible();
  await week4Day.fill('28');
  await section.getByRole('textbox', { name: 'Days before of Week 4' }).fill('3');
  await section.getByRole('textbox', { name: 'Days after of Week 4' }).fill('3');
  await expect(section.getByText('Enter a whole number of days from -3650 to 3650')).toBeHidden();
  await screenshot(page, 'schedule-editor');

  await section.getByRole('button', { name: 'Save' }).click();
  await signReason(page, 'Save');
  await expect(page.getByText('Schedule saved')).toBeVisible({ timeout: 30_000 });
  const table = section.getByRole('table', { name: 'Schedule' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row').nth(1)).toContainText('Baseline (anchor)0');
  await expect(table.getByRole('row').nth(2)).toContainText('Week 42833');
  await expect(section.getByRole('img', { name: 'Schedule windows from day 0 to day 31' })).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await screenshot(page, 'schedule-saved');
});

test("a coordinator sees a subject's window on Place order and the subject on Subjects due", async ({
  page,
}) => {
  // A name of its own per try: a retry must not meet the first try's study.
  const studyName = `E2E-SCHEDULE-DUE-${Date.now() % 100_000}`;
  const ids = await newPairedStudy(page.request, studyName);
  const staff = await apiHeaders(page.request, 'staff');
  const set = await page.request.put(`/api/v1/studies/${ids.studyId}/schedule`, {
    headers: staff,
    data: {
      anchorTimePointId: ids.timepoint('Baseline'),
      entries: [
        { timePointId: ids.timepoint('Baseline'), dayOffset: 0, windowBeforeDays: 0, windowAfterDays: 0 },
        // Open from well before the anchor: the worker's other specs may have filled the first
        // open days, and the window must still open within the 7 days "due" looks ahead.
        { timePointId: ids.timepoint('Week 4'), dayOffset: 3, windowBeforeDays: 14, windowAfterDays: 3 },
      ],
      reasonForChange: 'Protocol v1',
      electronicSignature: DEMO_PASSWORD,
    },
  });
  expect(set.status(), await set.text()).toBe(200);
  // The anchor: a Baseline dose on the first open day after tomorrow.
  const site = await apiHeaders(page.request, 'site');
  const days = await (
    await page.request.get('/api/v1/drug-availabilities/search', {
      headers: site,
      params: { studyId: ids.studyId, siteId: ids.siteId, examId: ids.examId },
    })
  ).json();
  const tomorrow = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
  const day = days.find((d: { date: string; remaining: number }) => d.date > tomorrow && d.remaining > 0);
  expect(day, 'an open day with doses left').toBeTruthy();
  const placed = await page.request.post('/api/v1/orders', {
    headers: site,
    data: {
      studyId: ids.studyId,
      siteId: ids.siteId,
      examId: ids.examId,
      imagingCenterId: ids.imagingCenterId,
      timePointId: ids.timepoint('Baseline'),
      subjectId: 'E2E-DUE-1',
      calibrationDatetime: day.intervals[0].start,
      electronicSignature: DEMO_PASSWORD,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const window = await (
    await page.request.get('/api/v1/orders/window', {
      headers: site,
      params: {
        studyId: ids.studyId,
        siteId: ids.siteId,
        imagingCenterId: ids.imagingCenterId,
        subjectId: 'E2E-DUE-1',
        timePointId: ids.timepoint('Week 4'),
      },
    })
  ).json();

  await loginAs(page, 'site');
  // The dashboard counts the subjects due over the coordinator's studies, below its order grid.
  const card = page.getByRole('region', { name: /^Subjects due: [1-9]\d*$/ });
  await expect(card).toBeVisible({ timeout: 30_000 });
  await page.getByRole('navigation').getByRole('link', { name: 'Subjects due' }).click();
  await expect(page.getByRole('heading', { name: 'Subjects due', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Study' }).click();
  await page.getByRole('option', { name: studyName }).click();
  const row = page
    .getByRole('table', { name: 'Subjects due' })
    .getByRole('row')
    .filter({ hasText: 'E2E-DUE-1' });
  await expect(row).toContainText('Week 4');
  await expect(row).toContainText('Due');
  await expectInView(row, 'the subject due');
  await screenshot(page, 'subjects-due');

  await row.getByRole('link', { name: 'Order Week 4 for E2E-DUE-1' }).click();
  await expect(page.getByRole('heading', { name: 'Place order' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue('E2E-DUE-1');
  await expect(page.getByRole('combobox', { name: 'Exam' })).toHaveValue('FDG PET Whole Body');
  await expect(page.getByRole('combobox', { name: 'Timepoint' })).toHaveValue('Week 4');
  const windowNote = page.getByRole('alert', { name: 'Order window' });
  await expect(windowNote).toHaveText(/^Window: .+ – .+, \d{4} \(nominal .+\)$/, { timeout: 30_000 });
  await expectInView(windowNote, 'the window');
  const calendar = page.getByRole('group', { name: 'Availability calendar' });
  const [year, month] = (window.nominalDate as string).split('-').map(Number) as [number, number];
  const now = new Date();
  for (let ahead = year * 12 + month - (now.getFullYear() * 12 + now.getMonth() + 1); ahead > 0; ahead--) {
    await calendar.getByRole('button', { name: 'Next month' }).click();
  }
  // The window's days are shaded: its nominal day among them (a month's slide shows two grids for a moment).
  const nominalDay = String(Number((window.nominalDate as string).slice(8)));
  await expect(
    calendar.locator('[data-in-window="true"]').filter({ hasText: new RegExp(`^${nominalDay}$`) }),
  ).toHaveCount(1);
  await screenshot(page, 'place-order-window');
});
