import type { FilterCondition, MeUser, OrderStatus } from '@dosechain/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../api/http-client.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { prefetchFirstPage } from '../../components/data-table/list-query.ts';

/** The orders' list resource (a light module: the routes load it with the app). */
export const ORDERS = '/orders';

/**
 * The dashboards' count of orders on a day with no manufacture (issue 33): under the order lists,
 * so an order's live event refreshes it, and refreshed on its own when an availability changes
 * (an exception blacks a day out or opens it again).
 */
export const EXCEPTION_AFFECTED_COUNT_KEY = queryKeys.listView(ORDERS, 'exception-affected-count');
/** The dashboards' count of late orders, under the order lists: an order's live event refreshes it. */
export const LATE_ORDERS_COUNT_KEY = queryKeys.listView(ORDERS, 'late-count');

/** Every order grid's default sort: the newest first (spec section 9). */
export const ORDERS_DEFAULT_SORT = [{ id: 'created_at', desc: true }] as const;

/** The conditions an order grid always applies: its statuses, then the page's own. */
export function ordersGridFilter(
  statuses: readonly OrderStatus[] | undefined,
  baseFilter: readonly FilterCondition[] = [],
): FilterCondition[] {
  return [...(statuses ? [{ field: 'status', op: 'in' as const, value: [...statuses] }] : []), ...baseFilter];
}

/** What a route needs to start its data with its code: the client, the API and who is logged in. */
export interface RoutePrefetchContext {
  queryClient: QueryClient;
  api: HttpClient;
  user: MeUser;
}

/** Starts fetching an order grid's first page, as `OrdersGrid` with these props will ask for it. */
export function prefetchOrdersGrid(
  { queryClient, api }: RoutePrefetchContext,
  statuses?: readonly OrderStatus[],
  defaultSort: readonly { id: string; desc: boolean }[] = ORDERS_DEFAULT_SORT,
): void {
  prefetchFirstPage(queryClient, api, ORDERS, defaultSort, ordersGridFilter(statuses));
}
