import { eq, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studyDistributionEntries, studyDistributionEntryCompanies } from '../src/kernel/db/schema.ts';
import { buildTestApp, type TestApp } from './helpers.ts';
import { actionBody, changeStatus, loadOrderIds, NOW, type OrderIds, orderPlacer } from './order-fixtures.ts';
import { type ReceivedMail, SmtpSink, unfoldQuotedPrintable } from './smtp-sink.ts';

let sink: SmtpSink;
let t: TestApp;
let ids: OrderIds;
let place: ReturnType<typeof orderPlacer>;

// ONCO-2026-01's list (demo): the study manager (no type: every order), Boston dispatch (CMO
// Isotope Labs Boston), the Lakeside coordinator (Clinical Site Lakeside). Added below: an
// Imaging Center entry for Windy City (gets our orders) and one for Manhattan (does not).
const EXPECTED = [
  'coordinator@lakeside.example',
  'dispatch@isotopelabs.example',
  'onco-pm@helios.example',
  'windy-desk@windycity.example',
];

beforeAll(async () => {
  sink = new SmtpSink();
  await sink.listen();
  t = await buildTestApp({
    now: NOW,
    config: { smtpUrl: sink.url, publicUrl: 'https://dosechain.test/app' },
  });
  ids = await loadOrderIds(t);
  place = orderPlacer(t, ids);
  const [last] = await t.db
    .select({ position: max(studyDistributionEntries.position) })
    .from(studyDistributionEntries)
    .where(eq(studyDistributionEntries.studyId, ids.study));
  const entries = await t.db
    .insert(studyDistributionEntries)
    .values([
      {
        studyId: ids.study,
        position: (last?.position ?? 0) + 1,
        name: 'Windy desk',
        email: 'windy-desk@windycity.example',
        companyType: 'imaging_center',
      },
      {
        studyId: ids.study,
        position: (last?.position ?? 0) + 2,
        name: 'Manhattan desk',
        email: 'desk@manhattan.example',
        companyType: 'imaging_center',
      },
    ])
    .returning({ id: studyDistributionEntries.id });
  await t.db.insert(studyDistributionEntryCompanies).values([
    { entryId: entries[0]!.id, companyId: ids.windy },
    { entryId: entries[1]!.id, companyId: ids.manhattan },
  ]);
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const subjectOf = (m: ReceivedMail) => /^Subject: (.*)$/m.exec(unfoldQuotedPrintable(m.raw))?.[1] ?? '';
const bodyOf = (m: ReceivedMail) => unfoldQuotedPrintable(m.raw);

/** Every mail whose subject starts `Order #<n> <what>`, once all the expected ones arrived. */
async function mailsAbout(number: number, what: string): Promise<ReceivedMail[]> {
  const about = (m: ReceivedMail) => subjectOf(m).startsWith(`Order #${number} ${what} `);
  for (const address of EXPECTED) await sink.waitFor((m) => about(m) && m.to.includes(address));
  return sink.received.filter(about);
}
const recipientsOf = (mails: ReceivedMail[]) => mails.flatMap((m) => m.to).sort();

describe('order mails to the study distribution list', () => {
  it('mails the placement to the untyped entries and the typed entries of the order companies, one mail each', async () => {
    const order = await place({ calibrationDatetime: '2027-03-08T16:00:00.000Z', subjectId: 'MAIL-1' });
    const mails = await mailsAbout(order.number, 'placed');
    expect(recipientsOf(mails)).toEqual(EXPECTED);
    expect(mails.every((m) => m.to.length === 1)).toBe(true);
    const body = bodyOf(mails[0]!);
    expect(subjectOf(mails[0]!)).toBe(
      `Order #${order.number} placed - ONCO-2026-01, Lakeside Clinical Research`,
    );
    expect(body).toContain('Status: Pending');
    expect(body).toContain('Exam: FDG PET Whole Body');
    expect(body).toContain('Drug: Fludeoxyglucose F18');
    expect(body).toContain('Subject: MAIL-1');
    // 16:00Z is 10:00 on the imaging center's clock (Chicago, CST).
    expect(body).toContain('Calibration date-time: Mar 8, 2027, 10:00 CST (America/Chicago)');
    expect(body).toContain(`https://dosechain.test/app/orders/${order.id}`);
  });

  it('mails each change: accepted with the projected delivery, delivered, rejected and canceled with the reason', async () => {
    const order = await place();
    await changeStatus(t, 'cmo', order.id, actionBody('accept', { relatedDatetime: '2027-03-09T08:45' }));
    const accepted = await mailsAbout(order.number, 'accepted');
    expect(recipientsOf(accepted)).toEqual(EXPECTED);
    expect(bodyOf(accepted[0]!)).toContain('Projected delivery: Mar 9, 2027, 08:45 CST (America/Chicago)');

    await changeStatus(t, 'staff', order.id, actionBody('deliver', { relatedDatetime: '2027-02-28T23:50' }));
    const delivered = await mailsAbout(order.number, 'delivered');
    expect(recipientsOf(delivered)).toEqual(EXPECTED);
    expect(bodyOf(delivered[0]!)).toContain('Delivered: Feb 28, 2027, 23:50 CST (America/Chicago)');
    expect(bodyOf(delivered[0]!)).toContain('Package: Intact');

    const shippedOrder = await place();
    await changeStatus(t, 'cmo', shippedOrder.id, actionBody('accept'));
    await changeStatus(t, 'cmo', shippedOrder.id, actionBody('ship'));
    const shipped = await mailsAbout(shippedOrder.number, 'shipped');
    expect(recipientsOf(shipped)).toEqual(EXPECTED);
    const shippedText = bodyOf(shipped[0]!);
    expect(shippedText).toContain(`Order #${shippedOrder.number} was shipped.`);
    expect(shippedText).toContain('Status: Shipped');
    expect(shippedText).toContain('Shipped: Feb 28, 2027, 23:30 CST (America/Chicago)');
    expect(shippedText).toContain('Lot number: FDG-270228-01');
    expect(shippedText).toContain('Expires: Mar 1, 2027, 12:00 CST (America/Chicago)');
    expect(shippedText).toContain('Courier: MedExpress');
    expect(shippedText).toContain('Tracking number: ME-123456789');
    expect(shippedText).toContain('Assayed activity: 12 mCi (444 MBq) at Feb 28, 2027, 23:00 CST');
    await changeStatus(
      t,
      'staff',
      shippedOrder.id,
      actionBody('deliver', {
        relatedDatetime: '2027-02-28T23:55',
        receivedActivity: 7.5,
        receivedAt: '2027-02-28T23:50',
        comment: 'Assay low',
      }),
    );
    const received = bodyOf((await mailsAbout(shippedOrder.number, 'delivered'))[0]!);
    // 12 mCi at 23:00, 50 min of F-18 (109.77 min): 8.75 mCi expected; 7.5 is outside 10 %.
    expect(received).toContain(
      'Received activity: 7.5 mCi (278 MBq) at Feb 28, 2027, 23:50 CST (America/Chicago) (expected 8.75 mCi)',
    );
    expect(received).toContain('Receipt deviation: Assay low');

    const rejectedOrder = await place();
    await changeStatus(
      t,
      'cmo',
      rejectedOrder.id,
      actionBody('reject', { comment: 'Cyclotron maintenance' }),
    );
    const rejected = await mailsAbout(rejectedOrder.number, 'rejected');
    expect(recipientsOf(rejected)).toEqual(EXPECTED);
    expect(bodyOf(rejected[0]!)).toContain('Reason for rejection: Cyclotron maintenance');
    expect(bodyOf(rejected[0]!)).not.toContain('Projected delivery');

    const canceledOrder = await place();
    await changeStatus(t, 'site', canceledOrder.id, actionBody('cancel', { comment: 'Subject withdrew' }));
    const canceled = await mailsAbout(canceledOrder.number, 'canceled');
    expect(recipientsOf(canceled)).toEqual(EXPECTED);
    expect(bodyOf(canceled[0]!)).toContain('Reason for cancellation: Subject withdrew');
  });

  it('resends the current mail on POST /orders/{id}/notifications (cmoAcknowledgement.update, scope)', async () => {
    const order = await place();
    await changeStatus(t, 'cmo', order.id, actionBody('reject', { comment: 'No slot' }));
    await mailsAbout(order.number, 'rejected');
    const resend = await t.request('cmo', {
      method: 'POST',
      url: `/api/v1/orders/${order.id}/notifications`,
    });
    expect([resend.statusCode, resend.json()]).toEqual([202, { queued: EXPECTED.length }]);
    for (const address of EXPECTED) {
      await sink.waitFor(
        (m) =>
          m.to.includes(address) &&
          sink.received.filter(
            (x) => x.to.includes(address) && subjectOf(x).startsWith(`Order #${order.number} rejected`),
          ).length === 2,
      );
    }
    const bySite = await t.request('site', {
      method: 'POST',
      url: `/api/v1/orders/${order.id}/notifications`,
    });
    expect(bySite.statusCode).toBe(403);
    const missing = await t.request('cmo', { method: 'POST', url: '/api/v1/orders/2000000/notifications' });
    expect(missing.statusCode).toBe(404);
  });

  it('sends nothing for a change that fails', async () => {
    const order = await place();
    await mailsAbout(order.number, 'placed');
    const before = sink.received.length;
    const bad = await changeStatus(t, 'cmo', order.id, actionBody('deliver'));
    expect(bad.statusCode).toBe(409);
    await new Promise((r) => setTimeout(r, 300));
    expect(sink.received.length).toBe(before);
  });
});
