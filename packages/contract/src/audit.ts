import { z } from 'zod';

export const auditEventTypes = ['new', 'update', 'delete', 'added', 'removed'] as const;
export type AuditEventType = (typeof auditEventTypes)[number];

/** Entity types of the audit trail, named by their API path. */
export const auditEntityTypes = [
  'drug-availabilities',
  'clinical-sites',
  'cmos',
  'drugs',
  'exams',
  'groups',
  'imaging-centers',
  'orders',
  'studies',
  'timepoints',
  'users',
] as const;
export type AuditEntityType = (typeof auditEntityTypes)[number];

export const changesetEntrySchema = z.object({
  eventType: z.enum(auditEventTypes),
  changeset: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
  issuedAt: z.string(),
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
