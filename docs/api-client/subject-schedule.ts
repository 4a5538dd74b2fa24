/**
 * The subject's schedule through the example client (issue 36): the window of a subject's next
 * order, the subjects due, and a placement the schedule refuses (OUT_OF_WINDOW,
 * DUPLICATE_TIMEPOINT) placed again with the coordinator's reason, as Place order does. Typed from
 * the served OpenAPI document like place-and-read-order.ts; server/test/openapi-tools.test.ts
 * runs it against a test server.
 */

import type { components } from './dosechain-api.d.ts';
import type { Caller, DoseChainClient, PlaceOrderBody } from './place-and-read-order.ts';

export type OrderWindow = components['schemas']['OrderWindow'];
export type SubjectsDue = components['schemas']['SubjectsDue'];

/** Which subject's next order: its study, site, imaging center, subject and timepoint. */
export interface NextOrder {
  studyId: number;
  siteId: number;
  imagingCenterId: number;
  subjectId: string;
  timePointId: number;
}

const headersOf = (caller: Caller) => ({
  headers: { Authorization: `Bearer ${caller.accessToken}` },
  role: caller.roleId === undefined ? {} : { 'Role-Id': caller.roleId },
});

/** The window of the subject's next order (dates on the imaging center's calendar) and the subjects due in its study and site. */
export async function windowAndDue(
  client: DoseChainClient,
  caller: Caller,
  next: NextOrder,
): Promise<{ window: OrderWindow; due: SubjectsDue['items'] }> {
  const { headers, role } = headersOf(caller);
  const window = await client.GET('/api/v1/orders/window', {
    headers,
    params: { header: role, query: next },
  });
  if (!window.data)
    throw new Error(`Reading the window failed: ${window.error?.code} ${window.error?.message}`);
  const due = await client.GET('/api/v1/subjects/due', {
    headers,
    params: { header: role, query: { studyId: next.studyId, siteId: next.siteId } },
  });
  if (!due.data) throw new Error(`Reading the subjects due failed: ${due.error?.code}`);
  return { window: window.data, due: due.data.items };
}

/**
 * Places an order; when the schedule refuses it, places it again with `reason` as its override.
 * Answers the refusal's code (null when none) with its message, and the order placed.
 */
export async function placeWithOverride(
  client: DoseChainClient,
  caller: Caller,
  body: PlaceOrderBody,
  reason: string,
): Promise<{ refused: { code: string; message: string } | null; order: { id: number; number: number } }> {
  const { headers, role } = headersOf(caller);
  const first = await client.POST('/api/v1/orders', { headers, params: { header: role }, body });
  if (first.data) return { refused: null, order: first.data };
  const code = first.error?.code ?? '';
  if (code !== 'OUT_OF_WINDOW' && code !== 'DUPLICATE_TIMEPOINT')
    throw new Error(`Placing failed: ${code} ${first.error?.message}`);
  const again = await client.POST('/api/v1/orders', {
    headers,
    params: { header: role },
    body: { ...body, overrideReason: reason },
  });
  if (!again.data)
    throw new Error(`Placing with the reason failed: ${again.error?.code} ${again.error?.message}`);
  return { refused: { code, message: first.error?.message ?? '' }, order: again.data };
}
