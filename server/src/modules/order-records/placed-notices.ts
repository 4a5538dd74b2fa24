import { randomUUID } from 'node:crypto';
import { orderStatusTable, type WebhookEvent, type WebhookOrder } from '@dosechain/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Value } from '../../kernel/db/prepared-sql.ts';
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

/** The order's text from a `format()` template, with the number and id `placed` answers. */
const filled = (template: Value<string>, placed: SQL) =>
  sql`format(${template}::text, ${placed}.number, ${placed}.id)`;

export interface PlacedOrderFacts {
  mail: Omit<OrderMailFacts, 'id' | 'number'>;
  webhook: Omit<WebhookOrder, 'id' | 'number'>;
}

/** What `placedNoticesSql` needs of one placement, by placeholder name (`placedNoticeValues`). */
export interface PlacedNoticeValues extends Record<string, unknown> {
  mailRecipients: string[];
  mailSubject: string;
  mailText: string;
  mailPurpose: string;
  webhookAfterId: string;
  webhookStudyId: number;
  webhookEvent: WebhookEvent;
  now: Date;
}

const p = <K extends keyof PlacedNoticeValues & string>(name: K) => sql.placeholder(name);

/**
 * What placing an order queues (the mail to each recipient, the event to the study's webhooks)
 * as data-modifying CTEs that read the order from `placed`, the CTE inserting it (its `id` and
 * `number`): they ride on the order's own INSERT, no round trip of their own (issue 34). The texts
 * are written before the database draws the order's id and number, with stand-ins for them that
 * `format()` fills in. The statement's values are placeholders (`placedNoticeValues`), so its text
 * is built once (decision 062): no recipient, no mail.
 */
export function placedNoticesSql(placed: SQL): { mails: SQL; deliveries: SQL } {
  // One mail a recipient (recipients from different companies do not see each other).
  const mails = outboxInsertFrom(
    sql`select array[r.address], ${filled(p('mailSubject'), placed)}, ${filled(p('mailText'), placed)},
        ${p('mailPurpose')}::text, ${placed}.id
      from ${placed}, unnest(${p('mailRecipients')}::text[]) as r (address)`,
    p('now'),
  );
  const source = sql`(select ${placed}.id, ${p('webhookStudyId')}::integer, ${filled(p('webhookAfterId'), placed)}
    from ${placed})`;
  return { mails, deliveries: webhookDeliveriesFrom(source, p('webhookEvent'), p('now')) };
}

/** The values of `placedNoticesSql` for one order: its mail's and webhook body's texts as templates. */
export function placedNoticeValues(
  facts: PlacedOrderFacts,
  recipients: readonly string[],
  event: WebhookEvent,
  ctx: OrderMailContext,
): PlacedNoticeValues {
  const stand = { id: idToken as unknown as number, number: numberToken as unknown as number };
  const mail = orderMail({ ...facts.mail, ...stand }, `${ctx.publicUrl}/orders/${idToken}`);
  return {
    mailRecipients: [...recipients],
    mailSubject: formatTemplate(mail.subject),
    mailText: formatTemplate(mail.text),
    mailPurpose: orderStatusTable[facts.mail.status].mailPurpose,
    // The id and number first, as `webhookOrder` writes every order.
    webhookAfterId: formatTemplate(webhookBodyAfterId({ ...stand, ...facts.webhook }, event, ctx.now), true),
    webhookStudyId: facts.webhook.study.id,
    webhookEvent: event,
    now: ctx.now,
  };
}
