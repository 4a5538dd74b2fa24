import { type FilterCondition, limits } from '@dosechain/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../api/http-client.ts';
import { getListPage } from '../../api/list-call.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { type ListParams, toListParams } from './list-params.ts';

/**
 * How long a list page counts as fresh: a table that mounts on rows its route has just fetched
 * shows them without asking again (it asked twice, and rendered the same rows twice). Changes
 * still show at once: saving invalidates the lists, and so do the live events.
 */
const LIST_FRESH_MS = 5_000;

/**
 * The list query of a server-paged table, in a module light enough for a route to load with the
 * app: the table and a route's prefetch build the same key, so the table finds the rows the route
 * started to fetch while its code was still loading, both fresh for the same time.
 */
export function listQuery<T>(api: HttpClient, resource: string, params: ListParams) {
  return {
    queryKey: queryKeys.list(resource, params),
    staleTime: LIST_FRESH_MS,
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      getListPage<T>(api, resource, { query: { ...params }, signal }),
  };
}

/** A table's first page: default page size and sort, no filter or search of the user's yet. */
export function firstPageParams(
  defaultSort: readonly { id: string; desc: boolean }[],
  baseFilter: readonly FilterCondition[] = [],
): ListParams {
  return toListParams(
    {
      pageIndex: 0,
      pageSize: limits.pageSizeDefault,
      sorting: [...defaultSort],
      columnFilters: [],
      globalFilter: '',
    },
    {},
    baseFilter,
  );
}

/** Starts fetching a table's first page (a route's data, with the route's code). */
export function prefetchFirstPage<T>(
  queryClient: QueryClient,
  api: HttpClient,
  resource: string,
  defaultSort: readonly { id: string; desc: boolean }[],
  baseFilter: readonly FilterCondition[] = [],
): void {
  // Errors are the table's to handle when it asks again; a prefetch never throws.
  void queryClient.prefetchQuery({
    ...listQuery<T>(api, resource, firstPageParams(defaultSort, baseFilter)),
  });
}
