import { createHash } from 'node:crypto';
import { messages, type PlaceOrderAnswer } from '@dosechain/contract';
import { and, type Column, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Principal } from '../../kernel/auth/principal.ts';
import type { Executor } from '../../kernel/db/client.ts';
import { keyExpiry } from '../../kernel/db/idempotency-expiry.ts';
import { idempotencyKeys } from '../../kernel/db/schema.ts';
import { AppError } from '../../kernel/http/app-error.ts';

/**
 * Whose keys an Idempotency-Key is among (decision 016): an API key's own, by its id; a person's
 * in the role they act in. Never a creator's for all their API keys (each key is another site's
 * or study's integration), nor one person's across their companies.
 */
export interface KeyOwner {
  /** The person, or the creator of the API key (who answers for its orders). */
  userId: number;
  /** The person's role; null for a synthetic staff/admin role and for an API key. */
  roleId: number | null;
  apiKeyId: number | null;
}

export function keyOwnerOf(actor: Principal): KeyOwner {
  if (actor.apiKey) return { userId: actor.user.id, roleId: null, apiKeyId: actor.apiKey.id };
  return { userId: actor.user.id, roleId: actor.currentRole?.id ?? null, apiKeyId: null };
}

/** One `POST /orders` sent with an Idempotency-Key: whose, which key, which order it asks for. */
export interface IdempotentPlacement {
  owner: KeyOwner;
  key: string;
  requestHash: string;
}

/** JSON with its keys sorted, so the same order hashes alike however its fields were sent. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The placement a key names: the order's fields hashed, the e-signature left out (a repeat may
 * be signed again with the same password, and the hash must never carry it).
 */
export function idempotentPlacement(
  owner: KeyOwner,
  key: string | undefined,
  body: Record<string, unknown>,
): IdempotentPlacement | undefined {
  if (key === undefined) return undefined;
  const { electronicSignature: _signature, ...order } = body;
  const requestHash = createHash('sha256').update(canonical(order)).digest('base64url');
  return { owner, key, requestHash };
}

const reused = () =>
  new AppError(422, 'IDEMPOTENCY_KEY_REUSED', messages.idempotencyKeyReused, [
    { code: 'IDEMPOTENCY_KEY_REUSED', message: messages.idempotencyKeyReused, parameter: 'Idempotency-Key' },
  ]);

/** `column = value`, or `is null` for null: the unique key treats nulls as equal. */
const sameAs = (column: Column, value: number | null) =>
  value === null ? isNull(column) : eq(column, value);

const ofKey = ({ owner, key }: IdempotentPlacement) =>
  and(
    eq(idempotencyKeys.userId, owner.userId),
    sameAs(idempotencyKeys.roleId, owner.roleId),
    sameAs(idempotencyKeys.apiKeyId, owner.apiKeyId),
    eq(idempotencyKeys.key, key),
  );

/** What a stored key says: its answer, or 422 when it was sent for another order. */
function storedAnswer(
  p: IdempotentPlacement,
  row: { requestHash: string; answer: unknown } | undefined,
): PlaceOrderAnswer | undefined {
  if (!row) return undefined;
  if (row.requestHash !== p.requestHash) throw reused();
  return (row.answer ?? undefined) as PlaceOrderAnswer | undefined;
}

/**
 * The answer a live key already got (a repeat after the first placement committed), if any. Asked
 * only once the repeat passed the checks a new placement passes (scope, e-signature).
 */
export async function earlierAnswer(
  db: Executor,
  p: IdempotentPlacement,
  now: Date,
): Promise<PlaceOrderAnswer | undefined> {
  const [row] = await db
    .select({ requestHash: idempotencyKeys.requestHash, answer: idempotencyKeys.answer })
    .from(idempotencyKeys)
    .where(and(ofKey(p), sql`${idempotencyKeys.createdAt} >= ${keyExpiry(now).toISOString()}::timestamptz`));
  return storedAnswer(p, row);
}

/** Thrown inside the placement's transaction when another request with the key placed the order. */
export class AlreadyPlaced extends Error {
  constructor(readonly answer: PlaceOrderAnswer) {
    super('already placed under this Idempotency-Key');
  }
}

/**
 * The placement transaction's first statement: takes the key (an expired one is taken over).
 * A request holding the same key concurrently makes this wait for its commit on the primary
 * key; then its answer is thrown as `AlreadyPlaced` (the transaction rolls back, nothing placed).
 */
export async function claimKey(tx: Executor, p: IdempotentPlacement, now: Date): Promise<void> {
  const [claimed] = await tx
    .insert(idempotencyKeys)
    .values({ ...p.owner, key: p.key, requestHash: p.requestHash, answer: null, createdAt: now })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.roleId, idempotencyKeys.apiKeyId, idempotencyKeys.key],
      set: { requestHash: p.requestHash, answer: null, createdAt: now },
      setWhere: lt(idempotencyKeys.createdAt, keyExpiry(now)),
    })
    .returning({ userId: idempotencyKeys.userId });
  if (claimed) return;
  const [row] = await tx
    .select({ requestHash: idempotencyKeys.requestHash, answer: idempotencyKeys.answer })
    .from(idempotencyKeys)
    .where(ofKey(p));
  const answer = storedAnswer(p, row);
  if (!answer) throw new Error('a live Idempotency-Key without its answer');
  throw new AlreadyPlaced(answer);
}

/** The placement's answer, kept with its key in the same transaction. */
export async function keepAnswer(
  tx: Executor,
  p: IdempotentPlacement,
  answer: PlaceOrderAnswer,
): Promise<void> {
  await tx.update(idempotencyKeys).set({ answer }).where(ofKey(p));
}
