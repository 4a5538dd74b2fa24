import { describe, expect, it } from 'vitest';
import { occurrenceDates, occursOn, type Recurrence } from './occurrences.ts';

const rule = (r: Partial<Recurrence>): Recurrence => ({
  validFrom: '2027-01-01',
  validUntil: '2027-12-31',
  frequency: 'Daily',
  repeatEvery: 1,
  repeatOn: null,
  ...r,
});

describe('occurrence dates', () => {
  it('Daily every n days from validFrom, inside the window and the validity', () => {
    expect(occurrenceDates(rule({ repeatEvery: 1 }), '2027-01-30', '2027-02-02')).toEqual([
      '2027-01-30',
      '2027-01-31',
      '2027-02-01',
    ]);
    expect(occurrenceDates(rule({ repeatEvery: 3 }), '2027-01-01', '2027-01-11')).toEqual([
      '2027-01-01',
      '2027-01-04',
      '2027-01-07',
      '2027-01-10',
    ]);
    // counted from validFrom, not from the window
    expect(occurrenceDates(rule({ repeatEvery: 3 }), '2027-01-05', '2027-01-11')).toEqual([
      '2027-01-07',
      '2027-01-10',
    ]);
    expect(
      occurrenceDates(
        rule({ validFrom: '2027-03-10', validUntil: '2027-03-12' }),
        '2027-03-01',
        '2027-04-01',
      ),
    ).toEqual(['2027-03-10', '2027-03-11', '2027-03-12']);
    expect(occurrenceDates(rule({}), '2028-01-01', '2028-02-01')).toEqual([]);
    expect(occurrenceDates(rule({}), '2027-01-05', '2027-01-05')).toEqual([]);
  });

  it('Weekday is Monday to Friday; every n weeks', () => {
    // 2027-03-01 is a Monday
    expect(occurrenceDates(rule({ frequency: 'Weekday' }), '2027-03-01', '2027-03-15')).toEqual([
      '2027-03-01',
      '2027-03-02',
      '2027-03-03',
      '2027-03-04',
      '2027-03-05',
      '2027-03-08',
      '2027-03-09',
      '2027-03-10',
      '2027-03-11',
      '2027-03-12',
    ]);
    expect(
      occurrenceDates(
        rule({ frequency: 'Weekday', repeatEvery: 2, validFrom: '2027-03-01' }),
        '2027-03-01',
        '2027-03-22',
      ),
    ).toEqual([
      '2027-03-01',
      '2027-03-02',
      '2027-03-03',
      '2027-03-04',
      '2027-03-05',
      '2027-03-15',
      '2027-03-16',
      '2027-03-17',
      '2027-03-18',
      '2027-03-19',
    ]);
  });

  it('Weekly on the listed days, every n weeks counted from the week of validFrom', () => {
    const weekly = rule({ frequency: 'Weekly', repeatOn: ['Mo', 'Th'], validFrom: '2027-03-03' });
    expect(occurrenceDates(weekly, '2027-03-01', '2027-03-15')).toEqual([
      '2027-03-04',
      '2027-03-08',
      '2027-03-11',
    ]);
    const biweekly = rule({ frequency: 'Weekly', repeatEvery: 2, repeatOn: ['Su'], validFrom: '2027-03-01' });
    expect(occurrenceDates(biweekly, '2027-03-01', '2027-04-05')).toEqual([
      '2027-03-07',
      '2027-03-21',
      '2027-04-04',
    ]);
  });

  it('Monthly on day numbers: the 31st skips shorter months; every n months', () => {
    const monthly = rule({ frequency: 'Monthly', repeatOn: [15, 31] });
    expect(occurrenceDates(monthly, '2027-01-01', '2027-07-01')).toEqual([
      '2027-01-15',
      '2027-01-31',
      '2027-02-15',
      '2027-03-15',
      '2027-03-31',
      '2027-04-15',
      '2027-05-15',
      '2027-05-31',
      '2027-06-15',
    ]);
    const everyThird = rule({ frequency: 'Monthly', repeatEvery: 3, repeatOn: [1] });
    expect(occurrenceDates(everyThird, '2027-01-01', '2028-01-01')).toEqual([
      '2027-01-01',
      '2027-04-01',
      '2027-07-01',
      '2027-10-01',
    ]);
    expect(
      occursOn(
        rule({ frequency: 'Monthly', repeatOn: [29], validFrom: '2028-01-01', validUntil: '2028-12-31' }),
        '2028-02-29',
      ),
    ).toBe(true);
    expect(occursOn(rule({ frequency: 'Monthly', repeatOn: [29] }), '2027-02-28')).toBe(false);
  });

  it('Monthly on the nth weekday: the 5th Friday skips months without one; 2nd Monday and Wednesday', () => {
    const fifthFriday = rule({ frequency: 'Monthly', repeatOn: { every: 5, on: ['Fr'] } });
    // Fridays in 2027: five in January, April, July, October, December
    expect(occurrenceDates(fifthFriday, '2027-01-01', '2028-01-01')).toEqual([
      '2027-01-29',
      '2027-04-30',
      '2027-07-30',
      '2027-10-29',
      '2027-12-31',
    ]);
    const secondMoWe = rule({
      frequency: 'Monthly',
      repeatEvery: 2,
      repeatOn: { every: 2, on: ['Mo', 'We'] },
    });
    expect(occurrenceDates(secondMoWe, '2027-01-01', '2027-06-01')).toEqual([
      '2027-01-11',
      '2027-01-13',
      '2027-03-08',
      '2027-03-10',
      '2027-05-10',
      '2027-05-12',
    ]);
  });
});

describe('occurrence dates from a validFrom years back', () => {
  const addDays = (date: string, days: number) =>
    new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

  it('counts every n days, weeks and months from validFrom, not from the window', () => {
    // 2020-01-01 + 2523 days (a multiple of 3) = 2026-11-28
    expect(
      occurrenceDates(
        rule({ validFrom: '2020-01-01', validUntil: '2030-12-31', repeatEvery: 3 }),
        '2026-11-26',
        '2026-12-05',
      ),
    ).toEqual(['2026-11-28', '2026-12-01', '2026-12-04']);
    // Weeks from the week of Wed 2020-01-01 (Monday 2019-12-30); 2026-11-23 is 360 weeks later
    expect(
      occurrenceDates(
        rule({
          validFrom: '2020-01-01',
          validUntil: '2030-12-31',
          frequency: 'Weekly',
          repeatEvery: 4,
          repeatOn: ['Mo', 'Fr'],
        }),
        '2026-11-20',
        '2026-12-25',
      ),
    ).toEqual(['2026-11-23', '2026-11-27', '2026-12-21']);
    // Every 5 months from January 2020: 2026-04, 2026-09, 2027-02 have no 31st; 2027-07 has
    expect(
      occurrenceDates(
        rule({
          validFrom: '2020-01-31',
          validUntil: '2030-12-31',
          frequency: 'Monthly',
          repeatEvery: 5,
          repeatOn: [31],
        }),
        '2026-01-01',
        '2027-09-01',
      ),
    ).toEqual(['2027-07-31']);
  });

  // Thousands of expansions: seconds on a busy machine (the contract's tests default to 5 s).
  it('gives the same dates as the expansion from validFrom, for every kind of rule and window', () => {
    const rules: Partial<Recurrence>[] = [
      { frequency: 'Daily', repeatEvery: 1 },
      { frequency: 'Daily', repeatEvery: 3 },
      { frequency: 'Daily', repeatEvery: 45 },
      { frequency: 'Weekday', repeatEvery: 1 },
      { frequency: 'Weekday', repeatEvery: 3 },
      { frequency: 'Weekly', repeatEvery: 1, repeatOn: ['Tu', 'Su'] },
      { frequency: 'Weekly', repeatEvery: 2, repeatOn: ['Mo'] },
      { frequency: 'Weekly', repeatEvery: 7, repeatOn: ['We', 'Sa'] },
      { frequency: 'Monthly', repeatEvery: 1, repeatOn: [31] },
      { frequency: 'Monthly', repeatEvery: 2, repeatOn: [1, 29, 30] },
      { frequency: 'Monthly', repeatEvery: 5, repeatOn: [31] },
      { frequency: 'Monthly', repeatEvery: 1, repeatOn: { every: 5, on: ['Fr'] } },
      { frequency: 'Monthly', repeatEvery: 3, repeatOn: { every: 5, on: ['Mo', 'Th'] } },
      { frequency: 'Monthly', repeatEvery: 4, repeatOn: { every: 2, on: ['We'] } },
    ];
    // validFrom on every weekday and at month ends, years before the windows
    const starts = ['2019-12-29', '2020-01-31', '2020-02-29', '2021-06-16', '2022-08-04', '2023-03-31'];
    let windows = 0;
    for (const r of rules) {
      for (const validFrom of starts) {
        const rec = rule({ ...r, validFrom, validUntil: '2027-12-31' });
        for (let shift = 0; shift < 400; shift += 37) {
          const from = addDays('2026-01-01', shift);
          const to = addDays(from, 31 + (shift % 60));
          const whole = occurrenceDates(rec, validFrom, to).filter((d) => d >= from);
          expect(occurrenceDates(rec, from, to), `${JSON.stringify(rec)} ${from}..${to}`).toEqual(whole);
          windows += 1;
        }
      }
    }
    expect(windows).toBe(rules.length * starts.length * 11);
  }, 60_000);
});
