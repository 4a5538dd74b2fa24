import { describe, expect, it } from 'vitest';
import {
  availabilityCreateBodySchema,
  availabilityUpdateBodySchema,
  formatDoses,
  insideIntervals,
  monthlyDaysTextField,
  parseMonthlyDays,
} from './availability.ts';
import { canTransition } from './order-status.ts';
import { placeOrderBodySchema } from './orders.ts';

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

const body = {
  drugId: 1,
  cmoId: 2,
  doses: 5,
  activityUnit: 'mCi',
  validFrom: '2027-03-01',
  validUntil: '2027-03-31',
  frequency: 'Weekly',
  repeat: { every: 1, on: ['Mo'] },
  startTime: '08:00',
  endTime: '24:00',
};

describe('monthly days as typed', () => {
  it('parses a comma list of 1..31, sorted and unique', () => {
    expect(parseMonthlyDays('15, 1,31 ,1')).toEqual([1, 15, 31]);
    for (const bad of ['', '0', '32', '1,,2', '1.5', 'a', '1;2', '-1'])
      expect(parseMonthlyDays(bad), bad).toBeNull();
    expect(monthlyDaysTextField.safeParse('1,40').error?.issues[0]?.message).toBe(
      'Must be a comma separated list of integers between 1 and 31',
    );
  });
});

describe('availability bodies', () => {
  it('accepts each frequency with its `on`', () => {
    expect(availabilityCreateBodySchema.safeParse(body).success).toBe(true);
    expect(
      availabilityCreateBodySchema.safeParse({ ...body, frequency: 'Daily', repeat: { every: 2 } }).success,
    ).toBe(true);
    expect(
      availabilityCreateBodySchema.safeParse({
        ...body,
        frequency: 'Monthly',
        repeat: { every: 1, on: [1, 31] },
      }).success,
    ).toBe(true);
    const nth = { ...body, frequency: 'Monthly', repeat: { every: 1, on: { every: 5, on: ['Fr'] } } };
    expect(availabilityCreateBodySchema.safeParse(nth).success).toBe(true);
  });

  it('names the field and the spec message of each rule', () => {
    expect(issues(availabilityCreateBodySchema.safeParse({ ...body, repeat: { every: 1, on: [] } }))).toEqual(
      [['repeat.on', 'Required']],
    );
    expect(
      issues(
        availabilityCreateBodySchema.safeParse({
          ...body,
          frequency: 'Monthly',
          repeat: { every: 1, on: [0] },
        }),
      ),
    ).toEqual([['repeat.on', 'Must be a comma separated list of integers between 1 and 31']]);
    expect(
      issues(
        availabilityCreateBodySchema.safeParse({
          ...body,
          frequency: 'Monthly',
          repeat: { every: 1, on: { every: 6, on: ['Fr'] } },
        }),
      ),
    ).toEqual([['repeat.on.every', 'Max value is 5']]);
    expect(
      issues(
        availabilityCreateBodySchema.safeParse({
          ...body,
          doses: 100_000_001,
          repeat: { every: 0, on: ['Mo'] },
        }),
      ),
    ).toEqual([
      ['doses', 'Max value is 100000000'],
      ['repeat.every', 'Min value is 1'],
    ]);
    expect(issues(availabilityCreateBodySchema.safeParse({ ...body, validUntil: '2027-02-28' }))).toEqual([
      ['validUntil', 'Must not be before the valid from date'],
    ]);
    expect(
      issues(availabilityCreateBodySchema.safeParse({ ...body, startTime: '12:00', endTime: '12:00' })),
    ).toEqual([['endTime', 'Must be after the start time']]);
  });

  it('update is validUntil or the toggle', () => {
    expect(availabilityUpdateBodySchema.safeParse({ validUntil: '2027-04-01' }).success).toBe(true);
    expect(availabilityUpdateBodySchema.safeParse({ active: false, reasonForChange: 'x' }).success).toBe(
      true,
    );
    expect(issues(availabilityUpdateBodySchema.safeParse({ reasonForChange: 'x' }))).toEqual([
      ['validUntil', 'Required'],
    ]);
    expect(availabilityUpdateBodySchema.safeParse({ validUntil: '2027-04-01', doses: 3 }).success).toBe(
      false,
    );
  });
});

describe('orders', () => {
  it('[ORD-001] subject and calibration rules', () => {
    const order = {
      studyId: 1,
      siteId: 1,
      examId: 1,
      imagingCenterId: 1,
      timePointId: 1,
      subjectId: ' S-1 ',
      calibrationDatetime: '2027-03-01T10:00:00-05:00',
    };
    expect(placeOrderBodySchema.parse(order).subjectId).toBe('S-1');
    expect(issues(placeOrderBodySchema.safeParse({ ...order, subjectId: 's'.repeat(51) }))).toEqual([
      ['subjectId', 'Subject can be max 50 characters long'],
    ]);
  });

  it('moves only along the spec transitions', () => {
    expect(canTransition('pending', 'accepted')).toBe(true);
    expect(canTransition('accepted', 'canceled')).toBe(true);
    expect(canTransition('accepted', 'rejected')).toBe(false);
    expect(canTransition('delivered', 'canceled')).toBe(false);
  });

  it('an instant is inside an interval from its start up to, not including, its end', () => {
    const intervals = [{ start: '2027-03-01T11:00:00.000Z', end: '2027-03-01T19:00:00.000Z' }];
    expect(insideIntervals('2027-03-01T11:00:00.000Z', intervals)).toBe(true);
    expect(insideIntervals('2027-03-01T06:00:00-05:00', intervals)).toBe(true);
    expect(insideIntervals('2027-03-01T19:00:00.000Z', intervals)).toBe(false);
  });
});

describe('doses as shown', () => {
  it('reads as a number of doses with their unit, never as an activity', () => {
    expect(formatDoses(5, 'mCi')).toBe('5 doses (mCi)');
    expect(formatDoses(1, 'mBq')).toBe('1 dose (mBq)');
    expect(formatDoses(1200, 'mCi')).toBe('1,200 doses (mCi)');
  });
});
