import { availabilityCreateBodySchema, messages } from '@dosechain/contract';
import { describe, expect, it } from 'vitest';
import {
  type AvailabilityFormValues,
  availabilityFormIssues,
  availabilityFormResolver,
  availabilityFormRules,
  availabilityFormSchema,
  emptyAvailabilityForm,
  toCreateBody,
} from './availability-form-model.ts';

const today = '2026-12-01';
const filled = (over: Partial<AvailabilityFormValues> = {}): AvailabilityFormValues =>
  ({
    ...emptyAvailabilityForm(today),
    drugId: 1,
    cmoId: 2,
    validUntil: '2027-03-01',
    weeklyOn: ['We', 'Mo'],
    reasonForChange: '',
    electronicSignature: 'Demo1234',
    ...over,
  }) as AvailabilityFormValues;

describe('the add availability form', () => {
  it('accepts a complete weekly availability and sends the contract body', () => {
    const parsed = availabilityFormSchema(true).safeParse(filled({ every: 2 }));
    expect(parsed.success).toBe(true);
    const body = toCreateBody(filled({ every: 2 }));
    expect(body.repeat).toEqual({ every: 2, on: ['Mo', 'We'] });
    expect(availabilityCreateBodySchema.safeParse(body).success).toBe(true);
  });

  it('sends month days or the nth weekday for a monthly availability, nothing for daily', () => {
    expect(toCreateBody(filled({ frequency: 'Monthly', monthlyDays: '31, 1,15' })).repeat.on).toEqual([
      1, 15, 31,
    ]);
    expect(
      toCreateBody(filled({ frequency: 'Monthly', monthlyMode: 'ordinal', ordinal: 5, ordinalOn: ['Fr'] }))
        .repeat.on,
    ).toEqual({ every: 5, on: ['Fr'] });
    expect(toCreateBody(filled({ frequency: 'Daily' })).repeat.on).toBeNull();
  });

  it('puts the spec messages on the fields across which it checks', () => {
    const issues = (over: Partial<AvailabilityFormValues>) => availabilityFormIssues(filled(over), today);
    expect(issues({ validFrom: '2026-11-30' })).toEqual([
      { path: 'validFrom', message: messages.validFromPast },
    ]);
    expect(issues({ validFrom: '2026-12-10', validUntil: '2026-12-09' })).toEqual([
      { path: 'validUntil', message: messages.notBeforeValidFrom },
    ]);
    expect(issues({ startTime: '10:00', endTime: '09:00' })).toEqual([
      { path: 'endTime', message: messages.endAfterStart },
    ]);
    expect(issues({ weeklyOn: [] })).toEqual([{ path: 'weeklyOn', message: messages.pickWeekday }]);
    expect(issues({ frequency: 'Monthly', monthlyDays: '1, 32' })).toEqual([
      { path: 'monthlyDays', message: 'Must be a comma separated list of integers between 1 and 31' },
    ]);
    expect(issues({ frequency: 'Monthly', monthlyMode: 'ordinal', ordinalOn: [] })).toEqual([
      { path: 'ordinalOn', message: messages.pickWeekday },
    ]);
    expect(issues({})).toEqual([]);
  });

  it('[AVL-001] bounds doses and repeat every with the spec limits', () => {
    const schema = availabilityFormSchema(false);
    const errorOf = (over: Partial<AvailabilityFormValues>, path: string) =>
      schema.safeParse(filled(over)).error?.issues.find((i) => i.path[0] === path)?.message;
    expect(errorOf({ doses: 100_000_001 }, 'doses')).toBe('Max value is 100000000');
    expect(errorOf({ doses: 0 }, 'doses')).toBe('Min value is 1');
    expect(errorOf({ every: 1001 }, 'every')).toBe('Max value is 1000');
  });

  it('flags a cross-field problem while other fields are still empty', async () => {
    const resolve = availabilityFormResolver(true, () => today);
    const partial = { ...emptyAvailabilityForm(today), frequency: 'Monthly', monthlyDays: '0' };
    const result = await resolve(partial as AvailabilityFormValues, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(result.errors.monthlyDays?.message).toBe(messages.monthlyDays);
    expect(result.errors.drugId?.message).toBe(messages.required);
    const ok = await resolve(filled(), undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(ok.errors).toEqual({});
  });

  it('names the same problems as one schema, for the list of what is missing', async () => {
    const rules = availabilityFormRules(true, () => today);
    const partial = { ...emptyAvailabilityForm(today), frequency: 'Monthly', monthlyDays: '0' };
    const parsed = await rules.safeParseAsync(partial);
    const at = (path: string) => parsed.error?.issues.find((i) => i.path.join('.') === path)?.message;
    expect(at('monthlyDays')).toBe(messages.monthlyDays);
    expect(at('drugId')).toBe(messages.required);
    expect((await rules.safeParseAsync(filled())).success).toBe(true);
  });
});
