import { describe, expect, it } from 'vitest';
import { mailPurposeLabels, mailPurposes } from './mail-log.ts';
import { orderTransitions } from './order-status.ts';
import { orderStatuses, orderStatusLabels, orderStatusTable } from './order-status-table.ts';
import { webhookEventLabels, webhookEvents } from './webhooks.ts';

describe('the order-status table', () => {
  it('calls a status final exactly when no action leaves it', () => {
    for (const status of orderStatuses) {
      expect([status, orderStatusTable[status].final]).toEqual([
        status,
        orderTransitions[status].length === 0,
      ]);
    }
  });

  it('gives each status a mail purpose and a webhook event of its own', () => {
    const purposes = orderStatuses.map((s) => orderStatusTable[s].mailPurpose);
    const events = orderStatuses.map((s) => orderStatusTable[s].webhookEvent);
    expect(new Set(purposes).size).toBe(orderStatuses.length);
    expect(new Set(events).size).toBe(orderStatuses.length);
  });

  it('feeds the labels, mail purposes and webhook events, in lifecycle order', () => {
    expect(orderStatusLabels).toEqual({
      pending: 'Pending',
      accepted: 'Accepted',
      shipped: 'Shipped',
      rejected: 'Rejected',
      canceled: 'Canceled',
      delivered: 'Delivered',
    });
    expect(mailPurposes.map((p) => mailPurposeLabels[p])).toEqual([
      'Order placed',
      'Order accepted',
      'Order shipped',
      'Order rejected',
      'Order canceled',
      'Order delivered',
      'Late delivery',
      'Manufacturing exception',
      'Password recovery',
      'Other',
    ]);
    expect(mailPurposes.slice(0, orderStatuses.length)).toEqual([
      'order_placed',
      'order_accepted',
      'order_shipped',
      'order_rejected',
      'order_canceled',
      'order_delivered',
    ]);
    expect(webhookEvents.map((e) => [e, webhookEventLabels[e]])).toEqual([
      ['order.placed', 'Order placed'],
      ['order.accepted', 'Order accepted'],
      ['order.shipped', 'Order shipped'],
      ['order.rejected', 'Order rejected'],
      ['order.canceled', 'Order canceled'],
      ['order.delivered', 'Order delivered'],
      ['order.late', 'Order late'],
      ['order.administered', 'Order administered'],
      ['order.not_administered', 'Order not administered'],
      ['order.administration_corrected', 'Order administration corrected'],
    ]);
  });
});
