import {
  type MailLogEntry,
  mailPurposeLabels,
  mailPurposes,
  mailStatuses,
  mailStatusLabels,
} from '@dosechain/contract';
import type { DataTableColumn } from '../../components/data-table/data-table.tsx';

/** What the log's About column shows: why the mail went, and the order's number when it is about one. */
export function mailAbout(mail: Pick<MailLogEntry, 'order' | 'purpose'>): string {
  const purpose = mailPurposeLabels[mail.purpose];
  return mail.order ? `${purpose} · Order #${mail.order.number}` : purpose;
}

/**
 * The notification log's columns: when (created, sent; in UTC, the zone named in each cell),
 * recipients, subject, what it is about (its purpose and order; the row links the order), status,
 * attempts, last error. Never a body. Purpose and order share a column so that the grid fits
 * 1280 px.
 */
export const mailColumns: DataTableColumn<MailLogEntry>[] = [
  {
    field: 'created_at',
    header: 'Created',
    value: (m) => m.createdAt,
    type: 'datetime',
    filter: 'date-range',
  },
  { field: 'sent_at', header: 'Sent', value: (m) => m.sentAt, type: 'datetime', filter: 'date-range' },
  {
    field: 'recipients',
    header: 'Recipients',
    value: (m) => m.recipients,
    type: 'list',
    filter: 'text',
  },
  { field: 'subject', header: 'Subject', value: (m) => m.subject, filter: 'text' },
  {
    field: 'purpose',
    header: 'About',
    value: (m) => m.purpose,
    text: mailAbout,
    filter: 'select',
    options: mailPurposes.map((p) => ({ value: p, label: mailPurposeLabels[p] })),
  },
  {
    field: 'status',
    header: 'Status',
    value: (m) => m.status,
    text: (m) => mailStatusLabels[m.status],
    filter: 'select',
    options: mailStatuses.map((s) => ({ value: s, label: mailStatusLabels[s] })),
  },
  { field: 'attempts', header: 'Attempts', value: (m) => m.attempts, filter: false },
  { field: 'last_error', header: 'Last error', value: (m) => m.lastError ?? '', filter: 'text' },
];
