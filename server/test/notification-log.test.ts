import { messages } from '@dosechain/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, users } from '../src/kernel/db/schema.ts';
import { enqueueMail } from '../src/kernel/mail/outbox.ts';
import { DEMO_PASSWORD, type TestApp } from './helpers.ts';
import { actionBody, changeStatus, type orderPlacer, orderTestApp } from './order-fixtures.ts';

let t: TestApp;
let place: ReturnType<typeof orderPlacer>;

beforeAll(async () => {
  // No SMTP and an unwritable mail directory: nothing is sent, the tests set each mail's status.
  ({ t, place } = await orderTestApp());
});
afterAll(async () => {
  await t.close();
});

interface Entry {
  id: number;
  createdAt: string;
  sentAt: string | null;
  recipients: string[];
  subject: string;
  purpose: string;
  order: { id: number; number: number } | null;
  status: string;
  attempts: number;
  lastError: string | null;
}

const list = async (query: Record<string, string> = {}, user = 'staff') => {
  const res = await t.request(user, {
    method: 'GET',
    url: '/api/v1/mails',
    query: { size: '100', ...query },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: Entry[]; total: number; page: number };
};
const filter = (conditions: object[]) => ({ filter: JSON.stringify(conditions) });
const signedResend = { reasonForChange: 'SMTP repaired', electronicSignature: DEMO_PASSWORD };
const resend = (id: number, payload: object = signedResend, user = 'staff') =>
  t.request(user, { method: 'POST', url: `/api/v1/mails/${id}/resend`, payload });

/** A mail failed after all its attempts, as the dispatcher leaves it. */
async function failedMail(subject = 'Failed one'): Promise<number> {
  const id = await t.db.transaction((tx) =>
    enqueueMail(tx, { to: 'x@failed.example', subject, text: 'body' }),
  );
  await t.db
    .update(mailOutbox)
    .set({ status: 'failed', attempts: 8, lastError: 'connect ECONNREFUSED 127.0.0.1:25' })
    .where(eq(mailOutbox.id, id));
  return id;
}

describe('the notification log', () => {
  it("lists a placement's mails with their purpose and order, without bodies", async () => {
    const order = await place();
    const { items } = await list(filter([{ field: 'order_id', op: 'eq', value: order.id }]));
    expect(items.length).toBeGreaterThan(0);
    for (const mail of items) {
      expect(mail.purpose).toBe('order_placed');
      expect(mail.order).toEqual({ id: order.id, number: order.number });
      expect(mail.subject).toContain(`Order #${order.number} placed`);
      expect(['pending', 'sent', 'failed']).toContain(mail.status);
      expect(mail).not.toHaveProperty('textBody');
      expect(mail).not.toHaveProperty('htmlBody');
      expect(mail.createdAt).toMatch(/Z$/);
    }
    const byNumber = await list(filter([{ field: 'order_number', op: 'eq', value: order.number }]));
    expect(byNumber.items.map((m) => m.id).sort()).toEqual(items.map((m) => m.id).sort());
  });

  it('records the purpose of a status change', async () => {
    const order = await place();
    const res = await changeStatus(t, 'cmo', order.id, actionBody('accept'));
    expect(res.statusCode, res.body).toBe(200);
    const { items } = await list(filter([{ field: 'order_id', op: 'eq', value: order.id }]));
    expect(new Set(items.map((m) => m.purpose))).toEqual(new Set(['order_placed', 'order_accepted']));
  });

  it('filters on status, purpose, dates and text, and sorts', async () => {
    const failed = await failedMail('Filter me please');
    const byStatus = await list(filter([{ field: 'status', op: 'eq', value: 'failed' }]));
    expect(byStatus.items.every((m) => m.status === 'failed')).toBe(true);
    expect(byStatus.items.map((m) => m.id)).toContain(failed);
    const byPurpose = await list(filter([{ field: 'purpose', op: 'in', value: ['other'] }]));
    expect(byPurpose.items.map((m) => m.id)).toContain(failed);
    expect(byPurpose.items.every((m) => m.purpose === 'other')).toBe(true);
    const bySubject = await list({ search: 'filter ME' });
    expect(bySubject.items.map((m) => m.id)).toEqual([failed]);
    const byRecipient = await list({ search: 'failed.example' });
    expect(byRecipient.items.map((m) => m.id)).toContain(failed);
    const future = await list(filter([{ field: 'created_at', op: 'ge', value: '2100-01-01T00:00:00Z' }]));
    expect(future.total).toBe(0);
    const sorted = await list({ sort: 'created_at' });
    const times = sorted.items.map((m) => m.createdAt);
    expect(times).toEqual([...times].sort());
  });

  it('answers 400 on an unknown filter field or a bad purpose', async () => {
    for (const query of [
      filter([{ field: 'text_body', op: 'contains', value: 'token' }]),
      filter([{ field: 'purpose', op: 'eq', value: 'nope' }]),
      { sort: 'text_body' },
    ]) {
      const res = await t.request('staff', { method: 'GET', url: '/api/v1/mails', query });
      expect(res.statusCode, res.body).toBe(400);
    }
  });

  it('lists a recovery mail without its link, anywhere in the answer', async () => {
    const [admin] = await t.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.username, 'imaging'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/password-recovery',
      payload: { email: admin!.email },
    });
    expect(res.statusCode).toBeLessThan(300);
    const [row] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.purpose, 'password_recovery'))
      .orderBy(mailOutbox.id);
    expect(row?.textBody).toMatch(/token=/);
    const token = /token=([A-Za-z0-9_-]+)/.exec(row!.textBody)![1]!;
    for (const url of [
      '/api/v1/mails?size=100',
      `/api/v1/mails/${row!.id}`,
      '/api/v1/mails?fields=subject',
    ]) {
      const answer = await t.request('admin', { method: 'GET', url });
      expect(answer.statusCode).toBe(200);
      expect(answer.body).not.toContain(token);
      expect(answer.body).not.toContain('password-reset');
    }
    const one = (
      await t.request('admin', { method: 'GET', url: `/api/v1/mails/${row!.id}` })
    ).json() as Entry;
    expect(one.purpose).toBe('password_recovery');
    expect(one.order).toBeNull();
  });

  it('is staff and admin only', async () => {
    for (const user of ['cmo', 'site', 'imaging']) {
      for (const url of ['/api/v1/mails', '/api/v1/mails/failed-count']) {
        const res = await t.request(user, { method: 'GET', url });
        expect(res.statusCode, `${user} ${url}`).toBe(403);
      }
      const id = await failedMail();
      expect((await resend(id, signedResend, user)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/mails' })).statusCode).toBe(401);
  });

  it('counts the failed mails for the banner', async () => {
    const before = (await t.request('staff', { method: 'GET', url: '/api/v1/mails/failed-count' })).json();
    await failedMail();
    const after = (await t.request('admin', { method: 'GET', url: '/api/v1/mails/failed-count' })).json();
    expect(after.failed).toBe(before.failed + 1);
  });
});

describe('resending a failed mail', () => {
  it('puts it back to pending with its attempts reset, signed and audited', async () => {
    const id = await failedMail();
    const res = await resend(id, { reasonForChange: 'SMTP fixed', electronicSignature: DEMO_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'pending', attempts: 0, lastError: null });
    // The mailer is woken after the commit: the mail is pending, or already sent again.
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(['pending', 'sent']).toContain(row!.status);
    expect(row!.attempts).toBeLessThanOrEqual(1);
    expect(row!.lastError).toBeNull();
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityType, 'mails'));
    const mine = audits.filter((a) => a.entityId === id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      eventType: 'update',
      reason: 'SMTP fixed',
      signed: true,
      signatureMeaning: 'Resent Mail',
      actorUsername: 'staff',
    });
    expect(mine[0]!.changeset).toMatchObject({ status: ['failed', 'pending'], attempts: [8, 0] });
    const history = await t.request('staff', {
      method: 'GET',
      url: `/api/v1/audit-logs/changeset/mails/${id}`,
    });
    expect(history.statusCode).toBe(200);
    expect(history.json()).toHaveLength(1);
  });

  it('refuses a mail that is not failed (409), a wrong signature (400), an unknown one (404)', async () => {
    const pending = await t.db.transaction((tx) =>
      enqueueMail(tx, { to: 'p@pending.example', subject: 'Pending', text: 'x' }),
    );
    const res = await resend(pending);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'MAIL_NOT_FAILED', message: messages.mailNotFailed });
    const failed = await failedMail();
    const wrong = await resend(failed, { ...signedResend, electronicSignature: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('ESIGN_FAILED');
    expect((await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, failed)))[0]!.status).toBe('failed');
    expect((await resend(2_000_000_000)).statusCode).toBe(404);
    expect((await resend(failed, { ...signedResend, extra: 1 })).statusCode).toBe(400);
    const noReason = await resend(failed, { electronicSignature: DEMO_PASSWORD });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors[0]).toMatchObject({
      parameter: 'reasonForChange',
      message: messages.required,
    });
  });

  it('resends once when asked twice at once', async () => {
    const ids2 = await Promise.all([failedMail(), failedMail(), failedMail()]);
    for (const id of ids2) {
      const answers = await Promise.all([resend(id), resend(id, undefined, 'admin')]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    }
    const audits = await t.db.select().from(auditLog).where(inArray(auditLog.entityId, ids2));
    expect(audits.filter((a) => a.entityType === 'mails')).toHaveLength(ids2.length);
  });
});
