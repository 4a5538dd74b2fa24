import {
  type AuditEventType,
  type ChangesetEntry,
  formatCalendarDate,
  formatInstant,
  type OrderStatus,
  orderStatusLabels,
} from '@dosechain/contract';

/** The history's event column. */
export const eventLabels: Record<AuditEventType, string> = {
  new: 'New',
  update: 'Update',
  delete: 'Delete',
  added: 'Added',
  removed: 'Removed',
};

/** Stored names whose words are not written as the name splits (an acronym). */
const knownLabels: Record<string, string> = { apiKey: 'API key', apiKeys: 'API keys' };

/**
 * Field names as stored (`otherName`, `address.line_1`) as words: `Other name`, `Address line 1`.
 * A field that names a thing after its kind (`apiKey dck_cf68ab`, `webhook #3`) keeps that name
 * as written: `API key dck_cf68ab`, the key's prefix as the keys list shows it.
 */
export function fieldLabel(field: string, labels: Record<string, string> = {}): string {
  if (labels[field]) return labels[field];
  const space = field.indexOf(' ');
  if (space > 0) return `${fieldLabel(field.slice(0, space), labels)}${field.slice(space)}`;
  if (knownLabels[field]) return knownLabels[field];
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[._]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const EMPTY = '(empty)';
const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** An instant with its offset inside other text. */
const ISO_INSTANT_IN_TEXT = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})/g;

/** One old or new value as text: names as they are, booleans and dates in words, lists joined. */
export function formatChangeValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  if (typeof value === 'boolean') {
    if (field === 'active') return value ? 'Active' : 'Inactive';
    return value ? 'Yes' : 'No';
  }
  if (Array.isArray(value)) {
    return value.length === 0 ? EMPTY : value.map((v) => formatChangeValue(field, v)).join('; ');
  }
  if (typeof value === 'object') {
    return Object.entries(value)
      .map(([k, v]) => `${fieldLabel(k)}: ${formatChangeValue(k, v)}`)
      .join(', ');
  }
  if (typeof value === 'string' && ISO_DATETIME.test(value)) {
    // An instant, in UTC to the second with the zone named: the history is read on any clock.
    const text = formatInstant(value, 'UTC', { seconds: true });
    if (text) return text;
  }
  if (typeof value === 'string' && ISO_DATE.test(value)) {
    const date = formatCalendarDate(value);
    if (date) return date;
  }
  if (typeof value === 'string') {
    // An instant inside a line (`… · expires 2026-12-27T06:00:00.000Z`, written so before
    // issue 33) is written as the instant alone would be.
    const written = value.replace(
      ISO_INSTANT_IN_TEXT,
      (iso) => formatInstant(iso, 'UTC', { seconds: true }) || iso,
    );
    if (written !== value) return written;
  }
  if (field === 'status' && typeof value === 'string' && value in orderStatusLabels) {
    return orderStatusLabels[value as OrderStatus];
  }
  return String(value);
}

/**
 * The changes of one entry, a line per field. A new or added value shows alone, a deleted or
 * removed one too; an update shows `old → new`.
 */
export function describeChanges(
  entry: Pick<ChangesetEntry, 'eventType' | 'changeset'>,
  labels: Record<string, string> = {},
): string {
  return Object.entries(entry.changeset)
    .map(([field, [oldValue, newValue]]) => {
      const label = fieldLabel(field, labels);
      if (entry.eventType === 'new' || entry.eventType === 'added') {
        return `${label}: ${formatChangeValue(field, newValue)}`;
      }
      if (entry.eventType === 'delete' || entry.eventType === 'removed') {
        return `${label}: ${formatChangeValue(field, oldValue)}`;
      }
      return `${label}: ${formatChangeValue(field, oldValue)} → ${formatChangeValue(field, newValue)}`;
    })
    .join('\n');
}

/** Who made a change: full name and username. */
export const issuedByText = (by: ChangesetEntry['issuedBy']) =>
  by.fullName ? `${by.fullName} (${by.username})` : by.username;

/** When a change was made: the instant in UTC to the second, the zone named ("Nov 25, 2026, 10:30:05 UTC"). */
export const issuedAtText = (issuedAt: string) => formatInstant(issuedAt, 'UTC', { seconds: true });

/**
 * The signature's manifestation (21 CFR 11.50): the signer's printed name, the meaning and
 * when it was signed, e.g. "Signed by Sam Staff (staff) — Created Drug — Nov 25, 2026,
 * 10:30:05 UTC". Empty for an entry that was not signed.
 */
export function signatureText(
  entry: Pick<ChangesetEntry, 'signed' | 'signatureMeaning' | 'issuedBy' | 'issuedAt'>,
): string {
  if (!entry.signed) return '';
  const parts = [
    `Signed by ${issuedByText(entry.issuedBy)}`,
    entry.signatureMeaning,
    issuedAtText(entry.issuedAt),
  ];
  return parts.filter(Boolean).join(' — ');
}
