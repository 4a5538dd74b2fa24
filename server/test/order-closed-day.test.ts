import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, drugAvailabilities, drugs } from '../src/kernel/db/schema.ts';
import { buildTestApp, DEMO_PASSWORD, type TestApp } from './helpers.ts';
import { loadOrderIds, NOW, type OrderIds } from './order-fixtures.ts';

// The order answer names the exception that closed its manufacture day (issue 33): the grids,
// the order page and the accept dialog mark it without computing it again in the browser.
describe('an order on a day with no manufacture', () => {
  let t: TestApp;
  let ids: OrderIds;
  let fdg: number;

  beforeAll(async () => {
    t = await buildTestApp({ now: NOW });
    await t.app.lateDelivery.stop();
    await t.app.mailDispatcher.stop();
    ids = await loadOrderIds(t);
    const [row] = await t.db
      .select({ id: drugAvailabilities.id })
      .from(drugAvailabilities)
      .innerJoin(drugs, eq(drugs.id, drugAvailabilities.drugId))
      .innerJoin(companies, eq(companies.id, drugAvailabilities.cmoId))
      .where(and(eq(drugs.name, 'Fludeoxyglucose F18'), eq(companies.name, 'Isotope Labs Boston')));
    fdg = row!.id;
  });
  afterAll(() => t.close());

  const place = async (calibrationDatetime: string, subjectId: string) => {
    const res = await t.request('site', {
      method: 'POST',
      url: '/api/v1/orders',
      payload: {
        studyId: ids.study,
        siteId: ids.chicago,
        examId: ids.fdg,
        imagingCenterId: ids.windy,
        timePointId: ids.baseline,
        subjectId,
        calibrationDatetime,
        electronicSignature: DEMO_PASSWORD,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; number: number };
  };
  const closedOf = async (who: string, id: number) => {
    const res = await t.request(who, { method: 'GET', url: `/api/v1/orders/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().manufactureClosed;
  };

  it('carries the closing exception’s day and reason while the day is closed, null otherwise', async () => {
    const onClosed = await place('2027-03-24T16:00:00.000Z', 'CLOSED-1');
    const onOpen = await place('2027-03-23T16:00:00.000Z', 'OPEN-1');
    expect(await closedOf('cmo', onClosed.id)).toBeNull();

    const added = await t.request('staff', {
      method: 'POST',
      url: `/api/v1/drug-availabilities/${fdg}/exceptions`,
      payload: {
        date: '2027-03-24',
        kind: 'closed',
        reason: 'Cyclotron maintenance',
        reasonForChange: 'Planned',
        electronicSignature: DEMO_PASSWORD,
      },
    });
    expect(added.statusCode, added.body).toBe(201);

    const closed = { date: '2027-03-24', reason: 'Cyclotron maintenance' };
    for (const who of ['cmo', 'staff', 'site']) expect(await closedOf(who, onClosed.id)).toEqual(closed);
    expect(await closedOf('cmo', onOpen.id)).toBeNull();

    // The list's items carry it too (the grids' mark), also when `fields` asks for it.
    const list = await t.request('cmo', {
      method: 'GET',
      url: '/api/v1/orders',
      query: { fields: 'id,manufacture_closed', size: '100' },
    });
    expect(list.statusCode, list.body).toBe(200);
    const items = list.json().items as { id: number; manufactureClosed?: unknown }[];
    expect(items.find((o) => o.id === onClosed.id)?.manufactureClosed).toEqual(closed);
    expect(items.find((o) => o.id === onOpen.id)?.manufactureClosed).toBeNull();

    // A changed day (other doses) is not a closed one: removing the blackout clears the mark.
    const removed = await t.request('staff', {
      method: 'DELETE',
      url: `/api/v1/drug-availabilities/${fdg}/exceptions/${added.json().id}`,
      payload: { reasonForChange: 'Repaired early', electronicSignature: DEMO_PASSWORD },
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await closedOf('cmo', onClosed.id)).toBeNull();
  });
});
