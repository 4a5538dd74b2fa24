import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, drugs } from '../src/kernel/db/schema.ts';
import { buildTestApp, DEMO_PASSWORD, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const signed = { electronicSignature: DEMO_PASSWORD };
const put = (id: number, payload: object) =>
  t.request('admin', { method: 'PUT', url: `/api/v1/drugs/${id}`, payload });

describe('drugs', () => {
  it('lists and filters the seeded drugs by active and other name', async () => {
    const filter = encodeURIComponent(JSON.stringify([{ field: 'active', op: 'eq', value: false }]));
    const inactive = await t.request('staff', { method: 'GET', url: `/api/v1/drugs?filter=${filter}` });
    expect(inactive.json().items.map((d: { name: string }) => d.name)).toEqual([
      'Technetium Tc99m Sestamibi',
    ]);
    const search = await t.request('staff', { method: 'GET', url: '/api/v1/drugs?search=amyvid' });
    expect(search.json().items[0]).toMatchObject({
      name: 'Florbetapir F18',
      otherName: 'Amyvid',
      active: true,
    });
  });

  it('creates a drug, active, with its audit row', async () => {
    const res = await t.request('admin', {
      method: 'POST',
      url: '/api/v1/drugs',
      payload: { name: 'Piflufolastat F18', otherName: '', ...signed },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Piflufolastat F18', otherName: null, active: true });
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'drugs'), eq(auditLog.entityId, res.json().id)));
    expect(row).toMatchObject({ entityType: 'drugs', eventType: 'new', signatureMeaning: 'Created Drug' });
  });

  it('[CFG-001] needs a reason to inactivate, and records the toggle with its reason and meaning', async () => {
    // A drug no exam uses (one in use is DRUG_IN_USE, see exams.test.ts).
    const created = await t.request('admin', {
      method: 'POST',
      url: '/api/v1/drugs',
      payload: { name: 'Fluciclovine F18', ...signed },
    });
    const id = created.json().id as number;
    const noReason = await put(id, { active: false, ...signed });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors[0]).toMatchObject({ parameter: 'reasonForChange' });
    expect((await t.db.select().from(drugs).where(eq(drugs.id, id)))[0]!.active).toBe(true);

    const off = await put(id, { active: false, reasonForChange: 'Supply discontinued', ...signed });
    expect(off.json().active).toBe(false);
    const on = await put(id, { active: true, ...signed });
    expect(on.json().active).toBe(true);
    const trail = (await t.db.select().from(auditLog).where(eq(auditLog.entityId, id)))
      .filter((a) => a.entityType === 'drugs')
      .slice(1);
    expect(trail.map((a) => [a.changeset, a.reason, a.signatureMeaning])).toEqual([
      [{ active: [true, false] }, 'Supply discontinued', 'Inactivated Drug'],
      [{ active: [false, true] }, null, 'Activated Drug'],
    ]);
  });

  it('[FRM-003, FRM-005] keeps names unique ignoring case, and validates with the spec messages', async () => {
    const dup = await t.request('admin', {
      method: 'POST',
      url: '/api/v1/drugs',
      payload: { name: 'fdg', ...signed },
    });
    expect(dup.statusCode).toBe(201);
    const taken = await t.request('admin', {
      method: 'POST',
      url: '/api/v1/drugs',
      payload: { name: ' FLUDEOXYGLUCOSE f18 ', ...signed },
    });
    expect(taken.json().errors).toEqual([
      { code: 'not_unique', message: 'This value is already used', parameter: 'name' },
    ]);
    const long = await t.request('admin', {
      method: 'POST',
      url: '/api/v1/drugs',
      payload: { name: 'x', otherName: 'y'.repeat(51), ...signed },
    });
    expect(long.json().errors[0]).toMatchObject({
      parameter: 'otherName',
      message: 'Longer than maximum length 50',
    });
  });

  it('answers 404 "Drug not found" and 403 to company users', async () => {
    const missing = await t.request('admin', { method: 'GET', url: '/api/v1/drugs/999999' });
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Drug not found' });
    expect((await t.request('site', { method: 'GET', url: '/api/v1/drugs' })).statusCode).toBe(403);
  });
});
