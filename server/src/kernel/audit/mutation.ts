import { messages } from '@dosechain/contract';
import { fullName, type Principal } from '../auth/principal.ts';
import type { Tx } from '../db/client.ts';
import { validationFailed } from '../http/app-error.ts';
import type { ServiceContext } from '../http/context.ts';
import { checkESignature, signatureMethodOf } from './e-signature.ts';
import {
  type AuditActor,
  type AuditEntry,
  type AuditItem,
  type AuditStamp,
  chainWriterOf,
  diffChangeset,
} from './record.ts';

export interface MutationMeta {
  reasonForChange?: string | null;
  electronicSignature?: string | null;
}

export interface MutationOptions {
  /** What the signature means, recorded with it (e.g. "Updated CMO"). */
  meaning: string;
  /** Inactivation, unlock and deletion need a reason. */
  requireReason?: boolean;
}

/** The reason a change gives: trimmed, null when empty. */
export const reasonOf = (meta: MutationMeta): string | null => meta.reasonForChange?.trim() || null;

export type AuditWriter = (
  entry: Omit<AuditEntry, 'reason' | 'signed' | 'signatureMeaning'>,
  /** The row's id and time, taken by a statement of the work (`auditStampSql`): one round trip fewer. */
  stamp?: AuditStamp,
) => Promise<void>;

export function auditActor(actor: Principal): AuditActor {
  // An integration API key is the actor of what it does, by name and public prefix (decision 027).
  if (actor.apiKey) {
    return {
      userId: null,
      username: actor.apiKey.prefix,
      fullName: `API key ${actor.apiKey.name}`,
      roleType: actor.currentRole?.type ?? null,
    };
  }
  return {
    userId: actor.user.id,
    username: actor.user.username,
    fullName: fullName(actor.user),
    roleType: actor.currentRole?.type ?? null,
  };
}

/**
 * The one way to change audited data: checks the reason and the e-signature, then runs the
 * work in a single transaction with an audit writer that stamps actor, reason and signature.
 * The writer keeps the rows (their changesets taken at once) and they are written, chained, when
 * the work is done, right before the commit: the chain's head stays locked for the shortest time.
 */
export async function auditedMutation<T>(
  ctx: ServiceContext,
  meta: MutationMeta,
  options: MutationOptions,
  work: (tx: Tx, audit: AuditWriter) => Promise<T>,
): Promise<T> {
  const reason = reasonOf(meta);
  if (options.requireReason && !reason) {
    throw validationFailed([{ parameter: 'reasonForChange', message: messages.required, code: 'required' }]);
  }
  const signed = await checkESignature(ctx, meta.electronicSignature);
  return signedMutation(ctx, { reason, signed }, options, work);
}

/**
 * The transaction of `auditedMutation` once the e-signature was checked: one signing that
 * covers several records (a status batch) checks it once, then runs one of these per record,
 * each with its own audit row stamped with that signing.
 */
export async function signedMutation<T>(
  ctx: ServiceContext,
  { reason, signed }: { reason: string | null; signed: boolean },
  options: MutationOptions,
  work: (tx: Tx, audit: AuditWriter) => Promise<T>,
): Promise<T> {
  const actor = auditActor(ctx.actor);
  // A signature given at the identity provider says so, e.g. "Updated CMO (re-authenticated at …)".
  const method = signed ? signatureMethodOf(ctx.actor) : undefined;
  const meaning = method ? `${options.meaning} (${method})` : options.meaning;
  let appended: { done(committed: boolean): void } | undefined;
  try {
    const result = await ctx.db.transaction(async (tx) => {
      const items: AuditItem[] = [];
      const stamps: AuditStamp[] = [];
      const result = await work(tx, async (entry, stamp) => {
        const { before, after, ...rest } = entry;
        const changeset = rest.changeset ?? diffChangeset(before, after);
        items.push({
          actor,
          entry: { ...rest, changeset, reason, signed, signatureMeaning: meaning },
        });
        if (stamp) stamps.push(stamp);
      });
      // Stamps are used when every row has one (one transaction: one time).
      const stamped =
        stamps.length > 0 && stamps.length === items.length
          ? { issuedAt: stamps[0]!.issuedAt, ids: stamps.map((s) => s.id) }
          : undefined;
      if (items.length > 0) appended = await chainWriterOf(ctx.db).append(tx, items, stamped);
      return result;
    });
    appended?.done(true);
    return result;
  } catch (err) {
    appended?.done(false);
    throw err;
  }
}
