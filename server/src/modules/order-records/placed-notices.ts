import { randomUUID } from 'node:crypto';
import { orderStatusTable, type WebhookEvent, type WebhookOrder } from '@dosechain/contract';
import { type SQL, sql } from 'drizzle-orm';
import { outboxInsertFrom } from '../../kernel/mail/outbox.ts';
import { type OrderMailContext, type OrderMailFacts, orderMail } from './notify.ts';
import { webhookBodyAfterId, webhookDeliveriesFrom } from './order-webhooks.ts';

/**
 * Stand-ins for the order's number and id in texts written before the database has drawn them:
 * random per process (no order's data can hold them) and with a control character JSON escapes.
 */
const numberToken = `\u0001number-${randomUUID()}\u0001`;
const idToken = `\u0001id-${randomUUID()}\u0001`;
/** As `JSON.stringify` writes them in a body. */
const inJson = { number: JSON.stringify(numberToken), id: JSON.stringify(idToken) };

/**
 * A text with the stand-ins as PostgreSQL's `format()` arguments: the number `%1$s`, the id
 * `%2$s`, every `%` of the text itself doubled, so the text comes out as written. In JSON the
 * stand-ins are strings; the quoted string becomes the bare number.
 */
export function formatTemplate(text: string, json = false): string {
  const number = json ? inJson.number : numberToken;
  const id = json ? inJson.id : idToken;
  return text.replaceAll('%', '%%').replaceAll(number, '%1$s').replaceAll(id, '%2$s');
}

/** The order's text with the number and id `placed` answers. */
const filled = (template: string, placed: SQL) =>
  sql`format(${template}::text, ${placed}.number, ${placed}.id)`;

export interface PlacedOrderFacts {
  mail: Omit<OrderMailFacts, 'id' | 'number'>;
  webhook: Omit<WebhookOrder, 'id' | 'number'>;
}

/**
 * What placing an order queues (the mail to each recipient, the event to the study's webhooks)
 * as data-modifying CTEs that read the order from `placed`, the CTE inserting it (its `id` and
 * `number`): they ride on the order's own INSERT, no round trip of their own (issue 34). The texts
 * are written before the database draws the order's id and number, with stand-ins for them that
 * `format()` fills in. `mails` and `deliveries` are the CTEs' bodies, null when there is none.
 */
export function placedOrderNotices(
  facts: PlacedOrderFacts,
  recipients: readonly string[],
  event: WebhookEvent,
  ctx: OrderMailContext,
  placed: SQL,
): { mails: SQL | null; deliveries: SQL } {
  const stand = { id: idToken as unknown as number, number: numberToken as unknown as number };
  const mail = orderMail({ ...facts.mail, ...stand }, `${ctx.publicUrl}/orders/${idToken}`);
  const to = recipients.map((address) => sql`(${address}::text)`);
  // One mail a recipient (recipients from different companies do not see each other).
  const mails =
    to.length === 0
      ? null
      : outboxInsertFrom(
          sql`select array[r.address], ${filled(formatTemplate(mail.subject), placed)},
            ${filled(formatTemplate(mail.text), placed)}, ${orderStatusTable[facts.mail.status].mailPurpose}::text,
            ${placed}.id
          from ${placed}, (values ${sql.join(to, sql`, `)}) as r (address)`,
          ctx.now,
        );
  // The id and number first, as `webhookOrder` writes every order.
  const afterId = formatTemplate(webhookBodyAfterId({ ...stand, ...facts.webhook }, event, ctx.now), true);
  const source = sql`(select ${placed}.id, ${facts.webhook.study.id}::integer, ${filled(afterId, placed)} from ${placed})`;
  return { mails, deliveries: webhookDeliveriesFrom(source, event, ctx.now) };
}
