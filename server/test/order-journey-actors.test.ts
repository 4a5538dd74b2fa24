import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helpers.ts';
import { actionBody, changeStatus, type orderPlacer, orderTestApp } from './order-fixtures.ts';

// Issue 35: the order page's journey names who took each step, from the order's audit trail.
// NOW is 2027-03-01 00:00 in Chicago (Windy City Imaging, the orders' imaging center).

let t: TestApp;
let place: ReturnType<typeof orderPlacer>;

beforeAll(async () => {
  ({ t, place } = await orderTestApp());
});
afterAll(() => t.close());

const signature = actionBody('ship').electronicSignature;
const injection = {
  administered: true,
  relatedDatetime: '2027-02-28T23:50',
  measuredActivity: 10,
  measuredAt: '2027-02-28T23:40',
};

const step = async (user: string, id: number, action: Parameters<typeof actionBody>[0]) => {
  const res = await changeStatus(t, user, id, actionBody(action));
  expect(res.statusCode, res.body).toBe(200);
};
const administer = async (user: string, id: number, body: Record<string, unknown>) => {
  const res = await t.request(user, {
    method: 'PUT',
    url: `/api/v1/orders/${id}/administration`,
    payload: { electronicSignature: signature, ...body },
  });
  expect(res.statusCode, res.body).toBe(200);
};
const read = async (user: string, id: number) => {
  const res = await t.request(user, { method: 'GET', url: `/api/v1/orders/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('who took each step of the journey (GET /orders/{id} journeyActors)', () => {
  it('names the placer, the CMO that accepted and shipped, the imaging user that received and injected', async () => {
    const order = await place({ requestedActivity: 10 });
    await step('cmo', order.id, 'accept');
    await step('cmo', order.id, 'ship');
    // The demo's imaging users receive and administer their own doses.
    await step('imaging', order.id, 'deliver');
    await administer('imaging', order.id, injection);

    const answer = await read('site', order.id);
    expect(answer.journeyActors).toEqual({
      placed: 'Sid Coordinator',
      accepted: 'Carla Manufacturer',
      shipped: 'Carla Manufacturer',
      delivered: 'Iris Imaging',
      rejected: null,
      canceled: null,
      administered: 'Iris Imaging',
    });

    // A corrected administration names who corrected it.
    await administer('staff', order.id, { ...injection, measuredActivity: 9.5, reasonForChange: 'Typo' });
    expect((await read('imaging', order.id)).journeyActors.administered).toBe('Sam Staff');
  });

  it('names who rejected, and leaves the steps not taken empty; the list leaves it out', async () => {
    const order = await place();
    await step('cmo', order.id, 'reject');
    const answer = await read('staff', order.id);
    expect(answer.journeyActors).toMatchObject({
      placed: 'Sid Coordinator',
      rejected: 'Carla Manufacturer',
      accepted: null,
      shipped: null,
      administered: null,
    });
    const list = await t.request('staff', { method: 'GET', url: `/api/v1/orders?size=5` });
    expect(list.statusCode).toBe(200);
    for (const item of list.json().items) expect(item).not.toHaveProperty('journeyActors');
  });
});
