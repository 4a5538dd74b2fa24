import type { ListResponse } from '@dosechain/contract';
import type { HttpClient, RequestOptions } from './http-client.ts';

/** The client as a plain function of method and path, for the calls below only. */
type PlainCall = (method: string, path: string, options?: RequestOptions) => Promise<unknown>;

/**
 * One page of a list endpoint with every field of its items, for the generic grids and lookups
 * (whose resource is data: a registry path, a feature's constant). Calls a feature makes itself
 * go through the typed client instead; here the caller names the item type, in one place.
 */
export function getListPage<T>(
  api: HttpClient,
  resource: string,
  options: Pick<RequestOptions, 'query' | 'signal'> = {},
): Promise<ListResponse<T>> {
  return (api as unknown as PlainCall)('GET', resource, options) as Promise<ListResponse<T>>;
}

/** A record route under a list route (`/drugs` → `/drugs/12`), of the same resource. */
export const recordPath = <P extends string>(resource: P, id: number) => `${resource}/${id}` as const;

/** A record of a list resource (`GET /drugs/12`). */
export function getRecord<T>(
  api: HttpClient,
  resource: string,
  id: number,
  signal?: AbortSignal,
): Promise<T> {
  return (api as unknown as PlainCall)('GET', recordPath(resource, id), { signal }) as Promise<T>;
}

/** Changes a record of a configuration resource (`PUT /drugs/12`), answered with the record. */
export function updateRecordCall<T>(
  api: HttpClient,
  resource: string,
  id: number,
  body: unknown,
): Promise<T> {
  return (api as unknown as PlainCall)('PUT', recordPath(resource, id), { body }) as Promise<T>;
}

/**
 * Creates (POST to the list route) or updates (PUT to the record's route) a record of a
 * configuration resource, answered with the record; the body is the form's (checked by its
 * schema, and by the server).
 */
export function saveRecordCall<T>(
  api: HttpClient,
  resource: string,
  id: number | undefined,
  body: unknown,
): Promise<T> {
  const call = api as unknown as PlainCall;
  return (
    id === undefined ? call('POST', resource, { body }) : call('PUT', recordPath(resource, id), { body })
  ) as Promise<T>;
}
