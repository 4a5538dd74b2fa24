import {
  emptyPermissions,
  hasPermission,
  type OrderAction,
  type OrderStatus,
  orderActionRules,
  orderActions,
  type Permission,
  setsShipment,
} from '@dosechain/contract';
import { and, eq } from 'drizzle-orm';
import { companies, exams, roles, studies, timepoints, users } from '../src/kernel/db/schema.ts';
import { demoGroups, demoUsers } from '../src/seed/demo.ts';
import { buildTestApp, DEMO_PASSWORD, type TestApp } from './helpers.ts';

// A Monday, 01:00 in New York. The demo's FDG availability (Isotope Labs Boston, New York):
// weekdays 06:00-14:00 local, 5 doses a day; the orders below go to Lakeside (Chicago) through
// Windy City Imaging (America/Chicago).
export const NOW = new Date('2027-03-01T06:00:00.000Z');

export interface OrderIds {
  study: number;
  fdg: number;
  chicago: number;
  windy: number;
  manhattan: number;
  baseline: number;
}

export async function loadOrderIds(t: TestApp): Promise<OrderIds> {
  const company = async (name: string) =>
    (await t.db.select({ id: companies.id }).from(companies).where(eq(companies.name, name)))[0]!.id;
  return {
    study: (await t.db.select({ id: studies.id }).from(studies).where(eq(studies.name, 'ONCO-2026-01')))[0]!
      .id,
    fdg: (await t.db.select({ id: exams.id }).from(exams).where(eq(exams.name, 'FDG PET Whole Body')))[0]!.id,
    chicago: await company('Lakeside Clinical Research'),
    windy: await company('Windy City Imaging'),
    manhattan: await company('Manhattan Molecular Imaging'),
    baseline: (
      await t.db.select({ id: timepoints.id }).from(timepoints).where(eq(timepoints.name, 'Baseline'))
    )[0]!.id,
  };
}

/**
 * The weekdays of March 2027 from the 2nd to the 30th: each has 5 FDG doses (minus the demo's
 * orders); the 31st is left for tests that book a whole day.
 */
const weekdays = Array.from({ length: 29 }, (_, i) => `2027-03-${String(i + 2).padStart(2, '0')}`).filter(
  (d) => ![0, 6].includes(new Date(`${d}T12:00:00Z`).getUTCDay()),
);

/**
 * Places orders as `site`, spread over the month (3 a day). A day already full (its own doses
 * all booked) is skipped for the next, unless the caller chose the calibration: the status ×
 * action tests place one order per case, and their number grows with the status table.
 */
export function orderPlacer(t: TestApp, ids: OrderIds) {
  let placed = 0;
  return async (over: Record<string, unknown> = {}): Promise<{ id: number; number: number }> => {
    for (let skipped = 0; ; skipped++) {
      const day = weekdays[Math.floor(placed++ / 3) % weekdays.length]!;
      const res = await t.request('site', {
        method: 'POST',
        url: '/api/v1/orders',
        payload: {
          studyId: ids.study,
          siteId: ids.chicago,
          examId: ids.fdg,
          imagingCenterId: ids.windy,
          timePointId: ids.baseline,
          subjectId: `SUBJ-${placed}`,
          calibrationDatetime: `${day}T16:00:00.000Z`,
          electronicSignature: DEMO_PASSWORD,
          ...over,
        },
      });
      if (res.statusCode === 201) return res.json();
      const dayFull = res.statusCode === 409 && res.json().code === 'AVAILABILITY_SLOT_FULL';
      if (!dayFull || 'calibrationDatetime' in over || skipped === weekdays.length)
        throw new Error(`placing failed: ${res.statusCode} ${res.body}`);
      placed = Math.ceil(placed / 3) * 3;
    }
  };
}

/** An order test file's app on the orders' clock (`NOW`) with the demo data, its ids and a placer. */
export async function orderTestApp(options: Omit<Parameters<typeof buildTestApp>[0], 'now'> = {}) {
  const t = await buildTestApp({ now: NOW, ...options });
  const ids = await loadOrderIds(t);
  return { t, ids, place: orderPlacer(t, ids) };
}

/**
 * A shipment's fields (Chicago wall clock, as the dispatch above): the FDG dose assayed half an
 * hour before the dispatch, expiring at noon on the 1st, after NOW.
 */
export const shipmentBody = {
  lotNumber: 'FDG-270228-01',
  assayedActivity: 12,
  assayedAt: '2027-02-28T23:00',
  expiresAt: '2027-03-01T12:00',
  courier: 'MedExpress',
  trackingNumber: 'ME-123456789',
};

/**
 * The body an action needs, as the contract table says. Its date-time (Chicago, the demo
 * center's clock) lies on the side of NOW the action allows: a projected delivery after it, a
 * delivery before it.
 */
export function actionBody(action: OrderAction, over: Record<string, unknown> = {}) {
  const rule = orderActionRules[action];
  const relatedDatetime = rule.relatedTime === 'notFuture' ? '2027-02-28T23:30' : '2027-03-20T09:30';
  return {
    status: rule.to,
    ...(rule.needs === 'comment' ? { comment: `${rule.label} reason` } : { relatedDatetime }),
    ...(setsShipment(action) ? shipmentBody : {}),
    electronicSignature: DEMO_PASSWORD,
    ...over,
  };
}

export function changeStatus(
  t: TestApp,
  user: string,
  id: number,
  body: Record<string, unknown>,
  roleId?: number,
) {
  return t.request(user, { method: 'PUT', url: `/api/v1/orders/${id}/status`, payload: body }, roleId);
}

/** The shortest list of actions that brings a new (pending) order to `status`, read off the table. */
export function pathTo(status: OrderStatus): OrderAction[] {
  const queue: { at: OrderStatus; path: OrderAction[] }[] = [{ at: 'pending', path: [] }];
  const seen = new Set<OrderStatus>(['pending']);
  while (queue.length > 0) {
    const { at, path } = queue.shift()!;
    if (at === status) return path;
    for (const action of orderActions) {
      const rule = orderActionRules[action];
      if (rule.from.includes(at) && !seen.has(rule.to)) {
        seen.add(rule.to);
        queue.push({ at: rule.to, path: [...path, action] });
      }
    }
  }
  throw new Error(`no path to ${status}`);
}

/** A new order brought to `status` through the API, by admin (who may do every action). */
export async function orderInStatus(
  t: TestApp,
  place: ReturnType<typeof orderPlacer>,
  status: OrderStatus,
): Promise<{ id: number; number: number }> {
  const order = await place();
  for (const action of pathTo(status)) {
    const res = await changeStatus(t, 'admin', order.id, actionBody(action));
    if (res.statusCode !== 200) throw new Error(`${action} failed: ${res.statusCode} ${res.body}`);
  }
  return order;
}

/** The demo accounts whose scope covers a Lakeside/Boston/Windy City order. */
const inScope = ['cmo', 'site', 'imaging', 'staff', 'admin'] as const;

function demoPermissions(username: string) {
  const user = demoUsers.find((u) => u.username === username)!;
  const merged = emptyPermissions();
  for (const group of user.groups) {
    for (const [area, ops] of Object.entries(demoGroups[group]!)) {
      for (const [op, on] of Object.entries(ops))
        if (on) (merged as Record<string, Record<string, boolean>>)[area]![op] = true;
    }
  }
  return merged;
}

/** A demo account in scope that has (or lacks) the permission; admin only when nobody else has it. */
export function demoUserWith(permission: Permission, has: boolean): string {
  const fits = inScope.filter((u) => hasPermission(demoPermissions(u), permission) === has);
  const user = fits.find((u) => u !== 'admin') ?? fits[0];
  if (!user) throw new Error(`no demo user ${has ? 'with' : 'without'} ${permission}`);
  return user;
}

/** The id of a user's role at a company (for the Role-Id header). */
export async function roleId(t: TestApp, username: string, companyName: string): Promise<number> {
  const [row] = await t.db
    .select({ id: roles.id })
    .from(roles)
    .innerJoin(users, eq(users.id, roles.userId))
    .innerJoin(companies, eq(companies.id, roles.companyId))
    .where(and(eq(users.username, username), eq(companies.name, companyName)));
  return row!.id;
}
