import { DateTime } from 'luxon';

/** A zone with its current UTC offset, e.g. "America/New_York (UTC-05:00)". */
export function zoneWithOffset(zone: string, at: DateTime = DateTime.now()): string {
  const local = at.setZone(zone);
  return local.isValid ? `${zone} (UTC${local.toFormat('ZZ')})` : zone;
}

let cached: string[] | undefined;
/** Every IANA zone the browser knows. */
export function allTimezones(): string[] {
  cached ??= Intl.supportedValuesOf('timeZone');
  return cached;
}
