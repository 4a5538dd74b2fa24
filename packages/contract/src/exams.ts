import { z } from 'zod';
import { ID_MAX, namedRefSchema, requiredText } from './fields.ts';
import { limits } from './limits.ts';
import { messages } from './messages.ts';
import { mutationMeta } from './mutation.ts';
import { answerInstant } from './text.ts';

const drugId = z.number({ error: messages.required }).int().positive().max(ID_MAX, messages.invalidValue);

export const examFieldsSchema = z.strictObject({
  name: requiredText(limits.nameMax),
  drugId,
});

export const examCreateBodySchema = examFieldsSchema.extend(mutationMeta);
export type ExamCreateBody = z.input<typeof examCreateBodySchema>;

/** A partial update; `active` toggles the exam (inactivation needs a reason). */
export const examUpdateBodySchema = examFieldsSchema
  .partial()
  .extend({ ...mutationMeta, active: z.boolean().optional() });
export type ExamUpdateBody = z.input<typeof examUpdateBodySchema>;

export const examSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    drug: namedRefSchema.extend({ active: z.boolean() }),
    active: z.boolean(),
    createdAt: answerInstant(),
    updatedAt: answerInstant(),
  })
  .meta({ id: 'Exam' });
export type Exam = z.infer<typeof examSchema>;
