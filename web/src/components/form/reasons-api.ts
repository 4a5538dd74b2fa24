import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import type { HttpClient } from '../../api/http-client.ts';
import { queryKeys } from '../../api/query-keys.ts';

/** `GET /reasons-for-change`: the reasons a signed change may give, besides 'Other'. */
export const getReasonsForChange = (api: HttpClient, signal?: AbortSignal) =>
  api('GET', '/reasons-for-change', { signal });

/** The list changes seldom: one load serves the dialogs of five minutes. */
export const reasonsForChangeQueryOptions = (api: HttpClient) =>
  queryOptions({
    queryKey: queryKeys.of('/reasons-for-change'),
    queryFn: ({ signal }) => getReasonsForChange(api, signal),
    staleTime: 5 * 60_000,
  });

export function useReasonsForChange() {
  return useQuery(reasonsForChangeQueryOptions(useApi()));
}
