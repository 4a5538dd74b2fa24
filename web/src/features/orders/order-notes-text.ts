/** How many characters of the notes show before 'Show more' (spec section 2). */
export const NOTES_COLLAPSED_LENGTH = 140;

/** The notes as shown: whole when short or expanded, else cut at 140 with an ellipsis. */
export function visibleNotes(notes: string, expanded: boolean): { text: string; collapsible: boolean } {
  const collapsible = notes.length > NOTES_COLLAPSED_LENGTH;
  if (!collapsible || expanded) return { text: notes, collapsible };
  return { text: `${notes.slice(0, NOTES_COLLAPSED_LENGTH)}…`, collapsible };
}
