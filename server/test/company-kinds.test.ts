import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companies } from '../src/kernel/db/schema.ts';
import { buildTestApp, DEMO_PASSWORD, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const kinds = [
  {
    path: 'clinical-sites',
    type: 'clinical_site',
    label: 'Clinical Site',
    seeded: 'Lakeside Clinical Research',
  },
  { path: 'imaging-centers', type: 'imaging_center', label: 'Imaging Center', seeded: 'Windy City Imaging' },
] as const;

const body = (name: string) => ({
  name,
  timezone: 'Europe/Berlin',
  address: { line_1: 'Charitéplatz 1', city: 'Berlin', country: 'DE', zipCode: '10117' },
  electronicSignature: DEMO_PASSWORD,
});

describe.each(kinds)('$path on the company pattern', ({ path, type, label, seeded }) => {
  it('lists only its own kind', async () => {
    const res = await t.request('staff', { method: 'GET', url: `/api/v1/${path}?size=100` });
    expect(res.statusCode).toBe(200);
    const names = res.json().items.map((c: { name: string }) => c.name);
    expect(names).toContain(seeded);
    expect(res.json().items.every((c: { type: string }) => c.type === type)).toBe(true);
  });

  it('creates, reads and audits under its own audit entity type', async () => {
    const created = await t.request('admin', {
      method: 'POST',
      url: `/api/v1/${path}`,
      payload: body(`Charité ${type}`),
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    const read = await t.request('admin', { method: 'GET', url: `/api/v1/${path}/${id}` });
    expect(read.json()).toMatchObject({ name: `Charité ${type}`, type, address: { country: 'DE' } });
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, path), eq(auditLog.entityId, id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      entityType: path,
      eventType: 'new',
      signatureMeaning: `Created ${label}`,
    });
    const trail = await t.request('admin', {
      method: 'GET',
      url: `/api/v1/audit-logs/changeset/${path}/${id}`,
    });
    expect(trail.json()[0]).toMatchObject({ eventType: 'new', issuedBy: { username: 'admin' } });
  });

  it('[CFG-012] answers "<type> not found" for a company of another kind', async () => {
    const [cmo] = await t.db.select().from(companies).where(eq(companies.type, 'cmo')).limit(1);
    const res = await t.request('admin', { method: 'GET', url: `/api/v1/${path}/${cmo!.id}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(`${label} not found`);
  });

  it('is staff/admin only', async () => {
    const res = await t.request('site', { method: 'GET', url: `/api/v1/${path}` });
    expect(res.statusCode).toBe(403);
  });
});

describe('site ↔ imaging-center links', () => {
  const idOf = async (name: string) =>
    (await t.db.select().from(companies).where(eq(companies.name, name)))[0]!.id;

  it('[CFG-013] are set from either side, answered by name, and audited on both companies', async () => {
    const windy = await idOf('Windy City Imaging');
    const front = await idOf('Front Range PET');
    const created = await t.request('admin', {
      method: 'POST',
      url: '/api/v1/clinical-sites',
      payload: { ...body('Linked Site'), imagingCenterIds: [windy, front] },
    });
    expect(created.statusCode).toBe(201);
    const site = created.json();
    expect(site.imagingCenters).toEqual([
      { id: front, name: 'Front Range PET' },
      { id: windy, name: 'Windy City Imaging' },
    ]);
    const center = await t.request('admin', { method: 'GET', url: `/api/v1/imaging-centers/${windy}` });
    expect(center.json().clinicalSites.map((c: { name: string }) => c.name)).toContain('Linked Site');

    const updated = await t.request('admin', {
      method: 'PUT',
      url: `/api/v1/clinical-sites/${site.id}`,
      payload: {
        imagingCenterIds: [front],
        reasonForChange: 'Contract ended',
        electronicSignature: DEMO_PASSWORD,
      },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().imagingCenters).toEqual([{ id: front, name: 'Front Range PET' }]);

    const siteTrail = await t.db.select().from(auditLog).where(eq(auditLog.entityId, site.id));
    expect(siteTrail.map((a) => [a.entityType, a.eventType, a.changeset])).toEqual(
      expect.arrayContaining([
        ['clinical-sites', 'added', { imagingCenters: [null, 'Windy City Imaging'] }],
        ['clinical-sites', 'removed', { imagingCenters: ['Windy City Imaging', null] }],
      ]),
    );
    const removedOnCenter = (await t.db.select().from(auditLog).where(eq(auditLog.entityId, windy))).find(
      (a) => a.entityType === 'imaging-centers' && a.eventType === 'removed',
    );
    expect(removedOnCenter).toMatchObject({
      changeset: { clinicalSites: ['Linked Site', null] },
      reason: 'Contract ended',
    });
  });

  it('refuse ids that are not companies of the other kind, and writes nothing', async () => {
    const cmo = await idOf('Isotope Labs Boston');
    const res = await t.request('admin', {
      method: 'POST',
      url: '/api/v1/clinical-sites',
      payload: { ...body('Never Linked'), imagingCenterIds: [cmo] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ parameter: 'imagingCenterIds' });
    expect(await t.db.select().from(companies).where(eq(companies.name, 'Never Linked'))).toEqual([]);
  });

  it('are not a field of CMOs or of the wrong kind', async () => {
    const cmo = await t.request('admin', {
      method: 'POST',
      url: '/api/v1/cmos',
      payload: { ...body('X'), imagingCenterIds: [] },
    });
    expect(cmo.statusCode).toBe(400);
    expect(cmo.json().errors[0]).toMatchObject({ parameter: 'imagingCenterIds', message: 'Unknown field' });
    const center = await t.request('admin', {
      method: 'POST',
      url: '/api/v1/imaging-centers',
      payload: { ...body('Y'), imagingCenterIds: [] },
    });
    expect(center.statusCode).toBe(400);
  });
});
