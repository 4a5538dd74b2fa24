import { exceptionAffectedFilter, type FilterCondition, lateOrdersFilter } from '@dosechain/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import type { HttpClient } from '../../api/http-client.ts';
import { toListParams } from '../../components/data-table/list-params.ts';
import { EXCEPTION_AFFECTED_COUNT_KEY, LATE_ORDERS_COUNT_KEY, ORDERS } from './orders-grid-query.ts';

/** `GET /orders` asking only how many of the role's orders match `filter` (one id on one page). */
export async function countOrders(api: HttpClient, filter: FilterCondition[], signal?: AbortSignal) {
  const page = await api('GET', ORDERS, {
    query: {
      ...toListParams(
        { pageIndex: 0, pageSize: 1, sorting: [], columnFilters: [], globalFilter: '' },
        {},
        filter,
      ),
      fields: 'id',
    },
    signal,
  });
  return page.total;
}

/** How many accepted orders are late as of now, and that instant (issue 21). */
export const lateOrdersCountQueryOptions = (api: HttpClient) =>
  queryOptions({
    queryKey: LATE_ORDERS_COUNT_KEY,
    queryFn: async ({ signal }) => {
      const asOf = new Date().toISOString();
      return { total: await countOrders(api, lateOrdersFilter(new Date(asOf)), signal), asOf };
    },
  });

export function useLateOrdersCount() {
  return useQuery(lateOrdersCountQueryOptions(useApi()));
}

/** How many pending and accepted orders lie on a day with no manufacture. */
export const exceptionAffectedCountQueryOptions = (api: HttpClient) =>
  queryOptions({
    queryKey: EXCEPTION_AFFECTED_COUNT_KEY,
    queryFn: ({ signal }) => countOrders(api, exceptionAffectedFilter(), signal),
  });

export function useExceptionAffectedCount() {
  return useQuery(exceptionAffectedCountQueryOptions(useApi()));
}
