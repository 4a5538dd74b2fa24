import type { Tx } from '../../db/client.ts';

export interface OrderMailEvent {
  orderId: number;
  event: 'placed';
}

/**
 * THE SPOT where an order's mail to the study's distribution list is queued, inside the
 * order's transaction (API contract, Orders: entries without a company type get every order of
 * the study, typed entries the orders of their companies). The mail outbox (`enqueueMail(tx, …)`)
 * is being built on another branch; when it lands, this resolves the matching entries and
 * enqueues the mail. Until then no mail is queued.
 */
export async function enqueueOrderMail(_tx: Tx, _event: OrderMailEvent): Promise<void> {}
