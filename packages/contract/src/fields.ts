import {
  getCountries,
  getCountryCallingCode,
  isValidPhoneNumber,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/min';
import { IANAZone } from 'luxon';
import { z } from 'zod';
import { limits } from './limits.ts';
import { messages } from './messages.ts';
import { inputString, isStorableText } from './text.ts';

/** A required text: not empty, not only spaces, at most `max` characters; stored trimmed. */
export function requiredText(max: number) {
  return inputString({ error: messages.required })
    .min(1, messages.required)
    .refine((v) => v.length === 0 || v.trim().length > 0, messages.onlySpaces)
    .max(max, messages.maxLength(max))
    .trim();
}

/** An optional text (null or empty clears it), at most `max` characters; stored trimmed. */
export function optionalText(max: number) {
  return inputString().max(max, messages.maxLength(max)).trim().nullish();
}

/** An address's local part: dot-separated atoms of letters, digits and RFC 5322's atom signs. */
const emailLocalPart = String.raw`[\p{L}\p{N}!#$%&'*+/=?^_\x60{|}~-]+(?:\.[\p{L}\p{N}!#$%&'*+/=?^_\x60{|}~-]+)*`;
/** A domain: labels of letters, digits and inner hyphens, ending in a top-level label of two or more. */
const emailDomain = String.raw`(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])+`;
/**
 * A bare address (local@domain) and nothing else: no display name, quotes, angle brackets,
 * comments, spaces or second address, so a value can never name another recipient in a header.
 */
const bareEmail = new RegExp(`^${emailLocalPart}@${emailDomain}$`, 'u');

/** An e-mail address, checked after trimming surrounding spaces: the one e-mail rule of every field. */
export const emailField = inputString({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .max(limits.emailMax, messages.maxLength(limits.emailMax))
  // Text that cannot be stored has its own message already: the format is not judged on top.
  .refine((v) => !isStorableText(v) || bareEmail.test(v), messages.invalidEmail);

/** A phone number in any international form, default country US; stored as E.164. */
export const phoneField = inputString({ error: messages.required })
  .refine((v) => isValidPhoneNumber(v, limits.defaultCountry), messages.invalidPhone)
  .overwrite((v) => parsePhoneNumberFromString(v, limits.defaultCountry)?.number ?? v);

/**
 * A stored (E.164) phone number as people read it: "+1 312 555 0123", "+49 30 123456". A value
 * the library cannot read is shown as stored.
 */
export function phoneForDisplay(stored: string): string {
  return parsePhoneNumberFromString(stored, limits.defaultCountry)?.formatInternational() ?? stored;
}

const callingCodes = new Set(getCountries().map((c) => getCountryCallingCode(c)));

/**
 * Whether a phone input holds no number: empty, or only a country's calling code ("+1", "+31").
 * Any other digits are a number being typed, to be checked, never dropped.
 */
export function isPhoneEmpty(value: string): boolean {
  const digits = value.replace(/[\s()-]/g, '');
  if (digits === '' || digits === '+') return true;
  return digits.startsWith('+') && callingCodes.has(digits.slice(1));
}

export function isValidTimezone(zone: string): boolean {
  return IANAZone.isValidZone(zone);
}

/** An IANA time-zone name, e.g. `America/New_York`. */
export const timezoneField = inputString({ error: messages.required })
  .min(1, messages.required)
  .refine(isValidTimezone, messages.invalidTimezone);

/** An ISO 3166-1 alpha-2 country code. */
export const countryField = inputString({ error: messages.required }).regex(
  /^[A-Z]{2}$/,
  messages.invalidCountry,
);

/**
 * The largest id the database holds (a PostgreSQL integer). A body's reference past it names no
 * record, and is refused as invalid before it reaches a query.
 */
export const ID_MAX = 2_147_483_647;

export const idParam = z.object({ id: z.coerce.number().int().positive() });

/** Another record as an answer embeds it: its id and name. */
export const namedRefSchema = z.object({ id: z.number().int(), name: z.string() });
export type NamedRef = z.infer<typeof namedRefSchema>;
