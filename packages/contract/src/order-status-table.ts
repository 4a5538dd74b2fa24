/**
 * What the application says and sends about each order status, in one entry per status.
 * Together with the action table (`orderActionRules`, order-status.ts) it is all a status is:
 * a new status is one entry here, its actions there, and a migration
 * (docs/how-to/add-order-action.md, decision 053).
 */
export interface OrderStatusEntry {
  /** How screens, exports and mails name the status ('On hold'). */
  label: string;
  /**
   * What was done to the order when it took the status, as mails and logs write it:
   * 'Order #12 was <pastTense>.', the mail purpose's and webhook event's label 'Order <pastTense>'.
   */
  pastTense: string;
  /**
   * Whether the order stays in the status for good. It must agree with the action table (no
   * action leaves a final status; the contract test checks it), and the SQL function
   * `is_final_order_status` must answer it (a migration re-creates that function; the server's
   * order-totals test checks it): the server counts final orders by company (final_order_counts).
   */
  final: boolean;
  /** The notification log's purpose of the mail the order gets on entering the status. */
  mailPurpose: `order_${string}`;
  /** The webhook event sent when the order enters the status (`order.placed` for a new order). */
  webhookEvent: `order.${string}`;
}

/**
 * THE order-status table (spec section 4), in lifecycle order: the database enum, filters and
 * lists follow this order. Who may act on an order in a status is not repeated here: it is the
 * actions whose `from` holds the status, each with its `permission` and `parties`, in
 * `orderActionRules` (read off as `orderTransitions`).
 */
export const orderStatusTable = {
  pending: {
    label: 'Pending',
    pastTense: 'placed',
    final: false,
    mailPurpose: 'order_placed',
    webhookEvent: 'order.placed',
  },
  accepted: {
    label: 'Accepted',
    pastTense: 'accepted',
    final: false,
    mailPurpose: 'order_accepted',
    webhookEvent: 'order.accepted',
  },
  shipped: {
    label: 'Shipped',
    pastTense: 'shipped',
    final: false,
    mailPurpose: 'order_shipped',
    webhookEvent: 'order.shipped',
  },
  rejected: {
    label: 'Rejected',
    pastTense: 'rejected',
    final: true,
    mailPurpose: 'order_rejected',
    webhookEvent: 'order.rejected',
  },
  canceled: {
    label: 'Canceled',
    pastTense: 'canceled',
    final: true,
    mailPurpose: 'order_canceled',
    webhookEvent: 'order.canceled',
  },
  delivered: {
    label: 'Delivered',
    pastTense: 'delivered',
    final: true,
    mailPurpose: 'order_delivered',
    webhookEvent: 'order.delivered',
  },
} as const satisfies Record<string, OrderStatusEntry>;

export type OrderStatus = keyof typeof orderStatusTable;

/** The statuses in the table's (lifecycle) order. */
export const orderStatuses = Object.keys(orderStatusTable) as [OrderStatus, ...OrderStatus[]];

/** The mail purposes of order statuses ('order_placed', …): the notification log's first ones. */
export type OrderMailPurpose = (typeof orderStatusTable)[OrderStatus]['mailPurpose'];

/** The webhook events of order statuses ('order.placed', …). */
export type OrderWebhookEvent = (typeof orderStatusTable)[OrderStatus]['webhookEvent'];

/** Each status's label, read off the table. */
export const orderStatusLabels = Object.fromEntries(
  orderStatuses.map((status) => [status, orderStatusTable[status].label]),
) as Record<OrderStatus, string>;

/**
 * The statuses no action leaves: an order in one of them stays there. The server keeps a
 * running count of these by company (table final_order_counts), so list totals need not
 * count most of the orders table.
 */
export const finalOrderStatuses: readonly OrderStatus[] = orderStatuses.filter(
  (status) => orderStatusTable[status].final,
);

/** The label a mail purpose or webhook event of an order status shows: 'Order placed'. */
export function orderEventLabel(status: OrderStatus): string {
  return `Order ${orderStatusTable[status].pastTense}`;
}
