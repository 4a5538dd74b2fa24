import {
  type ApiKey,
  type ApiKeyCreated,
  type ApiKeyScope,
  type ApiKeyStatus,
  type apiKeyCreateBodySchema,
  type apiKeyRevokeBodySchema,
  apiKeyScopeLabels,
  apiKeyScopes,
  type ListQuery,
  type ListResponse,
  messages,
} from '@dosechain/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { auditedMutation } from '../../kernel/audit/mutation.ts';
import {
  apiKeyPrefixOf,
  creatorAccessColumns,
  creatorHoldsKeys,
  generateApiKey,
} from '../../kernel/auth/api-key.ts';
import { fullName } from '../../kernel/auth/principal.ts';
import type { Executor } from '../../kernel/db/client.ts';
import { apiKeys, companies, studyPairings, users } from '../../kernel/db/schema.ts';
import { isStorableId } from '../../kernel/db/storable-id.ts';
import { AppError, notFound, validationFailed } from '../../kernel/http/app-error.ts';
import type { ServiceContext } from '../../kernel/http/context.ts';
import {
  defineListResource,
  type ListItem,
  type ListJoin,
  listAnswer,
  listPlan,
  pageAndTotal,
  withJoins,
} from '../../kernel/http/list-query.ts';
import { findCompany } from '../companies/index.ts';
import { foundOr404 } from '../shared/index.ts';
import { findStudy } from '../studies/index.ts';

export const apiKeyList = defineListResource({
  fields: {
    id: { column: apiKeys.id, type: 'number', key: 'id' },
    name: { column: apiKeys.name, type: 'text', key: 'name' },
    site_name: { column: companies.name, type: 'text', key: 'site' },
    expires_at: { column: apiKeys.expiresAt, type: 'datetime', key: 'expiresAt' },
    revoked_at: { column: apiKeys.revokedAt, type: 'datetime', key: 'revokedAt' },
    created_at: { column: apiKeys.createdAt, type: 'datetime', key: 'createdAt' },
  },
  searchFields: ['name', 'site_name'],
  defaultSort: '-created_at',
});

const keyColumns = {
  key: apiKeys,
  siteName: companies.name,
  creatorFirst: users.firstName,
  creatorLast: users.lastName,
  creator: { active: users.active, isAdmin: users.isAdmin, isStaff: users.isStaff },
  ...creatorAccessColumns,
};

const keyJoins: ListJoin[] = [
  { table: companies, on: eq(companies.id, apiKeys.siteId) },
  { table: users, on: eq(users.id, apiKeys.createdBy) },
];

/** Keys with their site's name and their creator: the list's source (`pageAndTotal`). */
function keySource(db: Executor) {
  return { select: db.select(keyColumns).from(apiKeys).$dynamic(), base: apiKeys, joins: keyJoins };
}

function selectKeys(db: Executor) {
  return withJoins(keySource(db).select, keyJoins);
}
type KeyRow = Awaited<ReturnType<ReturnType<typeof selectKeys>['execute']>>[number];

function statusOf(row: KeyRow, now: Date): ApiKeyStatus {
  const { key } = row;
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt.getTime() <= now.getTime()) return 'expired';
  return creatorHoldsKeys(row.creator, row) ? 'active' : 'suspended';
}

const toApiKey = (r: KeyRow, now: Date): ApiKey => ({
  id: r.key.id,
  studyId: r.key.studyId,
  name: r.key.name,
  prefix: apiKeyPrefixOf(r.key.publicId),
  site: { id: r.key.siteId, name: r.siteName },
  scopes: r.key.scopes.filter((s): s is ApiKeyScope => (apiKeyScopes as readonly string[]).includes(s)),
  status: statusOf(r, now),
  expiresAt: r.key.expiresAt.toISOString(),
  revokedAt: r.key.revokedAt?.toISOString() ?? null,
  revocationReason: r.key.revocationReason,
  createdAt: r.key.createdAt.toISOString(),
  createdBy: fullName({ firstName: r.creatorFirst, lastName: r.creatorLast }),
});

/**
 * A key as one line of the study's audit trail: never its secret. Its expiry stays an ISO instant in
 * the record; the audit trail's screen writes it with the zone (changes.ts).
 */
const describeKey = (k: ApiKey) =>
  `${k.name} (${k.prefix}) · ${k.site.name} · ${k.scopes.map((s) => apiKeyScopeLabels[s]).join(', ')} · expires ${k.expiresAt}`;

async function requireStudy(db: Executor, studyId: number) {
  return foundOr404('studies', await findStudy(db, studyId));
}

async function findKey(db: Executor, studyId: number, keyId: number, now: Date) {
  if (!isStorableId(keyId)) return undefined;
  const [row] = await selectKeys(db).where(and(eq(apiKeys.studyId, studyId), eq(apiKeys.id, keyId)));
  return row ? toApiKey(row, now) : undefined;
}

/** One page of a study's API keys (never their secrets); 404 'Study not found'. */
export async function listApiKeys(
  ctx: ServiceContext,
  studyId: number,
  query: ListQuery,
): Promise<ListResponse<ListItem<ApiKey>>> {
  await requireStudy(ctx.db, studyId);
  const plan = listPlan(apiKeyList, query, eq(apiKeys.studyId, studyId));
  const now = ctx.clock.now();
  const { rows, total } = await pageAndTotal(ctx.db, plan, keySource(ctx.db));
  return listAnswer(
    plan,
    rows.map((r) => toApiKey(r, now)),
    total,
  );
}

/** The site a key orders for: a clinical site the study is paired with; a 400 on `siteId` otherwise. */
async function checkSite(tx: Executor, studyId: number, siteId: number) {
  const site = await findCompany(tx, 'clinical_site', siteId);
  if (!site) throw validationFailed([{ parameter: 'siteId', message: messages.notFound('Clinical Site') }]);
  const [paired] = await tx
    .select({ id: studyPairings.id })
    .from(studyPairings)
    .where(and(eq(studyPairings.studyId, studyId), eq(studyPairings.siteId, siteId)))
    .limit(1);
  if (!paired) throw validationFailed([{ parameter: 'siteId', message: messages.apiKeySiteNotPaired }]);
}

/**
 * Creates a study's API key for one of its sites: stores the SHA-256 of the token and answers
 * the token this once. Signed and audited on the study (the secret never in the audit trail).
 */
export async function createApiKey(
  ctx: ServiceContext,
  studyId: number,
  input: z.output<typeof apiKeyCreateBodySchema>,
): Promise<ApiKeyCreated> {
  await requireStudy(ctx.db, studyId);
  const now = ctx.clock.now();
  const generated = generateApiKey();
  return auditedMutation(ctx, input, { meaning: 'Created API Key' }, async (tx, audit) => {
    await checkSite(tx, studyId, input.siteId);
    const [row] = await tx
      .insert(apiKeys)
      .values({
        publicId: generated.publicId,
        secretHash: generated.secretHash,
        name: input.name,
        studyId,
        siteId: input.siteId,
        scopes: apiKeyScopes.filter((s) => input.scopes.includes(s)),
        expiresAt: new Date(now.getTime() + input.validDays * 86_400_000),
        createdBy: ctx.actor.user.id,
      })
      .returning({ id: apiKeys.id });
    const key = (await findKey(tx, studyId, row!.id, now))!;
    await audit({
      entityType: 'studies',
      entityId: studyId,
      eventType: 'added',
      changeset: { apiKeys: [null, describeKey(key)] },
    });
    return { ...key, secret: generated.token };
  });
}

/** Revokes a study's key, with a reason: it gets 401 from then on. Audited on the study. */
export async function revokeApiKey(
  ctx: ServiceContext,
  studyId: number,
  keyId: number,
  input: z.output<typeof apiKeyRevokeBodySchema>,
): Promise<ApiKey> {
  await requireStudy(ctx.db, studyId);
  const now = ctx.clock.now();
  const before = await findKey(ctx.db, studyId, keyId, now);
  if (!before) throw notFound(messages.notFound('API Key'));
  return auditedMutation(
    ctx,
    input,
    { meaning: 'Revoked API Key', requireReason: true },
    async (tx, audit) => {
      // Revoked once: a concurrent revocation finds nothing left to revoke.
      const revoked = await tx
        .update(apiKeys)
        .set({ revokedAt: now, revocationReason: input.reasonForChange, updatedAt: now })
        .where(and(eq(apiKeys.id, keyId), eq(apiKeys.studyId, studyId), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id });
      if (revoked.length === 0) {
        throw new AppError(409, 'INVALID_STATUS_TRANSITION', messages.apiKeyRevoked);
      }
      const key = (await findKey(tx, studyId, keyId, now))!;
      await audit({
        entityType: 'studies',
        entityId: studyId,
        eventType: 'update',
        changeset: { [`apiKey ${key.prefix}`]: [before.status, `revoked (${key.name})`] },
      });
      return key;
    },
  );
}
