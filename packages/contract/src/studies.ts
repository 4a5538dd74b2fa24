import { z } from 'zod';
import { emailField, ID_MAX, namedRefSchema, requiredText } from './fields.ts';
import { limits } from './limits.ts';
import { messages } from './messages.ts';
import { mutationMeta, requiredReasonMeta } from './mutation.ts';
import { companyTypes } from './roles.ts';
import { answerInstant } from './text.ts';

/** The longest distribution list a study keeps; far above any real one, it bounds a request. */
export const DISTRIBUTION_LIST_MAX = 500;

/**
 * One row of a study's e-mail distribution list. Without a company type the row gets every
 * order of the study; with one, the orders of the listed companies of that type.
 */
export const distributionEntryInputSchema = z
  .strictObject({
    name: requiredText(limits.nameMax),
    email: emailField,
    companyType: z.enum(companyTypes).nullish(),
    companyIds: z
      .array(z.number().int().positive().max(ID_MAX, messages.invalidValue))
      .max(DISTRIBUTION_LIST_MAX)
      .default([]),
  })
  .superRefine((entry, ctx) => {
    if (entry.companyType && entry.companyIds.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['companyIds'], message: messages.required });
    }
    if (!entry.companyType && entry.companyIds.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['companyType'], message: messages.required });
    }
  });
export type DistributionEntryInput = z.input<typeof distributionEntryInputSchema>;

/** The part of a row that decides which orders' mails it receives. */
interface DistributionReach {
  email: string;
  companyType?: string | null;
}

/**
 * Rows that repeat an earlier row (decision 045): the same address, compared trimmed and without
 * case, where both rows can reach the same orders: the same company type, or either without one
 * (which reaches every order of the study). The same address for a CMO and for a site is kept:
 * each reaches other orders, and an order's mail goes once to an address.
 */
export function duplicateDistributionRows(
  rows: readonly DistributionReach[],
): { index: number; firstIndex: number }[] {
  const seen = new Map<string, { index: number; type: string | null }[]>();
  const found: { index: number; firstIndex: number }[] = [];
  rows.forEach((row, index) => {
    const address = row.email.trim().toLowerCase();
    if (address === '') return;
    const type = row.companyType || null;
    const before = seen.get(address) ?? [];
    const first = before.find((b) => b.type === null || type === null || b.type === type);
    if (first) found.push({ index, firstIndex: first.index });
    else seen.set(address, [...before, { index, type }]);
  });
  return found;
}

const distributionList = z
  .array(distributionEntryInputSchema)
  .max(DISTRIBUTION_LIST_MAX)
  .superRefine((rows, ctx) => {
    for (const { index, firstIndex } of duplicateDistributionRows(rows)) {
      ctx.addIssue({
        code: 'custom',
        path: [index, 'email'],
        message: messages.distributionEmailDuplicate(firstIndex + 1),
      });
    }
  });

export const studyFieldsSchema = z.strictObject({
  name: requiredText(limits.nameMax),
  sponsor: requiredText(limits.nameMax),
});

export const studyCreateBodySchema = studyFieldsSchema.extend({
  ...mutationMeta,
  distributionList: distributionList.optional(),
});
export type StudyCreateBody = z.input<typeof studyCreateBodySchema>;

/**
 * A partial update; `active` toggles the study (inactivation needs a reason) and
 * `distributionList` replaces the whole list.
 */
export const studyUpdateBodySchema = studyFieldsSchema.partial().extend({
  ...mutationMeta,
  active: z.boolean().optional(),
  distributionList: distributionList.optional(),
});
export type StudyUpdateBody = z.input<typeof studyUpdateBodySchema>;

export const distributionEntrySchema = z.object({
  name: z.string(),
  email: z.string(),
  companyType: z.enum(companyTypes).nullable(),
  companies: z.array(namedRefSchema),
});
export type DistributionEntry = z.infer<typeof distributionEntrySchema>;

export const studySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    sponsor: z.string(),
    active: z.boolean(),
    createdAt: answerInstant(),
    updatedAt: answerInstant(),
    /** Answered by `GET /studies/{id}` and by changes, not by the list. */
    distributionList: z.array(distributionEntrySchema).optional(),
  })
  .meta({ id: 'Study' });
export type Study = z.infer<typeof studySchema>;

/** A study's pairing: which CMO makes the exam's drug for one site. */
export const pairingCreateBodySchema = z.strictObject({
  examId: z.number({ error: messages.required }).int().positive().max(ID_MAX, messages.invalidValue),
  siteId: z.number({ error: messages.required }).int().positive().max(ID_MAX, messages.invalidValue),
  cmoId: z.number({ error: messages.required }).int().positive().max(ID_MAX, messages.invalidValue),
  ...mutationMeta,
});
export type PairingCreateBody = z.input<typeof pairingCreateBodySchema>;

/** Deleting a pairing needs a reason. */
export const pairingDeleteBodySchema = z.strictObject(requiredReasonMeta);
export type PairingDeleteBody = z.input<typeof pairingDeleteBodySchema>;

export const pairingSchema = z.object({
  id: z.number().int(),
  studyId: z.number().int(),
  exam: namedRefSchema.extend({ drug: namedRefSchema }),
  site: namedRefSchema,
  cmo: namedRefSchema,
  createdAt: answerInstant(),
});
export type Pairing = z.infer<typeof pairingSchema>;

export const pairingParams = z.object({
  id: z.coerce.number().int().positive(),
  pairingId: z.coerce.number().int().positive(),
});
