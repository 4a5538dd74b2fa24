import { type LiveEvent, liveEventsAccess } from '@dosechain/contract';
import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useApi } from '../../api/api-context.tsx';
import { connectLiveEvents, type LiveTiming } from '../../api/live-events.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { AVAILABILITIES, AVAILABILITY_SEARCH } from '../../api/resources.ts';
import { userMeets } from '../../auth/access.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { FAILED_MAILS_QUERY_KEY } from '../../components/failed-mails-query.ts';
import { EXCEPTION_AFFECTED_COUNT_KEY, ORDERS } from '../../features/orders/orders-grid-query.ts';

/** Events arriving this close together refresh each list once. */
export const LIVE_BATCH_MS = 50;

/**
 * The cached answers an event makes stale: an order's change, every order list (dashboards, CMO
 * Acknowledgement, Order status, related orders), the order's detail and the Place order
 * calendar (a placement, rejection or cancellation moves its doses left); an availability's
 * change, the calendar, the availability list and the dashboards' count of orders on a day with
 * no manufacture (an exception may have blacked their day out); a mail that failed for good, the
 * failed-mails banner's count; `reset`, everything.
 */
export function staleKeys(event: LiveEvent): QueryKey[] | 'all' {
  switch (event.type) {
    case 'order.placed':
    case 'order.status':
    case 'order.updated':
      return [
        queryKeys.lists(ORDERS),
        queryKeys.record(ORDERS, event.orderId),
        queryKeys.of(AVAILABILITY_SEARCH),
      ];
    case 'availability.changed':
      return [
        queryKeys.of(AVAILABILITY_SEARCH),
        queryKeys.lists(AVAILABILITIES),
        EXCEPTION_AFFECTED_COUNT_KEY,
      ];
    case 'mails.failed':
      return [FAILED_MAILS_QUERY_KEY];
    case 'reset':
      return 'all';
  }
}

/**
 * Marks the answers stale, a batch at a time: a burst of events (a CMO accepting a page of
 * orders) refetches each list once. Only queries on screen refetch; the others when next shown.
 */
function invalidator(queryClient: QueryClient, batchMs: number) {
  let keys = new Map<string, QueryKey>();
  let all = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    if (all) void queryClient.invalidateQueries();
    else for (const queryKey of keys.values()) void queryClient.invalidateQueries({ queryKey });
    keys = new Map();
    all = false;
  };
  return {
    add(event: LiveEvent) {
      const stale = staleKeys(event);
      if (stale === 'all') all = true;
      else for (const key of stale) keys.set(JSON.stringify(key), key);
      timer ??= setTimeout(flush, batchMs);
    },
    cancel() {
      clearTimeout(timer);
    },
  };
}

/**
 * Live screens (issue 22): once per logged-in tab, in the app's layout, a stream of the current
 * role's live events that refreshes what they make stale. A role switch reopens it in the new
 * role; logging out closes it.
 */
export function useLiveEvents(options: { timing?: LiveTiming; batchMs?: number } = {}): void {
  const api = useApi();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const watch = user && userMeets(user, liveEventsAccess) ? `${user.id}:${user.currentRole?.id ?? ''}` : null;
  const { timing, batchMs = LIVE_BATCH_MS } = options;
  useEffect(() => {
    if (!watch) return;
    const stale = invalidator(queryClient, batchMs);
    const stop = connectLiveEvents({ api, onEvent: stale.add, timing });
    return () => {
      stop();
      stale.cancel();
    };
  }, [api, queryClient, watch, timing, batchMs]);
}
