import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, timepoints } from '../src/kernel/db/schema.ts';
import { buildTestApp, DEMO_PASSWORD, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const signed = { electronicSignature: DEMO_PASSWORD };
const post = (name: unknown) =>
  t.request('admin', { method: 'POST', url: '/api/v1/timepoints', payload: { name, ...signed } });

describe('timepoints', () => {
  it('lists the seeded timepoints, searchable by name', async () => {
    const res = await t.request('staff', { method: 'GET', url: '/api/v1/timepoints?search=week&sort=name' });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((x: { name: string }) => x.name)).toEqual(['Week 12', 'Week 4']);
  });

  it('creates, renames and audits each change with its signature', async () => {
    const created = await post('  Week 24 ');
    expect(created.statusCode).toBe(201);
    const { id, name } = created.json();
    expect(name).toBe('Week 24');
    const renamed = await t.request('admin', {
      method: 'PUT',
      url: `/api/v1/timepoints/${id}`,
      payload: { name: 'Week 26', reasonForChange: 'Protocol amendment', ...signed },
    });
    expect(renamed.json().name).toBe('Week 26');
    const trail = await t.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    const mine = trail.filter((a) => a.entityType === 'timepoints');
    expect(mine.map((a) => [a.eventType, a.changeset, a.reason, a.signed])).toEqual([
      ['new', { name: [null, 'Week 24'] }, null, true],
      ['update', { name: ['Week 24', 'Week 26'] }, 'Protocol amendment', true],
    ]);
  });

  it('[FRM-005] keeps names unique ignoring case and spaces, and checks them while typing', async () => {
    const dup = await post(' baseline ');
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors).toEqual([
      { code: 'not_unique', message: 'This value is already used', parameter: 'name' },
    ]);
    const check = await t.request('admin', {
      method: 'GET',
      url: '/api/v1/check-in-use?entity=timepoint&field=name&value=BASELINE',
    });
    expect(check.json()).toEqual({ inUse: true });
    const [race1, race2] = await Promise.all([post('Week 52'), post('week 52')]);
    expect([race1.statusCode, race2.statusCode].sort()).toEqual([201, 400]);
    // Either spelling may win the race; exactly one row holds the name.
    const rows = await t.db.select().from(timepoints).where(sql`lower(${timepoints.name}) = 'week 52'`);
    expect(rows).toHaveLength(1);
  });

  it('validates the name with the spec messages', async () => {
    expect((await post('')).json().errors[0].message).toBe('Required');
    expect((await post('   ')).json().errors[0].message).toBe("Can't contain only spaces");
    expect((await post('x'.repeat(51))).json().errors[0].message).toBe('Longer than maximum length 50');
  });

  it('answers 404 "Timepoint not found" and 403 to company users', async () => {
    const missing = await t.request('admin', { method: 'GET', url: '/api/v1/timepoints/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Timepoint not found');
    expect((await t.request('cmo', { method: 'GET', url: '/api/v1/timepoints' })).statusCode).toBe(403);
  });
});
