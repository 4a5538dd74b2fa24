import { DateTime } from 'luxon';

/**
 * An instant on a zone's clock with the zone's abbreviation, e.g. "Nov 23, 2026, 10:00 CST",
 * so that nobody reads a time on the wrong clock. Empty for no value.
 */
export function formatInZone(iso: string | null | undefined, zone: string): string {
  if (!iso) return '';
  const at = DateTime.fromISO(iso, { zone });
  if (!at.isValid) return '';
  return `${at.toFormat('LLL d, yyyy, HH:mm')} ${at.toFormat('ZZZZ')}`;
}

/** How many characters of the notes show before 'Show more' (spec section 2). */
export const NOTES_COLLAPSED_LENGTH = 140;

/** The notes as shown: whole when short or expanded, else cut at 140 with an ellipsis. */
export function visibleNotes(notes: string, expanded: boolean): { text: string; collapsible: boolean } {
  const collapsible = notes.length > NOTES_COLLAPSED_LENGTH;
  if (!collapsible || expanded) return { text: notes, collapsible };
  return { text: `${notes.slice(0, NOTES_COLLAPSED_LENGTH)}…`, collapsible };
}
