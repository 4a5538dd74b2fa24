import {
  type AvailabilityCreateBody,
  availabilityCreateBodySchema,
  availabilityFrequencies,
  messages,
  minutesOfDay,
  monthlyDaysTextField,
  parseMonthlyDays,
  repeatSchema,
  weekdayCodes,
} from '@dosechain/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { z } from 'zod';
import { withSignature } from '../../components/form/signed-form.ts';

export { AVAILABILITIES } from '../../api/resources.ts';

const body = availabilityCreateBodySchema.shape;

/** How a monthly availability picks its days: day numbers, or the nth weekday. */
export const monthlyModes = ['days', 'ordinal'] as const;

/**
 * The add form's own fields. They hold `repeat` the way it is typed (weekday toggles, the
 * monthly days as text) and are turned into the contract's body by `toCreateBody`.
 */
export const availabilityFormFields = z.object({
  drugId: body.drugId,
  cmoId: body.cmoId,
  doses: body.doses,
  activityUnit: body.activityUnit,
  validFrom: body.validFrom,
  validUntil: body.validUntil,
  frequency: z.enum(availabilityFrequencies, { error: messages.required }),
  every: repeatSchema.shape.every,
  weeklyOn: z.array(z.enum(weekdayCodes)),
  monthlyMode: z.enum(monthlyModes),
  monthlyDays: z.string(),
  ordinal: z.number().int().min(1).max(5),
  ordinalOn: z.array(z.enum(weekdayCodes)),
  startTime: body.startTime,
  endTime: body.endTime,
});
type FieldValues = z.output<typeof availabilityFormFields>;

/** What the add form starts with: one dose a day, all day long, from today. */
export function emptyAvailabilityForm(today: string): Partial<AvailabilityFormValues> {
  return {
    doses: 1,
    activityUnit: 'mCi',
    validFrom: today,
    validUntil: '',
    frequency: 'Weekly',
    every: 1,
    weeklyOn: [],
    monthlyMode: 'days',
    monthlyDays: '',
    ordinal: 1,
    ordinalOn: [],
    startTime: '00:00',
    endTime: '24:00',
  };
}

type Issue = { path: string; message: string };

/** The checks across fields, with the spec's messages; `today` is the CMO's date. */
export function availabilityFormIssues(v: Partial<FieldValues>, today: string): Issue[] {
  const issues: Issue[] = [];
  if (v.validFrom && v.validFrom < today) issues.push({ path: 'validFrom', message: messages.validFromPast });
  if (v.validFrom && v.validUntil && v.validUntil < v.validFrom) {
    issues.push({ path: 'validUntil', message: messages.notBeforeValidFrom });
  }
  if (v.startTime && v.endTime && minutesOfDay(v.endTime) <= minutesOfDay(v.startTime)) {
    issues.push({ path: 'endTime', message: messages.endAfterStart });
  }
  if (v.frequency === 'Weekly' && !v.weeklyOn?.length)
    issues.push({ path: 'weeklyOn', message: messages.pickWeekday });
  if (v.frequency === 'Monthly' && v.monthlyMode === 'days') {
    const days = monthlyDaysTextField.safeParse(v.monthlyDays ?? '');
    if (!days.success) issues.push({ path: 'monthlyDays', message: messages.monthlyDays });
  }
  if (v.frequency === 'Monthly' && v.monthlyMode === 'ordinal' && !v.ordinalOn?.length) {
    issues.push({ path: 'ordinalOn', message: messages.pickWeekday });
  }
  return issues;
}

/** The add form's schema: its fields plus reason and e-signature. */
export function availabilityFormSchema(eSignature: boolean) {
  return withSignature(availabilityFormFields, eSignature);
}

/**
 * The add form's validation: the schema, then the checks across fields. These run even while
 * other fields are still empty (a zod refinement would wait for the whole form), so a bad
 * monthly-days list is flagged as it is typed. `today` is read at each check, as it follows
 * the chosen CMO's zone.
 */
export function availabilityFormResolver(
  eSignature: boolean,
  today: () => string,
): Resolver<AvailabilityFormValues> {
  const schema = zodResolver(availabilityFormSchema(eSignature)) as Resolver<AvailabilityFormValues>;
  return async (values, context, options) => {
    const result = await schema(values, context, options);
    const issues = availabilityFormIssues(values, today());
    if (issues.length === 0) return result;
    const errors: FieldErrors<AvailabilityFormValues> = { ...result.errors };
    for (const { path, message } of issues) {
      const name = path as keyof AvailabilityFormValues;
      errors[name] ??= { type: 'custom', message };
    }
    return { values: {}, errors };
  };
}

/**
 * The same validation as one schema: the dialog runs it over the values to name what is still
 * missing. A field keeps its schema message first, as with the resolver.
 */
export function availabilityFormRules(eSignature: boolean, today: () => string): z.ZodType {
  const fields = availabilityFormSchema(eSignature);
  return z.unknown().superRefine((values, ctx) => {
    const parsed = fields.safeParse(values);
    for (const { path, message } of parsed.success ? [] : parsed.error.issues) {
      ctx.addIssue({ code: 'custom', path, message });
    }
    for (const { path, message } of availabilityFormIssues(values as Partial<FieldValues>, today())) {
      ctx.addIssue({ code: 'custom', path: [path], message });
    }
  });
}

/** What the add form holds (and submits: nothing is transformed). */
export type AvailabilityFormValues = z.output<ReturnType<typeof availabilityFormSchema>>;

/** The `repeat.on` a frequency sends: weekdays, month days, the nth weekday, or none. */
export function repeatOn(v: FieldValues): NonNullable<AvailabilityCreateBody['repeat']>['on'] {
  switch (v.frequency) {
    case 'Weekly':
      return weekdayCodes.filter((d) => v.weeklyOn.includes(d));
    case 'Monthly':
      return v.monthlyMode === 'days'
        ? (parseMonthlyDays(v.monthlyDays) ?? [])
        : { every: v.ordinal, on: weekdayCodes.filter((d) => v.ordinalOn.includes(d)) };
    default:
      return null;
  }
}

/** The POST /drug-availabilities body of the form's values. */
export function toCreateBody(v: AvailabilityFormValues): AvailabilityCreateBody {
  return {
    drugId: v.drugId,
    cmoId: v.cmoId,
    doses: v.doses,
    activityUnit: v.activityUnit,
    validFrom: v.validFrom,
    validUntil: v.validUntil,
    frequency: v.frequency,
    repeat: { every: v.every, on: repeatOn(v) },
    startTime: v.startTime,
    endTime: v.endTime,
    reasonForChange: v.reasonForChange,
    electronicSignature: v.electronicSignature,
  };
}

/** The form fields a server refusal may name (`repeat.on` lands on whichever picker is shown). */
export const availabilityFormFieldNames = [
  ...Object.keys(availabilityFormFields.shape),
  'reasonForChange',
  'electronicSignature',
];
