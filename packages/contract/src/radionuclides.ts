import { z } from 'zod';
import { requiredText } from './fields.ts';
import { limits } from './limits.ts';
import { messages } from './messages.ts';
import { answerInstant } from './text.ts';

/** A half-life's largest number, in its unit, and its most decimal places (numeric(13, 6): stored exactly). */
export const HALF_LIFE_MAX = 1_000_000;
export const HALF_LIFE_DECIMALS = 6;

import { mutationMeta } from './mutation.ts';

/** The units a half-life is written in: minutes, hours, days. */
export const halfLifeUnits = ['min', 'h', 'd'] as const;
export type HalfLifeUnit = (typeof halfLifeUnits)[number];

/** As a unit choice reads. */
export const halfLifeUnitLabels: Record<HalfLifeUnit, string> = { min: 'minutes', h: 'hours', d: 'days' };

/** A half-life as people read it, in the unit it was given in: "109.77 min", "6.0058 h". */
export const formatHalfLife = (value: number, unit: HalfLifeUnit): string => `${value} ${unit}`;

/** At most `HALF_LIFE_DECIMALS` digits after the point, so the number is stored exactly as given. */
const decimalsOk = (v: number) => new RegExp(`^-?\\d+(\\.\\d{1,${HALF_LIFE_DECIMALS}})?$`).test(String(v));

/** A half-life's number, positive, stored exactly (numeric) in its unit. */
export const halfLifeField = z
  .number({ error: messages.required })
  .positive(messages.greaterThanZero)
  .max(HALF_LIFE_MAX, messages.maxValue(HALF_LIFE_MAX))
  .refine(decimalsOk, messages.maxDecimals(HALF_LIFE_DECIMALS));

export const radionuclideFieldsSchema = z.strictObject({
  name: requiredText(limits.nameMax),
  halfLife: halfLifeField,
  halfLifeUnit: z.enum(halfLifeUnits, { error: messages.required }),
});

export const radionuclideCreateBodySchema = radionuclideFieldsSchema.extend(mutationMeta);
export type RadionuclideCreateBody = z.input<typeof radionuclideCreateBodySchema>;

/** A partial update; `active` toggles it (inactivation needs a reason, and no active drug may use it). */
export const radionuclideUpdateBodySchema = radionuclideFieldsSchema
  .partial()
  .extend({ ...mutationMeta, active: z.boolean().optional() });
export type RadionuclideUpdateBody = z.input<typeof radionuclideUpdateBodySchema>;

export const radionuclideSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    halfLife: z.number(),
    halfLifeUnit: z.enum(halfLifeUnits),
    active: z.boolean(),
    createdAt: answerInstant(),
    updatedAt: answerInstant(),
  })
  .meta({ id: 'Radionuclide' });
export type Radionuclide = z.infer<typeof radionuclideSchema>;
