import { z } from 'zod';
import { limits } from './limits.ts';
import { messages } from './messages.ts';

/** A UTF-16 surrogate without its other half: it has no UTF-8 form. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Whether the database can store the text as it is: PostgreSQL refuses a NUL character in
 * text and jsonb (an error, not a refusal of the field), and a lone surrogate has no UTF-8
 * form (the drivers would store U+FFFD instead, silently changing the value).
 */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/** The check every string the API takes in carries (one instance, so tests can find it on a schema). */
export const storableText = z.refine<string>(isStorableText, messages.unstorableText);

/**
 * A string the database can store: where every input string of the contract starts, instead
 * of `z.string()` (answer schemas keep `z.string()`). A text with a NUL or a lone surrogate is
 * a 400 on its field, before any query.
 */
export function inputString(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).check(storableText);
}

/** Whether a year is one the app accepts in a date (spec: dates outside 1900–2199 are refused). */
export function isYearInRange(year: number): boolean {
  return Number.isInteger(year) && year >= limits.dateYearMin && year <= limits.dateYearMax;
}

/** The year an ISO date or local date-time text starts with (`YYYY-…`); NaN when it has none. */
const leadingYear = (text: string) => (/^\d{4}-/.test(text) ? Number(text.slice(0, 4)) : Number.NaN);

/** Whether a `YYYY-MM-DD…` text (a date, or a date-time without offset) is within the years accepted. */
export function isDateTextInRange(text: string): boolean {
  return isYearInRange(leadingYear(text));
}

/** Whether an instant (ISO text with offset, or a Date) falls within the years accepted, in UTC. */
export function isInstantInRange(instant: string | Date): boolean {
  const at = typeof instant === 'string' ? new Date(instant) : instant;
  return !Number.isNaN(at.getTime()) && isYearInRange(at.getUTCFullYear());
}

/**
 * An instant with its offset (ISO 8601, e.g. `2026-11-25T10:30:00Z`) within the years accepted
 * (1900–2199 in UTC): a year such as 9999 would pass the format but no date arithmetic or column.
 */
export function instantField() {
  return z.iso
    .datetime({ offset: true, error: messages.required })
    .check(storableText)
    .refine((v) => Number.isNaN(Date.parse(v)) || isInstantInRange(v), messages.dateOutOfRange);
}

/**
 * An instant as the answers give it (ISO 8601 in UTC, as `toISOString` writes it): a string,
 * documented as `format: date-time` so a generated client or a spreadsheet knows it is one.
 */
export function answerInstant() {
  return z.string().meta({ format: 'date-time' });
}
