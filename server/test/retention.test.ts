import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  idempotencyKeys,
  mailOutbox,
  passwordResetTokens,
  refreshTokens,
  users,
} from '../src/kernel/db/schema.ts';
import { RetentionJob } from '../src/kernel/retention/job.ts';
import { buildTestApp, type TestApp } from './helpers.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Issue 20: the retention job deletes what has no use left, and nothing else. */
describe('retention', () => {
  let t: TestApp;
  let userId: number;
  beforeAll(async () => {
    t = await buildTestApp();
    // Mail stays where the test puts it.
    await t.app.mailDispatcher.stop();
    [{ id: userId }] = (await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'admin'))) as [{ id: number }];
  });
  afterAll(async () => {
    await t?.close();
  });

  const ago = (ms: number) => new Date(t.clock.now().getTime() - ms);
  const later = (ms: number) => new Date(t.clock.now().getTime() + ms);
  const rows = async (table: typeof refreshTokens | typeof passwordResetTokens | typeof idempotencyKeys) =>
    (await t.db.select({ n: count() }).from(table))[0]!.n;
  const mailLeft = async () =>
    (await t.db.select({ subject: mailOutbox.subject }).from(mailOutbox)).map((r) => r.subject).sort();

  it('[P11-017] deletes expired tokens and keys, and sent mail past MAIL_RETENTION_DAYS only', async () => {
    await t.db.delete(refreshTokens);
    await t.db.delete(mailOutbox);
    await t.loginAs('admin');
    await t.db.insert(passwordResetTokens).values([
      { userId, tokenHash: 'expired', expiresAt: ago(MINUTE) },
      { userId, tokenHash: 'used', expiresAt: later(10 * MINUTE), usedAt: ago(MINUTE) },
      { userId, tokenHash: 'live', expiresAt: later(10 * MINUTE) },
    ]);
    await t.db.insert(idempotencyKeys).values([
      { userId, key: 'old', requestHash: 'h', createdAt: ago(25 * HOUR) },
      { userId, key: 'live', requestHash: 'h', createdAt: ago(23 * HOUR) },
    ]);
    const mail = (subject: string, status: 'pending' | 'sent' | 'failed', sentAt: Date | null) => ({
      recipients: ['a@dosechain.test'],
      subject,
      textBody: 'x',
      status,
      sentAt,
      createdAt: ago(200 * DAY),
    });
    await t.db
      .insert(mailOutbox)
      .values([
        mail('sent-old', 'sent', ago(91 * DAY)),
        mail('sent-recent', 'sent', ago(89 * DAY)),
        mail('pending-old', 'pending', null),
        mail('failed-old', 'failed', null),
      ]);
    const auditRows = (await t.db.select({ n: count() }).from(auditLog))[0]!.n;

    const first = await t.app.retention.runOnce();
    expect(first).toEqual({ refreshTokens: 0, passwordResetTokens: 2, idempotencyKeys: 1, sentMail: 1 });
    expect(await rows(refreshTokens)).toBe(1);
    expect(await mailLeft()).toEqual(['failed-old', 'pending-old', 'sent-recent']);
    // Idempotent: a second pass (another instance) finds nothing.
    expect(await t.app.retention.runOnce()).toEqual({
      refreshTokens: 0,
      passwordResetTokens: 0,
      idempotencyKeys: 0,
      sentMail: 0,
    });

    // The refresh token expires 30 minutes idle; it is kept while its last access token may live.
    t.clock.advance(31 * MINUTE);
    const atIdleEnd = await t.app.retention.runOnce();
    expect(atIdleEnd).toEqual({ refreshTokens: 0, passwordResetTokens: 1, idempotencyKeys: 0, sentMail: 0 });
    t.clock.advance(15 * MINUTE);
    const second = await t.app.retention.runOnce();
    expect(second).toEqual({ refreshTokens: 1, passwordResetTokens: 0, idempotencyKeys: 0, sentMail: 0 });
    t.clock.advance(DAY);
    const third = await t.app.retention.runOnce();
    expect(third).toEqual({ refreshTokens: 0, passwordResetTokens: 0, idempotencyKeys: 1, sentMail: 1 });
    expect(await rows(passwordResetTokens)).toBe(0);
    expect(await rows(idempotencyKeys)).toBe(0);
    // Unsent and failed mail is never deleted, however old; audit rows are never touched.
    t.clock.advance(1000 * DAY);
    await t.app.retention.runOnce();
    expect(await mailLeft()).toEqual(['failed-old', 'pending-old']);
    expect((await t.db.select({ n: count() }).from(auditLog))[0]!.n).toBe(auditRows);
  });

  it('[P11-017] keeps sent mail forever with MAIL_RETENTION_DAYS=0', async () => {
    await t.db.delete(mailOutbox);
    await t.db.insert(mailOutbox).values({
      recipients: ['a@dosechain.test'],
      subject: 'sent-ancient',
      textBody: 'x',
      status: 'sent',
      sentAt: ago(5000 * DAY),
    });
    const job = new RetentionJob({
      db: t.db,
      clock: t.clock,
      log: t.app.log,
      intervalMs: 0,
      mailRetentionDays: 0,
    });
    expect((await job.runOnce()).sentMail).toBe(0);
    expect(await mailLeft()).toEqual(['sent-ancient']);
  });

  it('runs on its interval once started, and stops', async () => {
    await t.db
      .insert(idempotencyKeys)
      .values({ userId, key: 'timer', requestHash: 'h', createdAt: ago(2 * DAY) });
    const job = new RetentionJob({ db: t.db, clock: t.clock, log: t.app.log, intervalMs: 20 });
    job.start();
    try {
      await expect.poll(() => rows(idempotencyKeys), { timeout: 5000, interval: 20 }).toBe(0);
    } finally {
      await job.stop();
    }
  });
});
