/**
 * An example client of the DoseChain API, typed from the OpenAPI document the server serves.
 * Generate the types, then use openapi-fetch (see README.md here):
 *
 *   npx openapi-typescript http://localhost:3000/api/v1/openapi.json -o dosechain-api.d.ts
 *
 * Every path, parameter (the Role-Id header included), body and answer below is checked by the
 * compiler against that document; server/test/openapi-tools.test.ts typechecks this file against
 * the served document and runs it against a test server.
 */
import createClient from 'openapi-fetch';
import type { components, paths } from './dosechain-api.d.ts';

export type Order = components['schemas']['Order'];
export type PlaceOrderBody = paths['/api/v1/orders']['post']['requestBody']['content']['application/json'];
export type DoseChainClient = ReturnType<typeof createClient<paths>>;

/** A client of the API at `baseUrl` (e.g. `http://localhost:3000`). */
export function dosechainClient(baseUrl: string): DoseChainClient {
  return createClient<paths>({ baseUrl });
}

/** Who calls: an access token (from login) and the role to act in (one of the user's `roles[].id`). */
export interface Caller {
  accessToken: string;
  roleId?: string;
}

/** Logs in with a user name and password: the access token. */
export async function logIn(client: DoseChainClient, username: string, password: string): Promise<string> {
  const { data, error } = await client.POST('/api/v1/auth/login', { body: { username, password } });
  if (!data) throw new Error(`Login failed: ${error?.code} ${error?.message}`);
  return data.accessToken;
}

/**
 * Places an order (signed with the caller's password when e-signatures are on), then reads it
 * back, whole, and finds it in the list. The Idempotency-Key makes a retry of the same placement
 * answer the first order instead of placing a second one (`Idempotent-Replayed: true`).
 */
export async function placeAndReadOrder(
  client: DoseChainClient,
  caller: Caller,
  order: PlaceOrderBody,
  idempotencyKey: string,
): Promise<{ order: Order; listed: Order[]; replayed: boolean }> {
  const headers = { Authorization: `Bearer ${caller.accessToken}` };
  const role = caller.roleId === undefined ? {} : { 'Role-Id': caller.roleId };
  const placed = await client.POST('/api/v1/orders', {
    headers,
    params: { header: { ...role, 'idempotency-key': idempotencyKey } },
    body: order,
  });
  if (!placed.data) throw new Error(`Placing failed: ${placed.error?.code} ${placed.error?.message}`);
  const replayed = placed.response.headers.get('Idempotent-Replayed') === 'true';

  const read = await client.GET('/api/v1/orders/{id}', {
    headers,
    params: { header: role, path: { id: placed.data.id } },
  });
  if (!read.data) throw new Error(`Reading order ${placed.data.id} failed: ${read.error?.code}`);

  // Without `fields`, a list's items are whole orders.
  const list = await client.GET('/api/v1/orders', {
    headers,
    params: {
      header: role,
      query: { filter: JSON.stringify([{ field: 'number', op: 'eq', value: placed.data.number }]) },
    },
  });
  if (!list.data) throw new Error(`Listing orders failed: ${list.error?.code}`);
  return { order: read.data, listed: list.data.items, replayed };
}
