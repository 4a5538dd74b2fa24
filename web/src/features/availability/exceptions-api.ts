import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import type { HttpClient } from '../../api/http-client.ts';
import { useListChange } from '../../api/list-change.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { type ReasonMeta, requiredReasonBody } from '../../components/form/reason-dialog.tsx';

/** The manufacturing exceptions of one availability (issue 21). */
export const exceptionsResource = (availabilityId: number) =>
  `/drug-availabilities/${availabilityId}/exceptions` as const;

/** Their query key: the exceptions dialog's list. */
export const exceptionsKey = (availabilityId: number) => queryKeys.lists(exceptionsResource(availabilityId));

/** `GET /drug-availabilities/:id/exceptions`: all of them, for the calendar and the list. */
export const getExceptions = (api: HttpClient, availabilityId: number, signal?: AbortSignal) =>
  api('GET', exceptionsResource(availabilityId), { signal });

export const exceptionsQueryOptions = (api: HttpClient, availabilityId: number) =>
  queryOptions({
    queryKey: exceptionsKey(availabilityId),
    queryFn: ({ signal }) => getExceptions(api, availabilityId, signal),
  });

export function useExceptions(availabilityId: number) {
  return useQuery(exceptionsQueryOptions(useApi(), availabilityId));
}

/** `DELETE /drug-availabilities/:id/exceptions/:exceptionId`, signed, with its reason. */
export const removeException = (
  api: HttpClient,
  availabilityId: number,
  exceptionId: number,
  meta: ReasonMeta,
) =>
  api('DELETE', `${exceptionsResource(availabilityId)}/${exceptionId}`, { body: requiredReasonBody(meta) });

/** Removes an exception of the availability, then refreshes its exceptions. */
export const useRemoveException = (availabilityId: number) =>
  useListChange(exceptionsResource(availabilityId), (api, { id, meta }: { id: number; meta: ReasonMeta }) =>
    removeException(api, availabilityId, id, meta),
  );

/** An exception's doses and window as one line: `2 doses, 08:00–09:00` or `No manufacture`. */
export function exceptionChange(e: {
  kind: 'closed' | 'changed';
  doses: number | null;
  startTime: string | null;
  endTime: string | null;
}): string {
  if (e.kind === 'closed') return 'No manufacture';
  const parts = [
    e.doses != null ? `${e.doses} ${e.doses === 1 ? 'dose' : 'doses'}` : null,
    e.startTime != null ? `${e.startTime}–${e.endTime}` : null,
  ].filter(Boolean);
  return parts.join(', ');
}
