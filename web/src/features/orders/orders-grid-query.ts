import type { FilterCondition, MeUser, OrderStatus } from '@dosechain/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../api/http-client.ts';
import { prefetchFirstPage } from '../../components/data-table/list-query.ts';

/** The orders' list resource (a light module: the routes load it with the app). */
export const ORDERS = '/orders';

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
