import type { MailPurpose } from '@dosechain/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import type { Value } from '../db/prepared-sql.ts';
import { mailOutbox } from '../db/schema.ts';

/** A mail as a feature hands it to the outbox; the sender (`MAIL_FROM`) is added on sending. */
export interface OutgoingMail {
  /** One address or several; every address is visible to the others (send one mail each to hide them). */
  to: string | readonly string[];
  subject: string;
  text: string;
  html?: string | null;
  /** Why it is sent, as the notification log shows it ('other' when omitted). */
  purpose?: MailPurpose;
  /** The order it is about, if any (the log links it). */
  orderId?: number | null;
}

function outboxRow(mail: OutgoingMail, now?: Date) {
  const recipients = typeof mail.to === 'string' ? [mail.to] : [...mail.to];
  if (recipients.length === 0) throw new Error('a mail needs at least one recipient');
  return {
    recipients,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html ?? null,
    purpose: mail.purpose ?? 'other',
    orderId: mail.orderId ?? null,
    ...(now ? { nextAttemptAt: now, createdAt: now, updatedAt: now } : {}),
  };
}

/**
 * Writes a mail to the outbox inside the caller's transaction, so it leaves only if the business
 * change commits. The dispatcher sends it after commit: call the app's `mailer.wake()` once the
 * transaction has committed to send it at once, else the next poll picks it up. `now` is the
 * service clock's time (the mail is due from then); the database's clock when omitted.
 */
export async function enqueueMail(tx: Executor, mail: OutgoingMail, now?: Date): Promise<number> {
  const [id] = await enqueueMails(tx, [mail], now);
  return id!;
}

/** `enqueueMail` for several mails in one statement; their outbox ids, in order. */
export async function enqueueMails(
  tx: Executor,
  mails: readonly OutgoingMail[],
  now?: Date,
): Promise<number[]> {
  if (mails.length === 0) return [];
  const rows = await outboxInsert(tx, mails, now);
  if (rows.length !== mails.length) throw new Error('the outbox insert returned fewer rows than mails');
  return rows.map((r) => r.id);
}

/**
 * The INSERT of `enqueueMails`, not yet run: to run it, or to make it part of a larger statement
 * (a data-modifying CTE) that queues more in the same round trip. `mails` must not be empty.
 */
export function outboxInsert(tx: Executor, mails: readonly OutgoingMail[], now?: Date) {
  return tx
    .insert(mailOutbox)
    .values(mails.map((m) => outboxRow(m, now)))
    .returning({ id: mailOutbox.id });
}

/**
 * The outbox's INSERT … SELECT from `source`, a query answering each mail's `recipients`
 * (text[]), `subject`, `text_body`, `purpose` and `order_id` (text only, due at `now`): for a
 * statement whose mails take a value the database draws in it (a placement's order number).
 */
export function outboxInsertFrom(source: SQL, now: Value<Date>): SQL {
  const m = mailOutbox;
  const columns = [
    m.recipients,
    m.subject,
    m.textBody,
    m.purpose,
    m.orderId,
    m.nextAttemptAt,
    m.createdAt,
    m.updatedAt,
  ];
  return sql`insert into ${m} (${sql.join(
    columns.map((c) => sql.identifier(c.name)),
    sql`, `,
  )})
    select s.recipients, s.subject, s.text_body, s.purpose, s.order_id,
      ${now}::timestamptz, ${now}::timestamptz, ${now}::timestamptz
    from (${source}) as s (recipients, subject, text_body, purpose, order_id)`;
}
