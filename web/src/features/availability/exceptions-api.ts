import { queryKeys } from '../../api/query-keys.ts';

/** The manufacturing exceptions of one availability (issue 21). */
export const exceptionsResource = (availabilityId: number) =>
  `/drug-availabilities/${availabilityId}/exceptions` as const;

/** Their query key: the exceptions dialog's list. */
export const exceptionsKey = (availabilityId: number) => queryKeys.lists(exceptionsResource(availabilityId));

/** An exception's doses and window as one line: `2 doses, 08:00–09:00` or `No manufacture`. */
export function exceptionChange(e: {
  kind: 'closed' | 'changed';
  doses: number | null;
  startTime: string | null;
  endTime: string | null;
}): string {
  if (e.kind === 'closed') return 'No manufacture';
  const parts = [
    e.doses != null ? `${e.doses} ${e.doses === 1 ? 'dose' : 'doses'}` : null,
    e.startTime != null ? `${e.startTime}–${e.endTime}` : null,
  ].filter(Boolean);
  return parts.join(', ');
}
