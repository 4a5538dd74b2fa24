import { limits } from '@dosechain/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi } from '../api/api-context.tsx';
import type { HttpClient } from '../api/http-client.ts';
import { queryKeys } from '../api/query-keys.ts';

/**
 * The failed-mails count's query key, in a module of its own: the layout's live events refresh
 * it without loading the banner's code.
 */
export const FAILED_MAILS_QUERY_KEY = queryKeys.of('/mails/failed-count');

/** `GET /mails/failed-count`: how many mails could not be sent. */
export const getFailedMailsCount = (api: HttpClient, signal?: AbortSignal) =>
  api('GET', '/mails/failed-count', { signal });

export const failedMailsQueryOptions = (api: HttpClient) =>
  queryOptions({
    queryKey: FAILED_MAILS_QUERY_KEY,
    queryFn: ({ signal }) => getFailedMailsCount(api, signal),
    // The fallback for a live event missed (paused while the tab is hidden).
    refetchInterval: limits.failedMailsRefreshMs,
  });

/** The count, asked only of a user who may read the mail log (`allowed`). */
export function useFailedMailsCount(allowed: boolean) {
  const api = useApi();
  return useQuery({ ...failedMailsQueryOptions(api), enabled: allowed });
}
