import { z } from 'zod';
import { limits } from './limits.ts';
import { messages } from './messages.ts';
import { inputString } from './text.ts';

/** The name of the reason choice that opens the free-text field. */
export const OTHER_REASON = 'Other';

const reason = inputString().max(limits.reasonMax, messages.maxLength(limits.reasonMax)).trim();

/**
 * Fields every audited mutation accepts: the reason for change and the e-signature (the user's
 * password). Spread into a body schema.
 */
export const mutationMeta = {
  reasonForChange: reason.optional(),
  electronicSignature: inputString().max(limits.passwordMax).optional(),
};

/** The same, for calls where the reason is required (inactivate, unlock, delete). */
export const requiredReasonMeta = {
  reasonForChange: inputString({ error: messages.required })
    .min(1, messages.required)
    .refine((v) => v.trim().length > 0, messages.onlySpaces)
    .max(limits.reasonMax, messages.maxLength(limits.reasonMax))
    .trim(),
  electronicSignature: inputString().max(limits.passwordMax).optional(),
};

export const reasonForChangeSchema = z.object({ id: z.number().int(), name: z.string() });
export type ReasonForChange = z.infer<typeof reasonForChangeSchema>;
