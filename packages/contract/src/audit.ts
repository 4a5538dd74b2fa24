import { z } from 'zod';
import { configResourceKeys } from './resources.ts';
import { answerInstant, inputString, instantField } from './text.ts';

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

/** Names the layout of a checkpoint (`GET /audit-logs/checkpoint`); another layout needs another name. */
export const AUDIT_CHECKPOINT_FORMAT = 'dosechain.audit-checkpoint.v1';

const chainHex = inputString().regex(/^[0-9a-f]{64}$/, 'Must be 64 lowercase hexadecimal characters');

/**
 * `GET /audit-logs/checkpoint` (decision 015, issue 31): where the audit trail's chain ended when
 * it was issued, to keep outside the database. `position`: the newest chained entry's place in
 * the chain (0: nothing chained yet); `chainHmac`: that entry's chain value; `count`: the trail's
 * entries up to it (chained, and those from before the chain); `signature`: HMAC-SHA256 of the
 * rest under a key derived from the server's audit key, so that only the server issues one.
 */
export const auditCheckpointSchema = z
  .object({
    format: z.literal(AUDIT_CHECKPOINT_FORMAT),
    position: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
    chainHmac: chainHex,
    count: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
    issuedAt: instantField(),
    signature: chainHex,
  })
  .strict();
export type AuditCheckpoint = z.infer<typeof auditCheckpointSchema>;

/** `POST /audit-logs/verify`: the chain verified, and the checkpoint's entry looked for in it. */
export const auditVerifyBodySchema = z.object({ checkpoint: auditCheckpointSchema }).strict();

/**
 * Which check of a checkpoint failed: its entry is no longer in the chain (`entryMissing`: the
 * trail's end moved back below it), sits there with another chain value (`entryChanged`: the
 * trail was cut back and written again), or the trail up to it no longer holds `count` entries
 * (`countChanged`: entries from before the chain removed). null: it is in the chain as issued.
 */
export const auditCheckpointFailures = ['entryMissing', 'entryChanged', 'countChanged'] as const;
export type AuditCheckpointFailure = (typeof auditCheckpointFailures)[number];

/**
 * The audit trail's verification as the server answers it: the chain's (above), and
 * `endMovedBack` when the chain now ends before the newest entry this server had written or
 * verified (`from`: that entry's position; `to`: where the chain's head is now), and, when a
 * checkpoint was given, what became of it. `ok` only when all of them hold.
 */
export const auditTrailVerificationSchema = auditChainVerificationSchema.extend({
  endMovedBack: z.object({ from: z.number().int(), to: z.number().int() }).nullable(),
  checkpoint: z
    .object({
      position: z.number().int(),
      issuedAt: z.string(),
      failed: z.enum(auditCheckpointFailures).nullable(),
    })
    .nullable(),
});
export type AuditTrailVerification = z.infer<typeof auditTrailVerificationSchema>;
