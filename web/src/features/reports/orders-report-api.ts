import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import type { HttpClient } from '../../api/http-client.ts';
import { queryKeys } from '../../api/query-keys.ts';
import type { OrdersCountRequest } from './orders-report-model.ts';

/** `GET /reports/orders-count/options`: the studies, sites and CMOs the report may be narrowed to. */
export const getReportOptions = (api: HttpClient, signal?: AbortSignal) =>
  api('GET', '/reports/orders-count/options', { signal });

export const reportOptionsQueryOptions = (api: HttpClient) =>
  queryOptions({
    queryKey: queryKeys.of('/reports/orders-count/options'),
    queryFn: ({ signal }) => getReportOptions(api, signal),
  });

export function useReportOptions() {
  return useQuery(reportOptionsQueryOptions(useApi()));
}

/** `GET /order-statuses`: the statuses the report counts, in their order. */
export const getOrderStatuses = (api: HttpClient, signal?: AbortSignal) =>
  api('GET', '/order-statuses', { signal });

export const orderStatusesQueryOptions = (api: HttpClient) =>
  queryOptions({
    queryKey: queryKeys.of('/order-statuses'),
    queryFn: ({ signal }) => getOrderStatuses(api, signal),
  });

export function useOrderStatuses() {
  return useQuery(orderStatusesQueryOptions(useApi()));
}

/** `GET /reports/orders-count`: the counts the server makes in one query. */
export const getOrdersCount = (
  api: HttpClient,
  request: OrdersCountRequest | undefined,
  signal?: AbortSignal,
) => api('GET', '/reports/orders-count', { query: { ...request }, signal });

/**
 * The counts of one Generate Report (`run`, keyed by all of it: each click asks again, also for
 * the same choices); nothing is asked before the first.
 */
export function useOrdersCount(run: { request: OrdersCountRequest } | null) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.of('/reports/orders-count', run),
    enabled: run !== null,
    queryFn: ({ signal }) => getOrdersCount(api, run?.request, signal),
  });
}
