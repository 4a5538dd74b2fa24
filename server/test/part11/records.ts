import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { users, webhookDeliveries } from '../../src/kernel/db/schema.ts';
import { DEMO_PASSWORD } from '../helpers.ts';
import type { Part11 } from './fixture.ts';

/** The e-signature: the signer's password (Demo1234 for every demo user). */
export const signed = { electronicSignature: DEMO_PASSWORD };

/** The suite's clock: a Monday morning; orders go to the weekdays after it (FDG, 5 doses a day). */
export const NOW = new Date('2027-03-01T06:00:00.000Z');

/** The role type each demo user acts in (admin and staff have no roles: a synthetic one). */
export const roleTypeOf: Record<string, string> = {
  admin: 'admin',
  staff: 'staff',
  cmo: 'cmo',
  site: 'clinical_site',
  imaging: 'imaging_center',
  multi: 'cmo',
};

/** Creates a record through the API as admin and answers its id. */
export async function create(p: Part11, url: string, payload: Record<string, unknown>): Promise<number> {
  const res = await p.send('admin', 'POST', url, { ...payload, ...signed });
  if (res.statusCode !== 201) throw new Error(`POST ${url}: ${res.statusCode} ${res.body}`);
  return res.json().id as number;
}

export const address = { line_1: '11 Part Eleven Way', city: 'Chicago', country: 'US' };

/** A new user (password Demo1234, already chosen by them so they can log in at once). */
export async function createUser(p: Part11, username: string, fields: object = {}): Promise<number> {
  const id = await create(p, '/users', {
    username,
    firstName: 'Pat',
    lastName: username,
    email: `${username}@dosechain.test`,
    password: DEMO_PASSWORD,
    ...fields,
  });
  await p.t.db.update(users).set({ passwordChangedAt: p.t.clock.now() }).where(eq(users.id, id));
  return id;
}

/** A new availability of FDG at Pacific Radiopharma, from a month after the suite's clock. */
export const availabilityBody = async (p: Part11) => ({
  drugId: await p.drug('Fludeoxyglucose F18'),
  cmoId: await p.company('Pacific Radiopharma'),
  doses: 4,
  activityUnit: 'mCi',
  validFrom: '2027-04-01',
  validUntil: '2027-06-30',
  frequency: 'Daily',
  repeat: { every: 1 },
  startTime: '07:00',
  endTime: '11:30',
});

const weekdays = Array.from({ length: 29 }, (_, i) => `2027-03-${String(i + 2).padStart(2, '0')}`).filter(
  (d) => ![0, 6].includes(new Date(`${d}T12:00:00Z`).getUTCDay()),
);
let placed = 0;

/** The body of a new order (FDG PET at Lakeside through Windy City), two a day through March. */
export async function orderBody(p: Part11, subjectId: string) {
  const day = weekdays[Math.floor(placed++ / 2) % weekdays.length]!;
  return {
    studyId: await p.study('ONCO-2026-01'),
    siteId: await p.company('Lakeside Clinical Research'),
    examId: await p.exam('FDG PET Whole Body'),
    imagingCenterId: await p.company('Windy City Imaging'),
    timePointId: await p.timepoint('Baseline'),
    subjectId,
    calibrationDatetime: `${day}T16:00:00.000Z`,
  };
}

/** Places a pending order as the demo site user and answers its id. */
export async function placeOrder(p: Part11, subjectId: string): Promise<number> {
  const res = await p.send('site', 'POST', '/orders', { ...(await orderBody(p, subjectId)), ...signed });
  if (res.statusCode !== 201) throw new Error(`placing an order: ${res.statusCode} ${res.body}`);
  return res.json().id as number;
}

/** A study with one pairing (FDG PET Whole Body at Lakeside, made by Isotope Labs Boston). */
export async function studyWithPairing(p: Part11, name: string) {
  const studyId = await create(p, '/studies', { name, sponsor: 'Part Eleven Pharma' });
  const pairing = {
    examId: await p.exam('FDG PET Whole Body'),
    siteId: await p.company('Lakeside Clinical Research'),
    cmoId: await p.company('Isotope Labs Boston'),
  };
  const pairingId = await create(p, `/studies/${studyId}/pairings`, pairing);
  return { studyId, pairingId, pairing };
}

/** How the audit trail names that pairing. */
export const pairingLine =
  'FDG PET Whole Body (Fludeoxyglucose F18) · Lakeside Clinical Research · Isotope Labs Boston';

/** The body of a new API key of that study (for Lakeside, both scopes, 30 days). */
export const apiKeyBody = async (p: Part11, name: string) => ({
  name,
  siteId: await p.company('Lakeside Clinical Research'),
  scopes: ['orders:read', 'orders:place'],
  validDays: 30,
});

/** How the audit trail names a key when it is created (decision 027): never its secret. */
export const apiKeyLine = (key: { name: string; prefix: string; expiresAt: string }) =>
  `${key.name} (${key.prefix}) · Lakeside Clinical Research · Read orders, Place orders · expires ${key.expiresAt}`;

/** A study with a pairing and an API key for its site. */
export async function studyWithApiKey(p: Part11, name: string) {
  const { studyId } = await studyWithPairing(p, name);
  const res = await p.send('admin', 'POST', `/studies/${studyId}/api-keys`, {
    ...(await apiKeyBody(p, `${name} key`)),
    ...signed,
  });
  if (res.statusCode !== 201) throw new Error(`creating an API key: ${res.statusCode} ${res.body}`);
  const key = res.json() as { id: number; name: string; prefix: string; secret: string };
  return { studyId, key };
}

/** A public address literal (no DNS needed): a webhook URL the default, strict settings accept. */
export const webhookUrl = 'https://93.184.216.34/part11-hook';

/** How the audit trail names a webhook of `webhookUrl` for order placements (decision 030). */
export const webhookLine = (id: number) => `#${id} ${webhookUrl} · Order placed`;

/** A study with a webhook for its order placements. */
export async function studyWithWebhook(p: Part11, name: string) {
  const { studyId } = await studyWithPairing(p, name);
  const webhookId = await create(p, `/studies/${studyId}/webhooks`, {
    url: webhookUrl,
    events: ['order.placed'],
  });
  return { studyId, webhookId };
}

/** A study's webhook with one delivery that failed all its attempts (written directly). */
export async function failedWebhookDelivery(p: Part11, name: string) {
  const { studyId, webhookId } = await studyWithWebhook(p, name);
  const orderId = await placeOrder(p, `${name}-S1`);
  const deliveryId = randomUUID();
  const [row] = await p.t.db
    .insert(webhookDeliveries)
    .values({
      webhookId,
      orderId,
      deliveryId,
      eventType: 'order.placed',
      payload: '{}',
      status: 'failed',
      attempts: 8,
      lastError: 'HTTP 503',
    })
    .returning({ id: webhookDeliveries.id });
  return { studyId, webhookId, id: row!.id, deliveryId };
}
