import { AxeBuilder } from '@axe-core/playwright';
import { type APIRequestContext, test as base, expect, type Locator, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo1234';

/** Fills the login screen and signs in, whatever comes of it. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'SIGN IN' }).click();
}

/** Logs a demo user in through the login screen and waits for the dashboard. */
export async function loginAs(page: Page, username: string): Promise<void> {
  await signIn(page, username, DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
}

/**
 * Opens a menu from its button and picks an item once the menu has finished appearing: a click
 * during MUI's grow transition can land before the item is in place and be lost (seen in CI).
 */
export async function pickMenuItem(
  page: Page,
  button: string,
  item: string | RegExp,
  role: 'menuitem' | 'menuitemradio' = 'menuitem',
): Promise<void> {
  await page.getByRole('button', { name: button }).click();
  // The open menu's paper: the transition ends at full opacity and no transform.
  const paper = page.getByRole('menu').locator('xpath=..');
  await expect(paper).toHaveCSS('opacity', '1');
  await expect(paper).toHaveCSS('transform', 'none');
  await page.getByRole(role, { name: item }).click();
}

/**
 * Saves a screenshot for review under e2e/test-results/screens (not committed). A page taller
 * than the window is shot with the window stretched to the page's height, so the fixed app bar
 * stays on top and the sidebar runs the full height, as a person sees them while scrolling.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  // Let MUI's enter transitions finish so the picture shows the settled screen.
  await page.waitForTimeout(400);
  // CI keeps no pictures (its clone is thrown away): it saves their CPU time unless asked.
  if (process.env.CI && process.env.E2E_SCREENSHOTS !== '1') return;
  const viewport = page.viewportSize();
  const height = await page.evaluate(() =>
    Math.max(document.documentElement.scrollHeight, document.body.scrollHeight),
  );
  const stretch = viewport !== null && height > viewport.height;
  if (stretch) {
    await page.setViewportSize({ width: viewport.width, height });
    await page.waitForTimeout(100);
  }
  try {
    await page.screenshot({ path: `test-results/screens/${name}.png`, animations: 'disabled' });
  } finally {
    if (stretch) await page.setViewportSize(viewport);
  }
}

/**
 * Runs axe-core (WCAG 2.x A/AA and best-practice rules) on the page as it is now and fails on
 * any serious or critical violation, listing each rule with the elements it flagged.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  // Check the settled screen, not one caught mid-transition (half-faded text fails contrast).
  await page.waitForTimeout(400);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) => `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`,
    );
  expect(serious, `axe-core on ${page.url()}`).toEqual([]);
}

/** Logs a demo user in through the API and answers the headers of its authenticated calls. */
export async function apiHeaders(
  request: APIRequestContext,
  username: string,
): Promise<Record<string, string>> {
  const login = await request.post('/api/v1/auth/login?includeUser=true', {
    data: { username, password: DEMO_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  const body = (await login.json()) as { accessToken: string; user: { currentRole: { id: number | null } } };
  const roleId = body.user.currentRole.id;
  return { Authorization: `Bearer ${body.accessToken}`, ...(roleId ? { 'Role-Id': String(roleId) } : {}) };
}

/** A laid-out element's box, in pixels from the window's top left corner. */
export type Box = { x: number; y: number; width: number; height: number };

/**
 * Waits for the element to show, then checks its box lies wholly inside the window: nothing of it
 * is cut off or scrolled away (`toBeInViewport` passes as soon as a part of it shows). Answers
 * the box.
 */
export async function expectInView(locator: Locator, what = 'the element'): Promise<Box> {
  await expect(locator, what).toBeVisible();
  const box = await locator.boundingBox();
  const viewport = locator.page().viewportSize();
  expect(box, `${what}: laid out`).not.toBeNull();
  expect(viewport, 'the window has a size').not.toBeNull();
  const b = box!;
  const v = viewport!;
  expect(b.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(b.y, `${what}: top edge`).toBeGreaterThanOrEqual(0);
  expect(b.x + b.width, `${what}: right edge`).toBeLessThanOrEqual(v.width);
  expect(b.y + b.height, `${what}: bottom edge`).toBeLessThanOrEqual(v.height);
  return b;
}

/** The first grid row holding a text, such as an order's subject. */
export const rowOf = (page: Page, text: string): Locator =>
  page.getByRole('row').filter({ hasText: text }).first();

/** Types a date (MM/DD/YYYY) or a time (HH:mm) into a picker field section by section. */
export async function typeInto(page: Page, field: Locator, digits: string): Promise<void> {
  // Focus, not click: the picker redraws its sections on pointer events, which a click waits out.
  await field.getByRole('spinbutton').first().focus();
  await page.keyboard.type(digits);
}

/** The e-signature field's label on every signed form. */
export const SIGNATURE = 'Please insert your password to complete the action';

/**
 * Picks an option of a select and waits for its list to close: a click on the next field while the
 * list was still fading out landed on its backdrop and the next list never opened (seen in CI).
 */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

/**
 * Fills the Place order form as `site`: ONCO-2026-01, FDG PET Whole Body at Windy City Imaging,
 * Baseline, the first open day and hour, signed; the caller clicks Place order.
 */
export async function fillPlaceOrderForm(page: Page, subjectId: string): Promise<void> {
  await page.goto('/place-order');
  await choose(page, 'Study', 'ONCO-2026-01');
  await choose(page, 'Exam', 'FDG PET Whole Body');
  await choose(page, 'Imaging center', 'Windy City Imaging');
  await page.getByRole('textbox', { name: 'Subject' }).fill(subjectId);
  await choose(page, 'Timepoint', 'Baseline');
  await (await firstOpenDay(page)).click();
  await page.getByRole('combobox', { name: 'Calibration time' }).click();
  await page.getByRole('option').first().click();
  await page.getByLabel(SIGNATURE).fill(DEMO_PASSWORD);
}

/** The Place order form's calendar. */
export const availabilityCalendar = (page: Page): Locator =>
  page.getByRole('group', { name: 'Availability calendar' });

/** The calendar's days that can be picked. */
const openDays = (page: Page): Locator =>
  availabilityCalendar(page).locator('button[role="gridcell"]:not([disabled])');

/**
 * Waits until the calendar's month has loaded: a day is open, or the form says that none is left
 * this month (late in a month, or once other specs have booked its last doses).
 */
export async function calendarMonthLoaded(page: Page): Promise<void> {
  const openDay = openDays(page).first();
  const noneLeft = page.getByText('No day with doses left this month; try the next month.');
  await expect(openDay.or(noneLeft).first()).toBeVisible();
}

/**
 * The calendar's first open day: this month's, or the next month's when this one has none left
 * (the specs run on any day of the month, at any hour).
 */
export async function firstOpenDay(page: Page): Promise<Locator> {
  const openDay = openDays(page).first();
  await calendarMonthLoaded(page);
  if (!(await openDay.isVisible())) {
    await availabilityCalendar(page).getByRole('button', { name: 'Next month' }).click();
    await expect(openDay).toBeVisible();
  }
  return openDay;
}

/** An order placed through the API: its id and its number. */
export interface PlacedOrder {
  id: number;
  number: number;
  /** The open day it was placed on (YYYY-MM-DD, the availability's day). */
  day: string;
}

/**
 * Places an order of ONCO-2026-01 at its site for Windy City Imaging as `site` through the API,
 * on the first day after tomorrow with doses left (`dayIndex` picks another of those days as
 * `Array.at` does: -1 the last one offered); `exam` defaults to FDG PET Whole Body.
 */
export async function placeOrderByApi(
  request: APIRequestContext,
  subjectId: string,
  {
    exam = 'FDG PET Whole Body',
    notes,
    requestedActivity,
    dayIndex = 0,
  }: { exam?: string; notes?: string; requestedActivity?: number; dayIndex?: number } = {},
): Promise<PlacedOrder> {
  const headers = await apiHeaders(request, 'site');
  const options = await (await request.get('/api/v1/orders/options', { headers })).json();
  const study = options.studies.find((s: { name: string }) => s.name === 'ONCO-2026-01');
  const pairing = options.pairings.find(
    (p: { studyId: number; exam: { name: string } }) => p.studyId === study.id && p.exam.name === exam,
  );
  const site = options.sites.find((s: { id: number }) => s.id === pairing.site.id);
  const center = site.imagingCenters.find((c: { name: string }) => c.name === 'Windy City Imaging');
  const ids = { studyId: study.id, siteId: site.id, examId: pairing.exam.id };
  const days = await (
    await request.get('/api/v1/drug-availabilities/search', { headers, params: ids })
  ).json();
  const tomorrow = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
  const day = days
    .filter((d: { date: string; remaining: number }) => d.date > tomorrow && d.remaining > 0)
    .at(dayIndex);
  expect(day, 'an open day with doses left').toBeTruthy();
  const placed = await request.post('/api/v1/orders', {
    headers,
    data: {
      ...ids,
      imagingCenterId: center.id,
      timePointId: options.timepoints[0].id,
      subjectId,
      calibrationDatetime: day.intervals[0].start,
      ...(notes ? { additional_notes: notes } : {}),
      ...(requestedActivity ? { requestedActivity } : {}),
      electronicSignature: DEMO_PASSWORD,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return { ...((await placed.json()) as Omit<PlacedOrder, 'day'>), day: day.date };
}

/**
 * Opens the search of the first grid in `scope` and searches for `text`: other specs of the
 * worker add rows, which can push the one a test looks for off the first page.
 */
export async function searchGrid(scope: Page | Locator, text: string): Promise<void> {
  await scope.getByRole('button', { name: 'Show/Hide search' }).first().click();
  await scope.getByRole('textbox', { name: 'Search' }).first().fill(text);
}

/** Windy City Imaging's clock, the journey dialogs' zone by default. */
const CENTER_ZONE = 'America/Chicago';

/** An instant on `zone`'s clock, each part two digits (the year four; hours 00–23). */
export function clockParts(
  at: Date,
  zone: string,
): { year: string; month: string; day: string; hour: string; minute: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const { year, month, day, hour, minute } = parts as Record<string, string>;
  return { year: year!, month: month!, day: day!, hour: hour!, minute: minute! };
}

/** A moment `minutes` from now on `zone`'s clock, as the pickers take it (MMDDYYYY, HHmm). */
export function pickerWallClock(minutes: number, zone = CENTER_ZONE): { date: string; time: string } {
  const parts = clockParts(new Date(Date.now() + minutes * 60_000), zone);
  return { date: `${parts.month}${parts.day}${parts.year}`, time: `${parts.hour}${parts.minute}` };
}

/**
 * Types a moment `minutes` from now on the imaging center's clock into a dialog's `<label> date`
 * and `<label> time` pickers.
 */
export async function typeWallClock(
  page: Page,
  dialog: Locator,
  label: string,
  minutes: number,
): Promise<void> {
  const at = pickerWallClock(minutes);
  await typeInto(page, dialog.getByRole('group', { name: `${label} date` }), at.date);
  await typeInto(page, dialog.getByRole('group', { name: `${label} time` }), at.time);
}

/** A wall clock on the UTC clock, `minutes` from now, to the minute (`2026-11-28T13:05`). */
export const utcWallClock = (minutes = 0): string =>
  new Date(Date.now() + minutes * 60_000).toISOString().slice(0, 16);

/**
 * Changes an order's status through the API as `as` (a demo user's name, or the headers of one
 * already logged in), signed with the demo password; the test fails unless it answers `expected`.
 * Wall clocks in `body` are read in UTC unless it names another `timezone`.
 */
export async function orderStatusByApi(
  request: APIRequestContext,
  as: string | Record<string, string>,
  orderId: number,
  body: Record<string, unknown>,
  expected = 200,
): Promise<Record<string, unknown>> {
  const res = await request.put(`/api/v1/orders/${orderId}/status`, {
    headers: typeof as === 'string' ? await apiHeaders(request, as) : as,
    data: { timezone: 'UTC', ...body, electronicSignature: DEMO_PASSWORD },
  });
  expect(res.status(), `${body.status} of order ${orderId}: ${await res.text()}`).toBe(expected);
  return res.json();
}

/**
 * Accepts an order as its CMO through the API, its projected delivery `minutes` from now (by
 * default three minutes ago, which the acceptance's clock skew allows: late at once).
 */
export const acceptOrderByApi = (
  request: APIRequestContext,
  orderId: number,
  minutes = -3,
  as: string | Record<string, string> = 'cmo',
) => orderStatusByApi(request, as, orderId, { status: 'accepted', relatedDatetime: utcWallClock(minutes) });

/** The demo's active FDG availability at Isotope Labs Boston (Weekday rule) and its exceptions' URL. */
export async function fdgAvailability(
  request: APIRequestContext,
  staff: Record<string, string>,
): Promise<{ fdg: { id: number; validFrom: string; validUntil: string }; exceptionsUrl: string }> {
  const list = await request.get('/api/v1/drug-availabilities', {
    headers: staff,
    params: {
      filter: JSON.stringify([
        { field: 'drug_name', op: 'eq', value: 'Fludeoxyglucose F18' },
        { field: 'cmo_name', op: 'eq', value: 'Isotope Labs Boston' },
        { field: 'active', op: 'eq', value: true },
      ]),
      sort: 'created_at',
    },
  });
  expect(list.status(), await list.text()).toBe(200);
  const fdg = (await list.json()).items[0] as { id: number; validFrom: string; validUntil: string };
  return { fdg, exceptionsUrl: `/api/v1/drug-availabilities/${fdg.id}/exceptions` };
}

/** Removes an availability's manufacturing exceptions on a day (YYYY-MM-DD) as staff. */
export async function removeExceptionsOn(
  request: APIRequestContext,
  staff: Record<string, string>,
  exceptionsUrl: string,
  date: string,
  reasonForChange = 'e2e cleanup',
): Promise<void> {
  const left = (await (await request.get(exceptionsUrl, { headers: staff })).json()) as {
    id: number;
    date: string;
  }[];
  for (const e of left.filter((x) => x.date === date)) {
    await request.delete(`${exceptionsUrl}/${e.id}`, {
      headers: staff,
      data: { reasonForChange, electronicSignature: DEMO_PASSWORD },
    });
  }
}

/** Opens a study's page from the Studies list. */
export async function openStudy(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation').getByRole('link', { name: 'Studies' }).click();
  // The list of studies, not the rows of the screen left (the audit trail's orders name studies too).
  await expect(page.getByRole('heading', { name: 'Studies', level: 1 })).toBeVisible();
  // Other specs of the worker add studies, which can push this one off the first page.
  await searchGrid(page, name);
  await page.getByRole('row').filter({ hasText: name }).getByRole('button', { name: 'View' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
}

/**
 * On a study's page: opens Create API Key and fills it for Lakeside Clinical Research with one
 * scope, valid for `days`, signed; the caller saves. Answers the API Keys section and the dialog.
 */
export async function fillApiKeyForm(
  page: Page,
  name: string,
  scope: 'Place orders' | 'Read orders',
  days: string,
): Promise<{ keys: Locator; dialog: Locator }> {
  const keys = page.getByRole('region', { name: 'API Keys' });
  await keys.getByRole('button', { name: 'Create API Key' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('combobox', { name: 'Clinical Site' }).fill('Lakeside');
  await page.getByRole('option', { name: 'Lakeside Clinical Research' }).click();
  await dialog.getByRole('checkbox', { name: scope }).check();
  await dialog.getByRole('textbox', { name: 'Valid for' }).fill(days);
  await dialog.getByLabel(SIGNATURE).fill(DEMO_PASSWORD);
  return { keys, dialog };
}

export const test = base;
export { expect };

/** A study of the test's own, paired FDG · Lakeside · Boston, with the ids an order needs. */
export async function newPairedStudy(request: APIRequestContext, name: string) {
  const staff = await apiHeaders(request, 'staff');
  const site = await apiHeaders(request, 'site');
  const options = await (await request.get('/api/v1/orders/options', { headers: site })).json();
  const onco = options.pairings.find(
    (p: { exam: { name: string }; site: { name: string } }) =>
      p.exam.name === 'FDG PET Whole Body' && p.site.name === 'Lakeside Clinical Research',
  );
  const center = options.sites
    .find((s: { id: number }) => s.id === onco.site.id)
    .imagingCenters.find((c: { name: string }) => c.name === 'Windy City Imaging');
  const cmos = await (
    await request.get('/api/v1/cmos', { headers: staff, params: { search: 'Isotope Labs Boston' } })
  ).json();
  const created = await request.post('/api/v1/studies', {
    headers: staff,
    data: { name, sponsor: 'E2E Sponsor', electronicSignature: DEMO_PASSWORD },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { id } = (await created.json()) as { id: number };
  const paired = await request.post(`/api/v1/studies/${id}/pairings`, {
    headers: staff,
    data: {
      examId: onco.exam.id,
      siteId: onco.site.id,
      cmoId: cmos.items[0].id,
      electronicSignature: DEMO_PASSWORD,
    },
  });
  expect(paired.status(), await paired.text()).toBe(201);
  const timepoint = (name: string) =>
    options.timepoints.find((t: { name: string }) => t.name === name).id as number;
  return { studyId: id, examId: onco.exam.id, siteId: onco.site.id, imagingCenterId: center.id, timepoint };
}
