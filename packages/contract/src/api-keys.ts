import { z } from 'zod';
import { ID_MAX, namedRefSchema, requiredText } from './fields.ts';
import { limits } from './limits.ts';
import { messages } from './messages.ts';
import { mutationMeta, requiredReasonMeta } from './mutation.ts';
import type { Permission } from './permissions.ts';
import { answerInstant } from './text.ts';

/**
 * Integration API keys (issue 22, decision 027): a study's key, bound to one of its clinical
 * sites, lets a sponsor's system read and place that site's orders of that study.
 */

/** Every key starts with this, so a leaked one is recognisable (and secret scanners can find it). */
export const API_KEY_PREFIX = 'dck_';

/** What a key may do; each scope is the one permission it grants. */
export const apiKeyScopes = ['orders:read', 'orders:place'] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

export const apiKeyScopeLabels: Record<ApiKeyScope, string> = {
  'orders:read': 'Read orders',
  'orders:place': 'Place orders',
};

export const apiKeyScopePermissions: Record<ApiKeyScope, Permission> = {
  'orders:read': 'order.read',
  'orders:place': 'order.create',
};

/**
 * `suspended`: its creator, the person accountable for it, is inactive or no longer holds the
 * right that creating a key takes (no group left, the permission taken away) — the key answers
 * 401 until that user is active and holds it again (a key is never a credential nobody answers
 * for). A lock does not suspend: anyone can cause one.
 */
export const apiKeyStatuses = ['active', 'suspended', 'expired', 'revoked'] as const;
export type ApiKeyStatus = (typeof apiKeyStatuses)[number];

const idField = z.number({ error: messages.required }).int().positive().max(ID_MAX, messages.invalidValue);

export const apiKeyCreateBodySchema = z.strictObject({
  name: requiredText(limits.nameMax),
  /** The clinical site the key orders for: one the study is paired with. */
  siteId: idField,
  scopes: z
    .array(z.enum(apiKeyScopes, { error: messages.invalidValue }), { error: messages.required })
    .min(1, messages.required)
    .max(apiKeyScopes.length, messages.invalidValue)
    .refine((s) => new Set(s).size === s.length, messages.invalidValue),
  /** The key expires this many days after its creation (required, at most a year). */
  validDays: z
    .number({ error: messages.required })
    .int(messages.wholeNumber)
    .min(1, messages.minValue(1))
    .max(limits.apiKeyValidDaysMax, messages.maxValue(limits.apiKeyValidDaysMax)),
  ...mutationMeta,
});
export type ApiKeyCreateBody = z.input<typeof apiKeyCreateBodySchema>;

/** Revoking a key needs a reason. */
export const apiKeyRevokeBodySchema = z.strictObject(requiredReasonMeta);
export type ApiKeyRevokeBody = z.input<typeof apiKeyRevokeBodySchema>;

export const apiKeySchema = z
  .object({
    id: z.number().int(),
    studyId: z.number().int(),
    name: z.string(),
    /** The key's public part (`dck_` and its id), shown to tell keys apart; never the secret. */
    prefix: z.string(),
    site: namedRefSchema,
    scopes: z.array(z.enum(apiKeyScopes)),
    status: z.enum(apiKeyStatuses),
    expiresAt: answerInstant(),
    revokedAt: answerInstant().nullable(),
    revocationReason: z.string().nullable(),
    createdAt: answerInstant(),
    createdBy: z.string(),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to a creation: the key and, this once, its secret. */
export const apiKeyCreatedSchema = apiKeySchema.extend({ secret: z.string() }).meta({ id: 'ApiKeyCreated' });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

export const apiKeyParams = z.object({
  id: z.coerce.number().int().positive(),
  keyId: z.coerce.number().int().positive(),
});
