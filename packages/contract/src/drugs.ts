import { z } from 'zod';
import { ID_MAX, namedRefSchema, optionalText, requiredText } from './fields.ts';
import { limits } from './limits.ts';
import { messages } from './messages.ts';
import { mutationMeta } from './mutation.ts';
import { activityField, activityWarningPercentField } from './order-activity.ts';
import { answerInstant } from './text.ts';

export const drugFieldsSchema = z.strictObject({
  name: requiredText(limits.nameMax),
  otherName: optionalText(limits.nameMax),
  /** Its radionuclide (an active one); none (null) for a drug that is not radioactive. */
  radionuclideId: z.number().int().positive().max(ID_MAX, messages.invalidValue).nullish(),
  /** The most activity one order may request, in MBq (an order in mCi is compared ×37); none: no limit. */
  maxActivityMbq: activityField.nullish(),
  /** Warn when less than this percent of the requested activity is left at delivery; none: 50. */
  activityWarningPercent: activityWarningPercentField.nullish(),
  /**
   * A receipt's assay off the expected activity by more than this percent is a deviation
   * (issue 35); none: `RECEIPT_TOLERANCE_DEFAULT_PERCENT` (10). Whole percent, 1..100.
   */
  receiptTolerancePercent: activityWarningPercentField.nullish(),
});

export const drugCreateBodySchema = drugFieldsSchema.extend(mutationMeta);
export type DrugCreateBody = z.input<typeof drugCreateBodySchema>;

/** A partial update; `active` toggles the drug (inactivation needs a reason). */
export const drugUpdateBodySchema = drugFieldsSchema
  .partial()
  .extend({ ...mutationMeta, active: z.boolean().optional() });
export type DrugUpdateBody = z.input<typeof drugUpdateBodySchema>;

export const drugSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    otherName: z.string().nullable(),
    radionuclide: namedRefSchema.extend({ active: z.boolean() }).nullable(),
    maxActivityMbq: z.number().nullable(),
    activityWarningPercent: z.number().int().nullable(),
    receiptTolerancePercent: z.number().int().nullable(),
    active: z.boolean(),
    createdAt: answerInstant(),
    updatedAt: answerInstant(),
  })
  .meta({ id: 'Drug' });
export type Drug = z.infer<typeof drugSchema>;
