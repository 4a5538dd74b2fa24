import { DateTime } from 'luxon';
import * as rrule from 'rrule';
import type { Availability, AvailabilityFrequency, Repeat, WeekdayCode } from './availability.ts';

/*
 * An availability's manufacture days (decision 009), chosen once for the server (search,
 * placement, exceptions) and the web app (the exceptions calendar greys out the other days).
 * Its own entry point, `@dosechain/contract/occurrences`, so that rrule goes only where it is
 * used, not into the app's first download.
 */

// rrule's ES module (bundlers) names its exports; Node loads its CommonJS build, whose names
// sit on the default export. Read by Reflect: the bundler would warn of a `default` it lacks.
const { RRule } = (Reflect.get(rrule, 'default') as typeof rrule | undefined) ?? rrule;
type Weekday = InstanceType<typeof rrule.Weekday>;

/** What decides the manufacture days of an availability. Dates are `YYYY-MM-DD`. */
export interface Recurrence {
  validFrom: string;
  validUntil: string;
  frequency: AvailabilityFrequency;
  repeatEvery: number;
  repeatOn: Repeat['on'];
}

/** The recurrence of an availability as the API answers it. */
export function availabilityRecurrence(
  a: Pick<Availability, 'validFrom' | 'validUntil' | 'frequency' | 'repeat'>,
): Recurrence {
  return {
    validFrom: a.validFrom,
    validUntil: a.validUntil,
    frequency: a.frequency,
    repeatEvery: a.repeat.every,
    repeatOn: a.repeat.on,
  };
}

const weekdays: Record<WeekdayCode, Weekday> = {
  Mo: RRule.MO,
  Tu: RRule.TU,
  We: RRule.WE,
  Th: RRule.TH,
  Fr: RRule.FR,
  Sa: RRule.SA,
  Su: RRule.SU,
};
const monToFri: WeekdayCode[] = ['Mo', 'Tu', 'We', 'Th', 'Fr'];

/**
 * A date as a "floating" wall-clock instant: rrule computes in UTC fields, and the dates it
 * gives back are read the same way, so no zone (and no DST) takes part in choosing the days.
 */
const floating = (date: string) => new Date(`${date}T00:00:00.000Z`);
const dateOf = (instant: Date) => instant.toISOString().slice(0, 10);

function ruleOptions(rec: Recurrence): Partial<ConstructorParameters<typeof RRule>[0]> {
  const interval = rec.repeatEvery;
  const on = rec.repeatOn;
  switch (rec.frequency) {
    case 'Daily':
      return { freq: RRule.DAILY, interval };
    case 'Weekday':
      // Every n weeks, Monday to Friday (n = 1: every weekday).
      return { freq: RRule.WEEKLY, interval, byweekday: monToFri.map((d) => weekdays[d]) };
    case 'Weekly':
      return { freq: RRule.WEEKLY, interval, byweekday: (on as WeekdayCode[]).map((d) => weekdays[d]) };
    case 'Monthly':
      if (Array.isArray(on)) return { freq: RRule.MONTHLY, interval, bymonthday: on as number[] };
      if (on && typeof on === 'object') {
        return { freq: RRule.MONTHLY, interval, byweekday: on.on.map((d) => weekdays[d].nth(on.every)) };
      }
      throw new Error('A monthly availability needs days or an ordinal weekday rule');
  }
}

const DAY_MS = 86_400_000;
/** The Monday (the rule's week start) of a floating date's week. */
const mondayOf = (d: Date) => new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * DAY_MS);

/**
 * A start for the rule, no later than `start`, from which it yields exactly the dates it
 * would yield from `validFrom`: the first day of the last period (n days, n weeks, n months)
 * counted from validFrom's period that begins on or before `start`. Expanding from there, not
 * from a validFrom years back, keeps a search over one month cheap. Sound because every rule
 * below takes its days from BYDAY/BYMONTHDAY (or, for Daily, from the start itself) and counts
 * its interval in whole periods from the start's period (weeks begin on Monday, WKST=MO).
 */
export function alignedStart(rec: Recurrence, start: string): Date {
  const origin = floating(rec.validFrom);
  const target = floating(start);
  if (target <= origin) return origin;
  const n = rec.repeatEvery;
  switch (rec.frequency) {
    case 'Daily': {
      const days = Math.round((target.getTime() - origin.getTime()) / DAY_MS);
      return new Date(origin.getTime() + Math.floor(days / n) * n * DAY_MS);
    }
    case 'Weekday':
    case 'Weekly': {
      const firstMonday = mondayOf(origin);
      const weeks = Math.round((mondayOf(target).getTime() - firstMonday.getTime()) / (7 * DAY_MS));
      const skipped = Math.floor(weeks / n) * n;
      return skipped === 0 ? origin : new Date(firstMonday.getTime() + skipped * 7 * DAY_MS);
    }
    case 'Monthly': {
      const months =
        (target.getUTCFullYear() - origin.getUTCFullYear()) * 12 +
        target.getUTCMonth() -
        origin.getUTCMonth();
      const skipped = Math.floor(months / n) * n;
      return skipped === 0
        ? origin
        : new Date(Date.UTC(origin.getUTCFullYear(), origin.getUTCMonth() + skipped, 1));
    }
  }
}

/**
 * The manufacture dates of an availability in [from, to) — dates, `to` exclusive — within
 * validFrom..validUntil (both inclusive), per RFC 5545: a monthly "31st" skips shorter months
 * and a "5th Friday" skips months without one.
 */
export function occurrenceDates(rec: Recurrence, from: string, to: string): string[] {
  const start = from > rec.validFrom ? from : rec.validFrom;
  const endExclusive = floating(to).getTime();
  const until = floating(rec.validUntil);
  if (start > rec.validUntil || floating(start).getTime() >= endExclusive) return [];
  const rule = new RRule({ ...ruleOptions(rec), dtstart: alignedStart(rec, start), until, wkst: RRule.MO });
  const last = new Date(Math.min(endExclusive - 1, until.getTime()));
  return rule.between(floating(start), last, true).map(dateOf);
}

/** Whether the availability manufactures on this date. */
export function occursOn(rec: Recurrence, date: string): boolean {
  const next = DateTime.fromISO(date, { zone: 'utc' }).plus({ days: 1 }).toISODate() as string;
  return occurrenceDates(rec, date, next).length > 0;
}
