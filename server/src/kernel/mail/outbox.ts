import type { MailPurpose } from '@dosechain/contract';
import type { Executor } from '../db/client.ts';
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
