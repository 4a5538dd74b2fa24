import { z } from 'zod';
import { requiredText } from './fields.ts';
import { limits } from './limits.ts';
import { mutationMeta } from './mutation.ts';
import { answerInstant } from './text.ts';

export const timepointFieldsSchema = z.strictObject({ name: requiredText(limits.nameMax) });

export const timepointCreateBodySchema = timepointFieldsSchema.extend(mutationMeta);
export type TimepointCreateBody = z.input<typeof timepointCreateBodySchema>;

export const timepointUpdateBodySchema = timepointFieldsSchema.partial().extend(mutationMeta);
export type TimepointUpdateBody = z.input<typeof timepointUpdateBodySchema>;

export const timepointSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    createdAt: answerInstant(),
    updatedAt: answerInstant(),
  })
  .meta({ id: 'Timepoint' });
export type Timepoint = z.infer<typeof timepointSchema>;
