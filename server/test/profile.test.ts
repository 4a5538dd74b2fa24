import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../src/kernel/db/schema.ts';
import { buildTestApp, DEMO_PASSWORD, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const put = (payload: object) => t.request('site', { method: 'PUT', url: '/api/v1/users/me', payload });

describe('PUT /users/me (Edit Profile)', () => {
  it('[USR-012] updates the own profile, signed and audited with old → new and the reason', async () => {
    const res = await put({
      firstName: 'Sidney',
      phone: '(312) 555-0188',
      reasonForChange: 'Correction requested',
      electronicSignature: DEMO_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Sidney',
      fullName: 'Sidney Coordinator',
      phone: '+13125550188',
    });
    const [u] = await t.db.select().from(users).where(eq(users.username, 'site'));
    // The newest row of the user (the first is the demo seed's `new`).
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'users'), eq(auditLog.entityId, u!.id)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toMatchObject({
      entityType: 'users',
      eventType: 'update',
      reason: 'Correction requested',
      signed: true,
      signatureMeaning: 'Updated profile',
      actorUsername: 'site',
      changeset: { firstName: ['Sid', 'Sidney'], phone: ['+16175550199', '+13125550188'] },
    });
  });

  it('refuses an e-mail another user has, ignoring case, and a bad signature', async () => {
    const taken = await put({ email: ' CMO@dosechain.example', electronicSignature: DEMO_PASSWORD });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toEqual([
      { code: 'not_unique', message: 'This value is already used', parameter: 'email' },
    ]);
    const unsigned = await put({ lastName: 'X' });
    expect(unsigned.json()).toMatchObject({
      code: 'ESIGN_FAILED',
      errors: [{ parameter: 'electronicSignature' }],
    });
    const [u] = await t.db.select().from(users).where(eq(users.username, 'site'));
    expect(u!.lastName).toBe('Coordinator');
  });

  it('[FRM-002] validates names and e-mail with the spec messages', async () => {
    const res = await put({ firstName: '  ', email: 'nope', electronicSignature: DEMO_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ parameter: 'firstName', message: "Can't contain only spaces" }),
        expect.objectContaining({ parameter: 'email', message: 'Invalid email format' }),
      ]),
    );
  });
});
