import {
  messages,
  type Order,
  type OrderAction,
  type OrderStatusBatchBody,
  orderActionRules,
  orderStatusLabels,
} from '@dosechain/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { useApi } from '../../api/api-context.tsx';
import { ApiError, type HttpClient } from '../../api/http-client.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { showSuccessToast } from '../../components/form/server-errors.ts';
import { type OrderActionValues, statusChangeBody } from './order-actions.ts';
import { ORDERS } from './orders-grid-query.ts';

export { ORDERS };

/** `GET /orders/:id`: one order of the role's scope. */
export const getOrder = (api: HttpClient, id: number, signal?: AbortSignal) =>
  api('GET', `${ORDERS}/${id}`, { signal });

/** The order's query, under the key its status changes update. */
export const orderQueryOptions = (api: HttpClient, id: number) =>
  queryOptions({
    queryKey: queryKeys.record(ORDERS, id),
    queryFn: ({ signal }) => getOrder(api, id, signal),
    retry: false,
  });

/** The order (none asked for while `enabled` is false: an id that cannot be one). */
export function useOrder(id: number, enabled: boolean) {
  const api = useApi();
  return useQuery({ ...orderQueryOptions(api, id), enabled });
}

/** An order's status change: the toast 'Order #<number> <status>', then every order list and the order refresh. */
export function useOrderStatusChange(order: Order, action: OrderAction) {
  const api = useApi();
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.lists(ORDERS) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.record(ORDERS, order.id) });
  };
  return useMutation({
    mutationFn: (values: OrderActionValues) =>
      api('PUT', `${ORDERS}/${order.id}/status`, { body: statusChangeBody(action, values) }),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.record(ORDERS, order.id), saved);
      showSuccessToast(
        messages.orderStatusChanged(
          order.number,
          orderStatusLabels[orderActionRules[action].to].toLowerCase(),
        ),
        messages.errorUpdatingOrder,
      );
      refresh();
    },
    onError: (err) => {
      // Someone acted first (INVALID_STATUS_TRANSITION): say so and show the order as it is now.
      if (err instanceof ApiError && err.status === 409) refresh();
    },
  });
}

/** Resends the mails of an order's current state (cmoAcknowledgement.update). */
export function useResendNotification(order: Order) {
  const api = useApi();
  return useMutation({
    mutationFn: () => api('POST', `${ORDERS}/${order.id}/notifications`),
    onSuccess: () => toast.success(messages.notificationSent(order.number)),
    onError: () => toast.error(messages.errorSendingNotification),
  });
}

/**
 * `POST /orders/status-batch`: several orders under one e-signature; answers one result per
 * order. Every order list and each changed order refresh afterwards.
 */
export function useOrderStatusBatch() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderStatusBatchBody) => api('POST', `${ORDERS}/status-batch`, { body }),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.lists(ORDERS) });
      for (const r of answer.results)
        void queryClient.invalidateQueries({ queryKey: queryKeys.record(ORDERS, r.orderId) });
    },
  });
}
