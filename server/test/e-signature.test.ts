/**
 * Issue 16: the e-signature is not a password oracle. Wrong signatures lock the account and end
 * its sessions (21 CFR 11.300(d)); since issue 31 they count apart from failed logins, which
 * anyone can send (decision 010). Password checks of signatures run one at a time per
 * user and at most ten a minute; the answer says how the signature failed, warns on the attempt
 * before the lock and says when it locked.
 */
import { limits, messages } from '@dosechain/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../src/kernel/db/schema.ts';
import { buildTestApp, DEMO_PASSWORD, type Session, type TestApp } from './helpers.ts';
import { userId } from './user-management-helpers.ts';

const MINUTE = 60_000;
const WRONG = 'Wrong-Guess-1';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ now: new Date('2026-11-25T10:00:00.000Z') });
});
afterAll(() => t.close());

const userRow = async (username: string) =>
  (await t.db.select().from(users).where(eq(users.username, username)))[0]!;
/** A signed profile change (PUT /users/me), the repro's route. */
const signProfile = (session: Session, electronicSignature: string, firstName = 'Signed') =>
  t.app.inject({
    method: 'PUT',
    url: '/api/v1/users/me',
    headers: session.headers(),
    payload: { firstName, reasonForChange: 'Typo', electronicSignature },
  });
const login = (username: string, password = DEMO_PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username, password } });
const me = (session: Session) =>
  t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: session.headers() });
const fieldMessage = (res: { json: () => { errors: { parameter: string; message: string }[] } }) =>
  res.json().errors.find((e) => e.parameter === 'electronicSignature')?.message;

describe('a wrong e-signature', () => {
  it('[P11-023] counts toward the lock: wrong, wrong, wrong, a warning, then locked with its end, and the session ends', async () => {
    const session = await t.loginAs('cmo');
    const answers = [];
    for (let i = 0; i < limits.failedLoginsBeforeLock - 1; i++) {
      const res = await signProfile(session, WRONG);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('ESIGN_FAILED');
      answers.push(fieldMessage(res));
    }
    expect(answers.slice(0, 3)).toEqual(Array(3).fill(messages.eSignatureFailed));
    expect(answers[3]).toBe(messages.eSignatureLastAttempt);
    // The fifth locks: said with the end on the CMO's clock (Boston), and, as the field's
    // USER_LOCKED error, what the login will say (the app signs the user out with it, issue 33).
    const fifth = await signProfile(session, WRONG);
    expect(fifth.statusCode).toBe(400);
    expect(fifth.json()).toEqual({
      code: 'ESIGN_FAILED',
      message: messages.eSignatureLocked('Nov 25, 2026, 05:30 EST'),
      errors: [
        {
          code: 'USER_LOCKED',
          parameter: 'electronicSignature',
          message: messages.userLockedUntil('Nov 25, 2026, 05:30 EST'),
        },
      ],
    });
    // The lock ended the session at once, and a login with the right password says the same.
    expect((await me(session)).statusCode).toBe(401);
    const locked = await login('cmo');
    expect(locked.json()).toEqual({
      code: 'USER_LOCKED',
      message: messages.userLockedUntil('Nov 25, 2026, 05:30 EST'),
      errors: [],
    });
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'users'), eq(auditLog.entityId, await userId(t, 'cmo'))));
    expect(trail.at(-1)).toMatchObject({ changeset: { lockedOut: [false, true] } });
    // Nothing was signed.
    expect((await userRow('cmo')).firstName).not.toBe('Signed');
    t.clock.advance(31 * MINUTE);
    expect((await login('cmo')).statusCode).toBe(200);
  });

  it("[P11-023] counts apart from failed logins (a stranger's guesses bring no typo nearer a lock), and the right signature ends the run", async () => {
    const session = await t.loginAs('site');
    // Four failed logins (anyone's) leave the signer's count alone.
    for (let i = 0; i < 4; i++) expect((await login('site', WRONG)).json().code).toBe('INVALID_CREDENTIALS');
    expect(await userRow('site')).toMatchObject({ failedLoginCount: 4, failedSignatureCount: 0 });
    expect(fieldMessage(await signProfile(session, WRONG))).toBe(messages.eSignatureFailed);
    expect(await userRow('site')).toMatchObject({ failedLoginCount: 4, failedSignatureCount: 1 });
    for (let i = 0; i < 2; i++)
      expect(fieldMessage(await signProfile(session, WRONG))).toBe(messages.eSignatureFailed);
    expect(fieldMessage(await signProfile(session, WRONG))).toBe(messages.eSignatureLastAttempt);
    // The right signature ends the signer's run; the failed logins stay the login's to end.
    expect((await signProfile(session, DEMO_PASSWORD, 'Sam')).statusCode).toBe(200);
    expect(await userRow('site')).toMatchObject({ failedLoginCount: 4, failedSignatureCount: 0 });
    expect(fieldMessage(await signProfile(session, WRONG))).toBe(messages.eSignatureFailed);
    // A signature remembered from this period still ends the run (no password check needed).
    expect((await signProfile(session, DEMO_PASSWORD, 'Sammy')).statusCode).toBe(200);
    expect((await userRow('site')).failedSignatureCount).toBe(0);
    // The right login ends both runs.
    expect((await login('site')).statusCode).toBe(200);
    expect(await userRow('site')).toMatchObject({ failedLoginCount: 0, failedSignatureCount: 0 });
  });

  it('[P11-019] refuses an empty signature without counting it', async () => {
    const session = await t.loginAs('imaging');
    const res = await signProfile(session, '');
    expect(res.statusCode).toBe(400);
    expect((await userRow('imaging')).failedSignatureCount).toBe(0);
  });

  it('[P11-023] sent 60 times at once: five are checked and counted, the account locks, then the right one is refused', async () => {
    const session = await t.loginAs('multi');
    const before = await userRow('multi');
    const answers = await Promise.all(Array.from({ length: 60 }, () => signProfile(session, WRONG)));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 400)).toHaveLength(limits.failedLoginsBeforeLock);
    // After the lock the session is over (401); past ten checks a minute the gate says 429.
    expect(codes.every((c) => [400, 401, 429].includes(c))).toBe(true);
    expect(await userRow('multi')).toMatchObject({
      lockedOut: true,
      failedSignatureCount: limits.failedLoginsBeforeLock,
    });
    // The repro's last step: the right signature after the burst signs nothing.
    expect((await signProfile(session, DEMO_PASSWORD)).statusCode).toBe(401);
    expect((await userRow('multi')).firstName).toBe(before.firstName);
  });
});

describe('the right e-signature sent many times at once', () => {
  it('[P11-022] is checked once and signs every request, none refused as too many', async () => {
    const session = await t.loginAs('staff');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signProfile(session, DEMO_PASSWORD, `Burst${i}`)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(30).fill(200));
  });
});

describe('the last user manager', () => {
  it('[P11-028] is paced instead of locked, and past ten password checks a minute is told to wait', async () => {
    const session = await t.loginAs('admin');
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await signProfile(session, WRONG));
    expect(answers.slice(0, 5).map((r) => r.statusCode)).toEqual([400, 400, 400, 400, 400]);
    expect(fieldMessage(answers[3]!)).toBe(messages.eSignatureLastAttempt);
    expect(fieldMessage(answers[4]!)).toBe(messages.eSignaturePaced);
    // Paced: one attempt a minute, refused unchecked.
    for (const res of answers.slice(5, 10)) {
      expect(res.statusCode).toBe(429);
      expect(res.json().code).toBe('TOO_MANY_ATTEMPTS');
      expect(fieldMessage(res)).toBe(messages.tooManyAttempts);
      expect(res.headers['retry-after']).toBe(String(limits.failedPasswordPauseSeconds));
    }
    // The eleventh password check of the minute: the gate refuses it.
    expect(answers[10]!.statusCode).toBe(429);
    expect(answers[10]!.json().code).toBe('RATE_LIMITED');
    expect(answers[10]!.headers['retry-after']).toBe('60');
    expect(fieldMessage(answers[10]!)).toBe(messages.eSignatureRateLimited);
    expect(await userRow('admin')).toMatchObject({ lockedOut: false });
    // A minute later the right signature works and ends the run.
    t.clock.advance(MINUTE + 1000);
    const fresh = await t.loginAs('admin');
    expect((await signProfile(fresh, DEMO_PASSWORD, 'Ada')).statusCode).toBe(200);
    expect((await userRow('admin')).failedSignatureCount).toBe(0);
  });
});
