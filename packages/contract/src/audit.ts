import { z } from 'zod';
import { configResourceKeys } from './resources.ts';
import { answerInstant } from './text.ts';

export const auditEventTypes = ['new', 'update', 'delete', 'added', 'removed'] as const;
export type AuditEventType = (typeof auditEventTypes)[number];

/**
 * Entity types of the audit trail, named by their API path: every configuration entity (the
 * registry's keys) and the records that are not configuration (availabilities, orders, outgoing mails).
 */
export const auditEntityTypes = [...configResourceKeys, 'drug-availabilities', 'orders', 'mails'] as const;
export type AuditEntityType = (typeof auditEntityTypes)[number];

export const changesetEntrySchema = z.object({
  eventType: z.enum(auditEventTypes),
  changeset: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
  issuedAt: answerInstant(),
  issuedBy: z.object({ fullName: z.string(), username: z.string() }),
  reason: z.string().nullable(),
  /** Whether the change was e-signed (21 CFR 11.50): by `issuedBy`, at `issuedAt`, meaning `signatureMeaning`. */
  signed: z.boolean(),
  /** What the signature means, e.g. "Created Drug"; null when the entry was not signed. */
  signatureMeaning: z.string().nullable(),
});
export type ChangesetEntry = z.infer<typeof changesetEntrySchema>;

export const changesetParams = z.object({
  entityType: z.enum(auditEntityTypes),
  entityId: z.coerce.number().int().positive(),
});

/**
 * `GET /audit-logs/verify`: the audit trail's chain checked from its first entry to its newest
 * (decision 015). `checked`: chained entries read; `broken`: those that do not match their chain
 * value, position or predecessor (`firstBrokenId` the first of them in chain order); `unchained`:
 * entries written before the chain existed, which it does not cover; `headMatches`: the newest
 * entry is the one the chain's head records (false: newest entries removed, or the head altered).
 */
export const auditChainVerificationSchema = z.object({
  ok: z.boolean(),
  checked: z.number().int().nonnegative(),
  firstBrokenId: z.number().int().nullable(),
  broken: z.number().int().nonnegative(),
  unchained: z.number().int().nonnegative(),
  headMatches: z.boolean(),
});
export type AuditChainVerification = z.infer<typeof auditChainVerificationSchema>;
