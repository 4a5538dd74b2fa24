import { setTimeout as sleep } from 'node:timers/promises';
import { messages } from '@dosechain/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { auditLog, mailOutbox, passwordResetTokens, users } from '../src/kernel/db/schema.ts';
import { buildTestApp, DEMO_PASSWORD, type TestApp } from './helpers.ts';
import { type ReceivedMail, SmtpSink, unfoldQuotedPrintable } from './smtp-sink.ts';

const MINUTE = 60_000;
let t: TestApp;
let sink: SmtpSink;
beforeAll(async () => {
  sink = new SmtpSink();
  await sink.listen();
  t = await buildTestApp({ config: { smtpUrl: sink.url, publicUrl: 'https://dosechain.test/app' } });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload });
const requestRecovery = (email: string) => post('/users/password-recovery', { email });
const validate = async (token: string) => (await post('/validate-token', { token })).json().valid as boolean;
const reset = (token: string, password: string) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/users/password-change', payload: { token, password } });
const login = (username: string, password: string) => post('/auth/login', { username, password });
const userRow = async (username: string) =>
  (await t.db.select().from(users).where(eq(users.username, username)))[0]!;

const LINK = /https:\/\/dosechain\.test\/app\/password-reset\?token=([A-Za-z0-9_-]+)/;

/** Waits for the n-th mail to an address and reads the recovery token out of its link. */
async function mailTo(address: string, nth = 1): Promise<ReceivedMail> {
  return sink.waitFor(
    (m) =>
      m.to.includes(address) && sink.received.filter((x) => x.to.includes(address)).indexOf(m) === nth - 1,
  );
}
function tokenIn(mail: ReceivedMail): string {
  const match = LINK.exec(unfoldQuotedPrintable(mail.raw));
  if (!match?.[1]) throw new Error(`no recovery link in:\n${mail.raw}`);
  return match[1];
}
const mailsTo = (address: string) => sink.received.filter((m) => m.to.includes(address));
/** Asks for a link for this address and waits for the mail that brings it. */
async function nextMail(address: string): Promise<ReceivedMail> {
  const sent = mailsTo(address).length;
  expect((await requestRecovery(address)).statusCode).toBe(202);
  return mailTo(address, sent + 1);
}

describe('password recovery by e-mail', () => {
  it('[P11-034, AUT-005] mails a link; the link sets a new password, ends every session and is audited', async () => {
    const before = await t.loginAs('site');
    const res = await requestRecovery('Site@DoseChain.example ');
    expect(res.statusCode).toBe(202);
    expect(res.body).toBe('');

    const mail = await mailTo('site@dosechain.example');
    expect(mail.raw).toMatch(/^Subject: DoseChain: password recovery$/m);
    expect(unfoldQuotedPrintable(mail.raw)).toContain('within 15 minutes');
    const token = tokenIn(mail);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    // Only a hash is stored.
    const stored = await t.db.select().from(passwordResetTokens);
    expect(stored.map((s) => s.tokenHash)).not.toContain(token);

    expect(await validate(token)).toBe(true);
    const changed = await reset(token, 'Recovered1');
    expect(changed.statusCode).toBe(204);

    expect((await post('/auth/refresh', { refreshToken: before.refreshToken })).statusCode).toBe(401);
    expect((await login('site', DEMO_PASSWORD)).statusCode).toBe(401);
    expect((await login('site', 'Recovered1')).statusCode).toBe(200);

    const site = await userRow('site');
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'users'), eq(auditLog.entityId, site.id)));
    expect(audit.filter((a) => a.reason === 'Password reset with a recovery link')).toEqual([
      expect.objectContaining({
        eventType: 'update',
        changeset: { password: ['[changed]', '[changed]'] },
        actorUserId: site.id,
        actorUsername: 'site',
      }),
    ]);
  });

  it('[P11-034] uses a link once', async () => {
    await requestRecovery('imaging@dosechain.example');
    const token = tokenIn(await mailTo('imaging@dosechain.example'));
    expect((await reset(token, 'FirstUse1')).statusCode).toBe(204);
    expect(await validate(token)).toBe(false);
    const again = await reset(token, 'SecondUse1');
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual([
      expect.objectContaining({ parameter: 'token', message: messages.recoveryLinkInvalid }),
    ]);
    expect((await login('imaging', 'FirstUse1')).statusCode).toBe(200);
  });

  it('[P11-034] lets a link expire after 15 minutes', async () => {
    await requestRecovery('cmo@dosechain.example');
    const token = tokenIn(await mailTo('cmo@dosechain.example'));
    t.clock.advance(15 * MINUTE - 1000);
    expect(await validate(token)).toBe(true);
    t.clock.advance(2000);
    expect(await validate(token)).toBe(false);
    expect((await reset(token, 'TooLate12')).statusCode).toBe(400);
    expect((await login('cmo', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('[P11-034] keeps only the newest link of a user working', async () => {
    await requestRecovery('multi@dosechain.example');
    const first = tokenIn(await mailTo('multi@dosechain.example', 1));
    await requestRecovery('multi@dosechain.example');
    const second = tokenIn(await mailTo('multi@dosechain.example', 2));
    expect(await validate(first)).toBe(false);
    expect(await validate(second)).toBe(true);
  });

  it('[P11-030] answers an unknown address exactly like a known one, in about the same time, and mails nothing', async () => {
    const timed = async (email: string) => {
      const started = performance.now();
      const res = await requestRecovery(email);
      return { res, ms: performance.now() - started };
    };
    const known = await timed('staff@dosechain.example');
    const unknown = await timed('nobody@dosechain.example');
    expect(unknown.res.statusCode).toBe(known.res.statusCode);
    expect(unknown.res.body).toBe(known.res.body);
    expect(unknown.res.headers['content-length']).toBe(known.res.headers['content-length']);
    // Both are padded to the same minimum, inside which the known address's extra writes hide
    // (no bound on the difference here: the machine's load would make it flaky).
    expect(known.ms).toBeGreaterThanOrEqual(245);
    expect(unknown.ms).toBeGreaterThanOrEqual(245);
    await mailTo('staff@dosechain.example');
    await t.app.mailDispatcher.drain();
    const outbox = await t.db.select({ recipients: mailOutbox.recipients }).from(mailOutbox);
    expect(outbox.flatMap((m) => m.recipients)).not.toContain('nobody@dosechain.example');
    expect(mailsTo('nobody@dosechain.example')).toEqual([]);
  });

  it('[P11-031] sends a locked account the link, and the reset lifts the lock, audited with the lock (issue 16)', async () => {
    const locked = await userRow('locked');
    expect(locked).toMatchObject({ lockedOut: true, lockedUntil: null });
    const earlier = await t.db.select().from(auditLog).where(eq(auditLog.entityId, locked.id));
    const mail = await nextMail('locked@dosechain.example');
    expect(unfoldQuotedPrintable(mail.raw)).toContain('choosing a new password unlocks it');
    const token = tokenIn(mail);
    expect(await validate(token)).toBe(true);
    expect((await login('locked', DEMO_PASSWORD)).json().code).toBe('USER_LOCKED');

    expect((await reset(token, 'Unlocked-99')).statusCode).toBe(204);
    expect(await userRow('locked')).toMatchObject({
      lockedOut: false,
      lockedUntil: null,
      failedLoginCount: 0,
    });
    expect((await login('locked', 'Unlocked-99')).statusCode).toBe(200);
    const rows = (await t.db.select().from(auditLog).where(eq(auditLog.entityId, locked.id))).filter(
      (r) => r.entityType === 'users' && !earlier.some((e) => e.id === r.id),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      changeset: { password: ['[changed]', '[changed]'], lockedOut: [true, false] },
      reason: 'Password reset with a recovery link, which lifted the lock',
      actorUserId: locked.id,
      actorUsername: 'locked',
    });
    expect(Object.keys(rows[0]!.changeset).sort()).toEqual(['lockedOut', 'password']);
  });

  it('lifts a lock that ends by itself too, its end recorded; an ended lock is not called lifted', async () => {
    const until = new Date(t.clock.now().getTime() + 30 * MINUTE);
    await t.db
      .update(users)
      .set({ lockedOut: true, lockedUntil: until, failedLoginCount: 5 })
      .where(eq(users.username, 'multi'));
    const first = tokenIn(await nextMail('multi@dosechain.example'));
    const mark = (await t.db.select().from(auditLog)).length;
    expect((await reset(first, 'Unlocked-98')).statusCode).toBe(204);
    const [row] = (await t.db.select().from(auditLog).orderBy(auditLog.id)).slice(mark);
    expect(row).toMatchObject({
      changeset: {
        password: ['[changed]', '[changed]'],
        lockedOut: [true, false],
        lockedUntil: [until.toISOString(), null],
      },
      reason: 'Password reset with a recovery link, which lifted the lock',
    });

    // A lock whose end has passed: nothing to lift, though the stale flag is cleared.
    await t.db
      .update(users)
      .set({ lockedOut: true, lockedUntil: new Date(t.clock.now().getTime() - MINUTE), failedLoginCount: 5 })
      .where(eq(users.username, 'multi'));
    const second = await nextMail('multi@dosechain.example');
    expect(unfoldQuotedPrintable(second.raw)).not.toContain('unlocks it');
    const mark2 = (await t.db.select().from(auditLog)).length;
    expect((await reset(tokenIn(second), 'Unlocked-97')).statusCode).toBe(204);
    const [plain] = (await t.db.select().from(auditLog).orderBy(auditLog.id)).slice(mark2);
    expect(plain).toMatchObject({
      changeset: { password: ['[changed]', '[changed]'] },
      reason: 'Password reset with a recovery link',
    });
    expect(await userRow('multi')).toMatchObject({
      lockedOut: false,
      lockedUntil: null,
      failedLoginCount: 0,
    });
  });

  it('accepts the link of an account locked after it was sent; refuses one inactivated since', async () => {
    const token = tokenIn(await nextMail('imaging@dosechain.example'));
    await t.db.update(users).set({ lockedOut: true }).where(eq(users.username, 'imaging'));
    expect(await validate(token)).toBe(true);
    expect((await reset(token, 'Unlocked1')).statusCode).toBe(204);
    expect(await userRow('imaging')).toMatchObject({ lockedOut: false });
    expect((await login('imaging', 'Unlocked1')).statusCode).toBe(200);

    const siteToken = tokenIn(await nextMail('site@dosechain.example'));
    await t.db.update(users).set({ active: false }).where(eq(users.username, 'site'));
    expect(await validate(siteToken)).toBe(false);
    expect((await reset(siteToken, 'Inactive1')).statusCode).toBe(400);
    await t.db.update(users).set({ active: true }).where(eq(users.username, 'site'));

    await t.db.update(users).set({ active: false }).where(eq(users.username, 'expired'));
    await requestRecovery('expired@dosechain.example');
    await t.app.mailDispatcher.drain();
    expect(mailsTo('expired@dosechain.example')).toEqual([]);
    await t.db.update(users).set({ active: true }).where(eq(users.username, 'expired'));
  });

  it('resends a failed recovery mail with a fresh link, the old one dead, audited (issue 33)', async () => {
    const address = 'admin@dosechain.example';
    const first = await nextMail(address);
    const oldToken = tokenIn(first);
    // The mail failed after all its attempts (set once the mailer recorded it), and its 15
    // minutes passed meanwhile.
    const latest = async () =>
      (
        await t.db
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.recipients, [address]))
          .orderBy(desc(mailOutbox.id))
          .limit(1)
      )[0];
    for (let i = 0; i < 50 && (await latest())?.status !== 'sent'; i++) await sleep(100);
    const row = await latest();
    expect(row?.status).toBe('sent');
    await t.db
      .update(mailOutbox)
      .set({ status: 'failed', attempts: 8, lastError: 'connect ECONNREFUSED' })
      .where(eq(mailOutbox.id, row!.id));
    t.clock.advance(16 * MINUTE);
    expect(await validate(oldToken)).toBe(false);
    const sent = mailsTo(address).length;
    const res = await t.request('staff', {
      method: 'POST',
      url: `/api/v1/mails/${row!.id}/resend`,
      payload: { reasonForChange: 'SMTP repaired', electronicSignature: DEMO_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    const newToken = tokenIn(await mailTo(address, sent + 1));
    expect(newToken).not.toBe(oldToken);
    expect(await validate(newToken)).toBe(true);
    expect(await validate(oldToken)).toBe(false);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'mails'), eq(auditLog.entityId, row!.id)));
    expect(audit).toMatchObject({ reason: 'SMTP repaired', signed: true, actorUsername: 'staff' });
    const now = t.clock.now().getTime();
    expect(audit!.changeset).toMatchObject({
      status: ['failed', 'pending'],
      recoveryLinkExpiresAt: [
        new Date(now - 16 * MINUTE + 15 * MINUTE).toISOString(),
        new Date(now + 15 * MINUTE).toISOString(),
      ],
    });
    // Neither link is in the audit trail.
    expect(JSON.stringify(audit)).not.toContain(newToken);
    expect(JSON.stringify(audit)).not.toContain(oldToken);
  });

  it('does not resend a recovery mail whose address no longer has an active account', async () => {
    const [row] = await t.db
      .insert(mailOutbox)
      .values({
        recipients: ['gone@dosechain.example'],
        subject: 'recovery',
        textBody: 'https://dosechain.test/app/password-reset?token=abc',
        purpose: 'password_recovery',
        status: 'failed',
        attempts: 8,
      })
      .returning({ id: mailOutbox.id });
    const res = await t.request('staff', {
      method: 'POST',
      url: `/api/v1/mails/${row!.id}/resend`,
      payload: { reasonForChange: 'SMTP repaired', electronicSignature: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'MAIL_NOT_RESENDABLE',
      message: messages.recoveryMailAccountGone,
    });
    const [after] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, row!.id));
    expect(after!.status).toBe('failed');
  });

  it('[P11-032] checks the new password against the policy without using the link up', async () => {
    await requestRecovery('expired@dosechain.example');
    const token = tokenIn(await mailTo('expired@dosechain.example'));
    const weak = await reset(token, 'weak');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors).toContainEqual(
      expect.objectContaining({ parameter: 'password', message: messages.passwordPolicy }),
    );
    expect(await validate(token)).toBe(true);
    // A reset also renews an expired password.
    expect((await reset(token, 'Renewed12')).statusCode).toBe(204);
    expect((await login('expired', 'Renewed12')).statusCode).toBe(200);
  });

  it('validates the address and rate-limits requests per IP like /auth', async () => {
    const bad = await requestRecovery('not-an-address');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ parameter: 'email', message: messages.invalidEmail });

    const strict = await buildApp({
      db: t.db,
      clock: t.clock,
      config: { ...t.config, authRateLimitPerMinute: 2 },
    });
    try {
      const call = (url: string, payload: object) =>
        strict.inject({ method: 'POST', url: `/api/v1${url}`, payload });
      expect((await call('/validate-token', { token: 'x' })).statusCode).toBe(200);
      expect((await call('/validate-token', { token: 'y' })).statusCode).toBe(200);
      const limited = await call('/validate-token', { token: 'z' });
      expect(limited.statusCode).toBe(429);
      expect((await call('/users/password-recovery', { email: 'a@b.example' })).statusCode).toBe(202);
      expect((await call('/users/password-recovery', { email: 'a@b.example' })).statusCode).toBe(202);
      expect((await call('/users/password-recovery', { email: 'a@b.example' })).statusCode).toBe(429);
    } finally {
      await strict.close();
    }
  });
});
