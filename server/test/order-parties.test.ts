import type { OrderAction } from '@dosechain/contract';
import { asc, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, doseSlots, mailOutbox, orders, roles, users } from '../src/kernel/db/schema.ts';
import { demoGroups } from '../src/seed/demo.ts';
import { addCompanyUser } from './company-users.ts';
import { buildTestApp, DEMO_PASSWORD, type TestApp } from './helpers.ts';
import {
  actionBody,
  changeStatus,
  loadOrderIds,
  NOW,
  type OrderIds,
  orderInStatus,
  orderPlacer,
  roleId,
} from './order-fixtures.ts';

/**
 * Segregation of duties (issue 16): a role acts within its type's permission ceiling, whatever
 * its groups grant, and an order action is taken only by the order's parties named for it —
 * accept and reject by its CMO, cancel by its site or imaging center, deliver by its CMO or
 * imaging center (staff and admin: all); an order is placed only in a site or imaging-center role.
 * The demo orders go to Lakeside (Chicago site), Windy City Imaging and Isotope Labs Boston.
 */

let t: TestApp;
let ids: OrderIds;
let place: ReturnType<typeof orderPlacer>;
const everyGroup = Object.keys(demoGroups);
/** multi's roles: its own CMO (Pacific), and a clinical-site role at Lakeside added here. */
let multiCmoRole: number;
let multiLakesideRole: number;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  ids = await loadOrderIds(t);
  place = orderPlacer(t, ids);
  // Company users whose groups grant everything: only the ceiling and the party rules limit them.
  const inEveryGroup = [
    ['boston-cmo-all', 'cmo', 'Isotope Labs Boston'],
    ['lakeside-site-all', 'clinical_site', 'Lakeside Clinical Research'],
    ['windy-imaging-all', 'imaging_center', 'Windy City Imaging'],
    ['manhattan-imaging-all', 'imaging_center', 'Manhattan Molecular Imaging'],
    ['pacific-cmo-all', 'cmo', 'Pacific Radiopharma'],
  ] as const;
  for (const [username, role, companyName] of inEveryGroup) {
    await addCompanyUser(t.db, { username, role, companyName, groupNames: everyGroup });
  }
  // Their passwords are new at the test's clock (months ahead of the database's).
  await t.db.update(users).set({ passwordChangedAt: NOW }).where(like(users.username, '%-all'));
  const [multi] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'multi'));
  await t.db.insert(roles).values({ userId: multi!.id, type: 'clinical_site', companyId: ids.chicago });
  multiCmoRole = await roleId(t, 'multi', 'Pacific Radiopharma');
  multiLakesideRole = await roleId(t, 'multi', 'Lakeside Clinical Research');
});
afterAll(() => t.close());

/** Everything an order action could touch. */
async function snapshot() {
  const [audits] = await t.db.select({ n: count() }).from(auditLog);
  const [mails] = await t.db.select({ n: count() }).from(mailOutbox);
  return {
    orders: await t.db.select().from(orders).orderBy(asc(orders.id)),
    slots: await t.db.select().from(doseSlots).orderBy(asc(doseSlots.id)),
    audits: audits!.n,
    mails: mails!.n,
  };
}

async function expectRefused(
  user: string,
  orderId: number,
  action: OrderAction,
  status: 403 | 404,
  roleIdHeader?: number,
) {
  const before = await snapshot();
  const res = await changeStatus(t, user, orderId, actionBody(action), roleIdHeader);
  expect(res.statusCode, `${user} ${action}: ${res.body}`).toBe(status);
  expect(res.json().code).toBe(status === 403 ? 'FORBIDDEN' : 'NOT_FOUND');
  expect(await snapshot(), `${user} ${action} changed nothing`).toEqual(before);
}

async function expectTaken(user: string, orderId: number, action: OrderAction, roleIdHeader?: number) {
  const res = await changeStatus(t, user, orderId, actionBody(action), roleIdHeader);
  expect(res.statusCode, `${user} ${action}: ${res.body}`).toBe(200);
}

describe('a user with several roles acts only as the role it names (the repro of issue 16)', () => {
  it('multi acting as a clinical site cannot accept or reject an order addressed to a CMO', async () => {
    const order = await orderInStatus(t, place, 'pending');
    // In scope: the order's site is the site multi acts for.
    const read = await t.request(
      'multi',
      { method: 'GET', url: `/api/v1/orders/${order.id}` },
      multiLakesideRole,
    );
    expect(read.statusCode).toBe(200);
    await expectRefused('multi', order.id, 'accept', 403, multiLakesideRole);
    await expectRefused('multi', order.id, 'reject', 403, multiLakesideRole);
    // As the site it may cancel its own order.
    await expectTaken('multi', order.id, 'cancel', multiLakesideRole);
  });

  it('multi acting as its CMO cannot place an order, not even for a site it also belongs to', async () => {
    const before = await snapshot();
    const res = await t.request(
      'multi',
      {
        method: 'POST',
        url: '/api/v1/orders',
        payload: {
          studyId: ids.study,
          siteId: ids.chicago,
          examId: ids.fdg,
          imagingCenterId: ids.windy,
          timePointId: ids.baseline,
          subjectId: 'MULTI-AS-CMO',
          calibrationDatetime: '2027-03-31T16:00:00.000Z',
          electronicSignature: DEMO_PASSWORD,
        },
      },
      multiCmoRole,
    );
    expect(res.statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('answers /users/me with the permissions of the role named, and the menu follows them', async () => {
    const asCmo = (await t.request('multi', { method: 'GET', url: '/api/v1/users/me' }, multiCmoRole)).json();
    const asSite = (
      await t.request('multi', { method: 'GET', url: '/api/v1/users/me' }, multiLakesideRole)
    ).json();
    expect(asCmo.currentRole.type).toBe('cmo');
    expect(asCmo.permissions.cmoAcknowledgement).toMatchObject({ create: true, read: true });
    expect(asCmo.permissions.order).toMatchObject({ create: false, read: true });
    expect(asCmo.permissions.orderCancel.create).toBe(false);
    expect(asSite.currentRole.type).toBe('clinical_site');
    expect(asSite.permissions.order).toMatchObject({ create: true, read: true });
    expect(asSite.permissions.cmoAcknowledgement).toMatchObject({
      create: false,
      update: false,
      read: false,
    });
    expect(asSite.permissions.orderStatus.create).toBe(false);
    // Switching role answers the user as they will be in the new role.
    const switched = await t.request(
      'multi',
      { method: 'PUT', url: '/api/v1/users/me/role', payload: { roleId: multiLakesideRole } },
      multiCmoRole,
    );
    expect(switched.json().permissions).toEqual(asSite.permissions);
  });
});

describe('every group granted, a company role still acts only within its ceiling and as a party', () => {
  it('a CMO accepts, rejects and delivers its orders but never cancels', async () => {
    const pending = await orderInStatus(t, place, 'pending');
    await expectRefused('boston-cmo-all', pending.id, 'cancel', 403);
    await expectTaken('boston-cmo-all', pending.id, 'accept');
    await expectRefused('boston-cmo-all', pending.id, 'cancel', 403);
    await expectTaken('boston-cmo-all', pending.id, 'deliver');
    const other = await orderInStatus(t, place, 'pending');
    await expectTaken('boston-cmo-all', other.id, 'reject');
  });

  it('a clinical site cancels its orders but never accepts, rejects or delivers', async () => {
    const pending = await orderInStatus(t, place, 'pending');
    await expectRefused('lakeside-site-all', pending.id, 'accept', 403);
    await expectRefused('lakeside-site-all', pending.id, 'reject', 403);
    const accepted = await orderInStatus(t, place, 'accepted');
    await expectRefused('lakeside-site-all', accepted.id, 'deliver', 403);
    await expectTaken('lakeside-site-all', accepted.id, 'cancel');
  });

  it('an imaging center delivers and cancels its orders but never accepts or rejects', async () => {
    const pending = await orderInStatus(t, place, 'pending');
    await expectRefused('windy-imaging-all', pending.id, 'accept', 403);
    await expectRefused('windy-imaging-all', pending.id, 'reject', 403);
    await expectTaken('windy-imaging-all', pending.id, 'cancel');
    const accepted = await orderInStatus(t, place, 'accepted');
    await expectTaken('windy-imaging-all', accepted.id, 'deliver');
  });

  it("another company's CMO or imaging center finds no such order, and nothing changes", async () => {
    const accepted = await orderInStatus(t, place, 'accepted');
    await expectRefused('pacific-cmo-all', accepted.id, 'deliver', 404);
    await expectRefused('manhattan-imaging-all', accepted.id, 'deliver', 404);
    await expectRefused('manhattan-imaging-all', accepted.id, 'cancel', 404);
    const pending = await orderInStatus(t, place, 'pending');
    await expectRefused('pacific-cmo-all', pending.id, 'accept', 404);
    await expectRefused('pacific-cmo-all', pending.id, 'reject', 404);
  });

  it('no company role of another type sees Place order data or places orders for others', async () => {
    for (const user of ['boston-cmo-all', 'pacific-cmo-all']) {
      const options = await t.request(user, { method: 'GET', url: '/api/v1/orders/options' });
      expect(options.statusCode, user).toBe(403);
    }
    const own = await t.request('windy-imaging-all', { method: 'GET', url: '/api/v1/orders/options' });
    expect(own.statusCode).toBe(200);
  });
});
