import {
  type ListQuery,
  type ListResponse,
  type MailLogEntry,
  type MailPurpose,
  type MailResendBody,
  mailPurposes,
  mailStatuses,
  messages,
} from '@dosechain/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import { auditedMutation } from '../../kernel/audit/mutation.ts';
import { mailOutbox, orders } from '../../kernel/db/schema.ts';
import { isStorableId } from '../../kernel/db/storable-id.ts';
import { AppError, notFound } from '../../kernel/http/app-error.ts';
import type { ServiceContext } from '../../kernel/http/context.ts';
import {
  defineListResource,
  type ListItem,
  listAnswer,
  listPlan,
  pageAndTotal,
} from '../../kernel/http/list-query.ts';
import { renewRecoveryMail } from '../password-recovery/index.ts';

/** The number of the order a mail is about, read by primary key (a mail has at most one). */
const orderNumber = sql<
  number | null
>`(select ${orders.number} from ${orders} where ${orders.id} = ${mailOutbox.orderId})`;

/**
 * The notification log's list: every outgoing mail, newest first. Recipients are searched as
 * one text ("a@x, b@y"); a mail's bodies are never selected (a recovery mail's holds its link).
 */
export const mailList = defineListResource({
  fields: {
    id: { column: mailOutbox.id, type: 'number', key: 'id' },
    created_at: { column: mailOutbox.createdAt, type: 'datetime', key: 'createdAt' },
    sent_at: { column: mailOutbox.sentAt, type: 'datetime', key: 'sentAt' },
    updated_at: { column: mailOutbox.updatedAt, type: 'datetime', key: 'updatedAt' },
    status: { column: mailOutbox.status, type: 'enum', key: 'status', values: mailStatuses },
    purpose: { column: mailOutbox.purpose, type: 'enum', key: 'purpose', values: mailPurposes },
    order_id: { column: mailOutbox.orderId, type: 'number', key: 'order' },
    order_number: { column: orderNumber, type: 'number', key: 'order' },
    subject: { column: mailOutbox.subject, type: 'text', key: 'subject' },
    recipients: {
      column: sql`array_to_string(${mailOutbox.recipients}, ', ')`,
      type: 'text',
      key: 'recipients',
    },
    attempts: { column: mailOutbox.attempts, type: 'number', key: 'attempts' },
    last_error: { column: mailOutbox.lastError, type: 'text', key: 'lastError' },
  },
  searchFields: ['subject', 'recipients'],
  defaultSort: '-created_at',
});

/** What the log reads of a mail: everything but its bodies. */
function mailSource(ctx: ServiceContext) {
  const select = ctx.db
    .select({
      id: mailOutbox.id,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
      updatedAt: mailOutbox.updatedAt,
      recipients: mailOutbox.recipients,
      subject: mailOutbox.subject,
      purpose: mailOutbox.purpose,
      orderId: mailOutbox.orderId,
      orderNumber,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      nextAttemptAt: mailOutbox.nextAttemptAt,
      lastError: mailOutbox.lastError,
    })
    .from(mailOutbox)
    .$dynamic();
  return { select, base: mailOutbox, joins: [] };
}

type MailRow = Awaited<ReturnType<ReturnType<typeof mailSource>['select']['where']>>[number];

const knownPurposes: ReadonlySet<string> = new Set(mailPurposes);

function toEntry(row: MailRow): MailLogEntry {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    recipients: row.recipients,
    subject: row.subject,
    // A purpose this version does not know (written by a newer one) shows as other.
    purpose: knownPurposes.has(row.purpose) ? (row.purpose as MailPurpose) : 'other',
    order:
      row.orderId !== null && row.orderNumber !== null
        ? { id: row.orderId, number: Number(row.orderNumber) }
        : null,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    lastError: row.lastError,
  };
}

/** `GET /mails`: one page of the notification log (staff/admin: every mail, no company scope). */
export async function listMails(
  ctx: ServiceContext,
  query: ListQuery,
): Promise<ListResponse<ListItem<MailLogEntry>>> {
  const plan = listPlan(mailList, query);
  const { rows, total } = await pageAndTotal(ctx.db, plan, mailSource(ctx));
  return listAnswer(plan, rows.map(toEntry), total);
}

/** `GET /mails/{id}`: one mail of the log; 404 when there is none. */
export async function getMail(ctx: ServiceContext, id: number): Promise<MailLogEntry> {
  const [row] = isStorableId(id) ? await mailSource(ctx).select.where(eq(mailOutbox.id, id)) : [];
  if (!row) throw notFound(messages.notFound('Mail'));
  return toEntry(row);
}

/** `GET /mails/failed-count`: how many mails failed all their attempts (the dashboard's banner). */
export async function countFailedMails(ctx: ServiceContext): Promise<{ failed: number }> {
  const [row] = await ctx.db
    .select({ failed: count() })
    .from(mailOutbox)
    .where(eq(mailOutbox.status, 'failed'));
  return { failed: row?.failed ?? 0 };
}

const recoveryAccountGone = () =>
  new AppError(409, 'MAIL_NOT_RESENDABLE', messages.recoveryMailAccountGone, [
    { code: 'MAIL_NOT_RESENDABLE', message: messages.recoveryMailAccountGone, parameter: 'recipients' },
  ]);

const notFailed = () =>
  new AppError(409, 'MAIL_NOT_FAILED', messages.mailNotFailed, [
    { code: 'MAIL_NOT_FAILED', message: messages.mailNotFailed, parameter: 'status' },
  ]);

/**
 * `POST /mails/{id}/resend`: a failed mail goes back to pending, due now, with its attempts and
 * error cleared, signed and audited (entity type `mails`). Only a failed mail (409 otherwise);
 * the update is conditional on the status, so of two resends at once only one does it, the
 * other gets 409. A recovery mail is written again with a fresh link, the old one retired
 * (decision 045); one whose account is gone or inactive is not resent (409). The caller wakes
 * the mailer after commit.
 */
export async function resendMail(
  ctx: ServiceContext,
  id: number,
  body: MailResendBody,
): Promise<MailLogEntry> {
  const current = await getMail(ctx, id);
  if (current.status !== 'failed') throw notFailed();
  await auditedMutation(ctx, body, { meaning: 'Resent Mail', requireReason: true }, async (tx, audit) => {
    const now = ctx.clock.now();
    const [locked] = await tx
      .select({ status: mailOutbox.status, recipients: mailOutbox.recipients, textBody: mailOutbox.textBody })
      .from(mailOutbox)
      .where(eq(mailOutbox.id, id))
      .for('update');
    if (locked?.status !== 'failed') throw notFailed();
    const renewed =
      current.purpose === 'password_recovery'
        ? await renewRecoveryMail(tx, locked, ctx.config.publicUrl, now)
        : null;
    if (renewed === undefined) throw recoveryAccountGone();
    const [updated] = await tx
      .update(mailOutbox)
      .set({
        status: 'pending',
        attempts: 0,
        nextAttemptAt: now,
        lastError: null,
        updatedAt: now,
        ...(renewed
          ? { subject: renewed.subject, textBody: renewed.textBody, htmlBody: renewed.htmlBody }
          : {}),
      })
      .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'failed')))
      .returning({
        status: mailOutbox.status,
        attempts: mailOutbox.attempts,
        lastError: mailOutbox.lastError,
      });
    if (!updated) throw notFailed();
    // The link itself never enters the audit trail: only that it was renewed and until when.
    const link = (expiresAt: Date | null) => ({ recoveryLinkExpiresAt: expiresAt?.toISOString() ?? null });
    await audit({
      entityType: 'mails',
      entityId: id,
      eventType: 'update',
      before: {
        status: current.status,
        attempts: current.attempts,
        lastError: current.lastError,
        ...(renewed ? link(renewed.oldLinkExpiresAt) : {}),
      },
      after: { ...updated, ...(renewed ? link(renewed.newLinkExpiresAt) : {}) },
    });
  });
  return getMail(ctx, id);
}
