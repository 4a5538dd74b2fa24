import { localDateTimeToInstant } from '@dosechain/contract';

/** The instant of the dialog's date, time and zone, once all three are there and valid. */
export function enteredInstant(values: {
  date?: string | null;
  time?: string | null;
  timezone?: string | null;
}): Date | undefined {
  if (!values.date || !values.time || !values.timezone) return undefined;
  return localDateTimeToInstant(`${values.date}T${values.time.slice(0, 5)}`, values.timezone);
}
