import { limits, messages } from '@dosechain/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../src/kernel/db/schema.ts';
import { buildTestApp, DEMO_PASSWORD, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const change = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/users/me/password', headers, payload });

describe('PUT /users/me/password', () => {
  it('needs a login', async () => {
    const res = await change(
      {},
      { currentPassword: DEMO_PASSWORD, password: 'Fresh1234', passwordConfirmation: 'Fresh1234' },
    );
    expect(res.statusCode).toBe(401);
  });

  it('[P11-032, USR-003] checks the confirmation, the policy and the current password', async () => {
    const s = await t.loginAs('imaging');
    const mismatch = await change(s.headers(), {
      currentPassword: DEMO_PASSWORD,
      password: 'Fresh1234',
      passwordConfirmation: 'Fresh12345',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toContainEqual(
      expect.objectContaining({
        parameter: 'passwordConfirmation',
        message: 'Password confirmation does not match',
      }),
    );
    const weak = await change(s.headers(), {
      currentPassword: DEMO_PASSWORD,
      password: 'short',
      passwordConfirmation: 'short',
    });
    expect(weak.json().errors[0]).toMatchObject({ parameter: 'password' });
    const wrong = await change(s.headers(), {
      currentPassword: 'Wrong1234',
      password: 'Fresh1234',
      passwordConfirmation: 'Fresh1234',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
    // The user is known: the refusal speaks of the current password, on its field.
    expect(wrong.json().errors).toEqual([
      {
        parameter: 'currentPassword',
        code: 'INVALID_CREDENTIALS',
        message: 'The current password is not correct',
      },
    ]);
    const [row] = await t.db.select().from(users).where(eq(users.username, 'imaging'));
    expect(row!.failedSignatureCount).toBe(1);
  });

  it('[P11-013, P11-036] changes it, ends the sessions and audits the change', async () => {
    const s = await t.loginAs('imaging');
    const res = await change(s.headers(), {
      currentPassword: DEMO_PASSWORD,
      password: 'Fresh1234',
      passwordConfirmation: 'Fresh1234',
    });
    expect(res.statusCode).toBe(204);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refreshToken: s.refreshToken },
    });
    expect(refreshed.statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'imaging', password: 'Fresh1234' },
    });
    expect(login.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.username, 'imaging'));
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, row!.id));
    expect(audit.find((a) => a.reason === 'Password changed')?.changeset).toEqual({
      password: ['[changed]', '[changed]'],
    });
  });

  it('warns before the last wrong current password, and names the lock and its end on the one that locks', async () => {
    const s = await t.loginAs('site');
    const wrong = {
      currentPassword: 'Not-my-password-1',
      password: 'Fresh1234',
      passwordConfirmation: 'Fresh1234',
    };
    const fieldError = async () => {
      const res = await change(s.headers(), wrong);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_CREDENTIALS');
      return res.json().errors.find((e: { parameter: string }) => e.parameter === 'currentPassword');
    };
    for (let i = 1; i < limits.failedLoginsBeforeLock - 1; i++) {
      expect(await fieldError()).toMatchObject({
        code: 'INVALID_CREDENTIALS',
        message: messages.currentPasswordWrong,
      });
    }
    expect(await fieldError()).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      message: messages.currentPasswordLastAttempt,
    });
    // The one that locks: the lock on the field, its end on the clock of the user's company
    // (Lakeside, Chicago), which the app shows on the login it signs the user out to.
    const locked = await fieldError();
    expect(locked.code).toBe('USER_LOCKED');
    expect(locked.message).toMatch(
      /^Your account is locked until .+ C[SD]T after too many failed attempts\./,
    );
    const [row] = await t.db.select().from(users).where(eq(users.username, 'site'));
    expect(row!.lockedOut).toBe(true);
  });
});
