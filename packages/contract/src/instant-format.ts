import { DateTime } from 'luxon';

/** How an instant is written: with seconds (audit history) or to the minute (everything else). */
export interface InstantFormatOptions {
  seconds?: boolean;
}

/** An instant written on one clock, in parts: `Nov 24, 2026`, `06:00`, `CST`. */
export interface InstantParts {
  date: string;
  time: string;
  zone: string;
}

/** One formatter per zone: Luxon's `ZZZZ` builds a new Intl.DateTimeFormat on every call. */
const zoneNameFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's short name at that instant, as US English writes it: `CST`, `UTC`, `GMT+1`. */
function zoneAbbreviation(at: DateTime): string {
  const zone = at.zoneName ?? 'UTC';
  let format = zoneNameFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' });
    zoneNameFormats.set(zone, format);
  }
  return format.formatToParts(at.toJSDate()).find((p) => p.type === 'timeZoneName')?.value ?? zone;
}

/**
 * Instants already written, by text, zone and precision: a grid writes each instant twice (its
 * cell and its export text) on every render, and Luxon's parse and format took a tenth of a grid
 * page's longest task. Cleared when full, so it stays small.
 */
const written = new Map<string, InstantParts | undefined>();
const WRITTEN_MAX = 2000;

/**
 * An instant (ISO text) on a zone's clock, in parts; undefined for no or an unreadable value.
 * An unknown zone falls back to UTC, named as such, so the label never lies.
 */
export function instantParts(
  iso: string | null | undefined,
  zone = 'UTC',
  options: InstantFormatOptions = {},
): InstantParts | undefined {
  if (!iso) return undefined;
  const key = `${iso}|${zone}|${options.seconds ? 's' : 'm'}`;
  if (written.has(key)) return written.get(key);
  if (written.size >= WRITTEN_MAX) written.clear();
  const parts = writeInstant(iso, zone, options);
  // Shared by every caller from now on, so nobody may change it.
  written.set(key, parts && Object.freeze(parts));
  return parts;
}

function writeInstant(iso: string, zone: string, options: InstantFormatOptions): InstantParts | undefined {
  let at = DateTime.fromISO(iso, { zone, locale: 'en-US' });
  if (!at.isValid && DateTime.fromISO(iso).isValid)
    at = DateTime.fromISO(iso, { zone: 'UTC', locale: 'en-US' });
  if (!at.isValid) return undefined;
  return {
    date: at.toFormat('LLL d, yyyy'),
    time: at.toFormat(options.seconds ? 'HH:mm:ss' : 'HH:mm'),
    zone: zoneAbbreviation(at),
  };
}

/**
 * The one way the product writes an instant, in the web app and in mails: the date, the 24-hour
 * time and the zone's abbreviation on the given clock, e.g. `Nov 24, 2026, 06:00 CST`
 * (`06:00:05 CST` with seconds). Empty for no value.
 */
export function formatInstant(
  iso: string | null | undefined,
  zone = 'UTC',
  options: InstantFormatOptions = {},
): string {
  const parts = instantParts(iso, zone, options);
  return parts ? `${parts.date}, ${parts.time} ${parts.zone}` : '';
}

/** A calendar date (`2026-11-24`, no clock) as `Nov 24, 2026`; empty for no or an unreadable value. */
export function formatCalendarDate(isoDate: string | null | undefined): string {
  if (!isoDate) return '';
  const date = DateTime.fromISO(isoDate, { zone: 'UTC', locale: 'en-US' });
  return date.isValid ? date.toFormat('LLL d, yyyy') : '';
}
