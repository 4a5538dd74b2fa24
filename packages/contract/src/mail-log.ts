import { z } from 'zod';
import { requiredReasonMeta } from './mutation.ts';
import {
  type OrderMailPurpose,
  orderEventLabel,
  orderStatuses,
  orderStatusTable,
} from './order-status-table.ts';
import { type AccessRequirement, STAFF_ADMIN } from './permissions.ts';
import { answerInstant } from './text.ts';

/** The mail purposes besides an order's status mail (`orderStatusTable`'s `mailPurpose`). */
const otherMailPurposes = ['late_delivery', 'manufacturing_exception', 'password_recovery', 'other'] as const;

/**
 * Why a mail was sent, recorded on its outbox row when it is queued (issue 22, Notification
 * log): each order status's mail first, then the others. Mails queued before the purpose was
 * recorded are `other`.
 */
export type MailPurpose = OrderMailPurpose | (typeof otherMailPurposes)[number];
const allMailPurposes: MailPurpose[] = [
  ...orderStatuses.map((status) => orderStatusTable[status].mailPurpose),
  ...otherMailPurposes,
];
export const mailPurposes = allMailPurposes as [MailPurpose, ...MailPurpose[]];

export const mailPurposeLabels: Record<MailPurpose, string> = {
  ...(Object.fromEntries(
    orderStatuses.map((status) => [orderStatusTable[status].mailPurpose, orderEventLabel(status)]),
  ) as Record<OrderMailPurpose, string>),
  late_delivery: 'Late delivery',
  manufacturing_exception: 'Manufacturing exception',
  password_recovery: 'Password recovery',
  other: 'Other',
};

export const mailStatuses = ['pending', 'sent', 'failed'] as const;
export type MailStatus = (typeof mailStatuses)[number];
export const mailStatusLabels: Record<MailStatus, string> = {
  pending: 'Pending',
  sent: 'Sent',
  failed: 'Failed',
};

/**
 * Who reads the notification log and who resends a failed mail: staff and admin who may read the
 * CMO acknowledgement area (the mails about orders belong to it). Resending needs no more than
 * reading: it sends what was already meant to go, and it is e-signed and audited (decision 028).
 * Declared with the routes and the menu entry; the audit trail of a mail needs the same.
 */
export const mailLogAccess = {
  read: { permissions: ['cmoAcknowledgement.read'], roles: STAFF_ADMIN },
  resend: { permissions: ['cmoAcknowledgement.read'], roles: STAFF_ADMIN },
} as const satisfies Record<string, AccessRequirement>;

/**
 * One outgoing mail as the log shows it. Never its body: a password-recovery mail's body holds
 * a live recovery link, and no mail's body is needed to follow its delivery.
 */
export const mailLogEntrySchema = z
  .object({
    id: z.number().int(),
    createdAt: answerInstant(),
    sentAt: answerInstant().nullable(),
    recipients: z.array(z.string()),
    subject: z.string(),
    purpose: z.enum(mailPurposes),
    /** The order the mail is about, when it is about one. */
    order: z.object({ id: z.number().int(), number: z.number().int() }).nullable(),
    status: z.enum(mailStatuses),
    attempts: z.number().int(),
    /** When the next attempt is due (pending mails). */
    nextAttemptAt: answerInstant().nullable(),
    lastError: z.string().nullable(),
    updatedAt: answerInstant(),
  })
  .meta({ id: 'MailLogEntry' });
export type MailLogEntry = z.infer<typeof mailLogEntrySchema>;

/** `POST /mails/{id}/resend`: a reason for change (required: why send it again) and the e-signature. */
export const mailResendBodySchema = z.strictObject({ ...requiredReasonMeta });
export type MailResendBody = z.infer<typeof mailResendBodySchema>;

/** `GET /mails/failed-count`: mails that failed all their attempts (the dashboard's banner). */
export const mailFailedCountSchema = z.object({ failed: z.number().int().nonnegative() });
export type MailFailedCount = z.infer<typeof mailFailedCountSchema>;
