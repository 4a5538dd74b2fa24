import type { OrderWindow } from '@dosechain/contract';
import { DateTime } from 'luxon';

const day = (iso: string) => DateTime.fromISO(iso, { zone: 'utc' });

/** `Window: Jan 5 – Jan 19, 2027 (nominal Jan 12)`; the year on both ends when they differ. Null without a window. */
export function orderWindowText(window: OrderWindow | undefined): string | null {
  if (!window?.earliestDate || !window.latestDate || !window.nominalDate) return null;
  const from = day(window.earliestDate);
  const to = day(window.latestDate);
  const start = from.year === to.year ? from.toFormat('LLL d') : from.toFormat('LLL d, yyyy');
  return `Window: ${start} – ${to.toFormat('LLL d, yyyy')} (nominal ${day(window.nominalDate).toFormat('LLL d')})`;
}
