import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  API_KEY_PREFIX,
  type ApiKeyScope,
  apiKeyScopePermissions,
  apiKeyScopes,
  configResourceOf,
  effectivePermissions,
  emptyPermissions,
  meetsRequirement,
  type PermissionAction,
  type PermissionArea,
  type Role,
  roleTypeLabels,
} from '@dosechain/contract';
import { eq } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Executor } from '../db/client.ts';
import { apiKeys, companies, users } from '../db/schema.ts';
import {
  type Principal,
  permissionsOf,
  rolesOf,
  syntheticRole,
  type UserRow,
  userGrantsSql,
  userRolesSql,
} from './principal.ts';

/**
 * An integration API key (decision 027): `dck_<public id>_<secret>`, the public id (16 hex
 * characters) finding the row, the secret 256 random bits (base64url). Only the SHA-256 of the
 * whole token is stored, so the database never holds a usable key.
 */
const PUBLIC_ID = /^[0-9a-f]{16}$/;
const SECRET = /^[A-Za-z0-9_-]{43}$/;

export interface NewApiKey {
  token: string;
  publicId: string;
  secretHash: string;
}

export const hashApiKey = (token: string): string => createHash('sha256').update(token).digest('hex');

export function generateApiKey(): NewApiKey {
  const publicId = randomBytes(8).toString('hex');
  const token = `${API_KEY_PREFIX}${publicId}_${randomBytes(32).toString('base64url')}`;
  return { token, publicId, secretHash: hashApiKey(token) };
}

/** Whether a bearer token is an API key (rather than a user's access token). */
export const isApiKeyToken = (token: string): boolean => token.startsWith(API_KEY_PREFIX);

/** The public id of a well-formed key, or null. */
function publicIdOf(token: string): string | null {
  const rest = token.slice(API_KEY_PREFIX.length);
  const [publicId, secret, ...more] = rest.split('_');
  // base64url may itself hold '_': the secret is everything after the first one.
  const wholeSecret = [secret, ...more].join('_');
  if (!publicId || !PUBLIC_ID.test(publicId) || !SECRET.test(wholeSecret)) return null;
  return publicId;
}

export const apiKeyPrefixOf = (publicId: string) => `${API_KEY_PREFIX}${publicId}`;

/** What creating a study's key takes (the route's requirement): held by whoever may keep keys working. */
const keyCreation = configResourceOf('studies').access.create;

/**
 * What a key's creator holds now, read with the key: their roles and what their groups grant
 * (`creatorHoldsKeys`). Columns of a select joined to the creator's `users` row.
 */
export const creatorAccessColumns = { creatorRoles: userRolesSql, creatorGrants: userGrantsSql };

/**
 * Whether a key's creator still holds what keeps their keys working (decision 027): they are
 * active and, in some role they can act in, hold the right that creating a key takes. Without it
 * (no group left, the permission taken away, only company roles now) their keys are suspended
 * until it returns. A lock does not count: anyone can cause one with wrong passwords.
 */
export function creatorHoldsKeys(
  creator: Pick<UserRow, 'active' | 'isAdmin' | 'isStaff'>,
  access: { creatorRoles: unknown; creatorGrants: unknown },
): boolean {
  if (!creator.active) return false;
  const roles = rolesOf(access.creatorRoles);
  const granted = permissionsOf(access.creatorGrants);
  const synthetic = syntheticRole(creator);
  const actable = roles.length > 0 ? roles : synthetic ? [synthetic] : [];
  return actable.some((role) =>
    meetsRequirement(
      { permissions: effectivePermissions(granted, role.type), roleType: role.type },
      keyCreation,
    ),
  );
}

/**
 * The principal a key acts as, or null when the token is no live key (malformed, unknown,
 * revoked, expired or suspended). The key acts in a clinical-site role of its site,
 * with only the permissions its scopes grant; its study limit is applied by the order services.
 * The principal's user is the key's creator (orders' `created_by`); the audit names the key.
 */
export async function apiKeyPrincipal(db: Executor, clock: Clock, token: string): Promise<Principal | null> {
  const publicId = publicIdOf(token);
  if (!publicId) return null;
  const [row] = await db
    .select({
      key: apiKeys,
      creator: users,
      ...creatorAccessColumns,
      siteName: companies.name,
      siteTimezone: companies.timezone,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .innerJoin(companies, eq(companies.id, apiKeys.siteId))
    .where(eq(apiKeys.publicId, publicId));
  if (!row) return null;
  const given = Buffer.from(hashApiKey(token), 'hex');
  const stored = Buffer.from(row.key.secretHash, 'hex');
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) return null;
  const { key } = row;
  if (key.revokedAt !== null || key.expiresAt.getTime() <= clock.now().getTime()) return null;
  // Suspended while its creator, the person accountable for it, is inactive or no longer holds
  // the right to create keys (decision 027).
  if (!creatorHoldsKeys(row.creator, row)) return null;
  const permissions = emptyPermissions();
  for (const scope of key.scopes) {
    if (!(apiKeyScopes as readonly string[]).includes(scope)) continue;
    const [area, action] = apiKeyScopePermissions[scope as ApiKeyScope].split('.') as [
      PermissionArea,
      PermissionAction,
    ];
    permissions[area][action] = true;
  }
  const role: Role = {
    id: null,
    name: roleTypeLabels.clinical_site,
    type: 'clinical_site',
    companyId: key.siteId,
    companyName: row.siteName,
    companyTimezone: row.siteTimezone,
  };
  return {
    user: row.creator,
    roles: [role],
    currentRole: role,
    grantedPermissions: permissions,
    permissions,
    apiKey: {
      id: key.id,
      name: key.name,
      prefix: apiKeyPrefixOf(key.publicId),
      studyId: key.studyId,
      siteId: key.siteId,
    },
  };
}
