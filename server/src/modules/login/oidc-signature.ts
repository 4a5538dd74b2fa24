import { eq } from 'drizzle-orm';
import type { AuthContext } from '../../kernel/auth/credentials.ts';
import { type ProvenIdentity, REAUTH_MAX_AGE_SECONDS } from '../../kernel/auth/identity-provider.ts';
import { issueOidcGrant } from '../../kernel/auth/oidc-grants.ts';
import { users } from '../../kernel/db/schema.ts';

/** Why a re-authentication signs nothing; the signing popup tells the page. */
export class SignatureRefused extends Error {
  constructor(readonly code: 'STALE' | 'OTHER_PERSON' | 'FAILED') {
    super(code);
  }
}

/** A clock a little ahead of the provider's must not make a fresh authentication look future. */
const SKEW_SECONDS = 30;

/**
 * The one-time signature token of a re-authentication at the provider (21 CFR 11.200: each
 * signing a deliberate act of the signer): the identity must be the signer's linked subject and
 * have authenticated within the last two minutes (auth_time). The token is bound to the signer,
 * valid two minutes and used once, by the mutation it signs (decision 056).
 */
export async function signatureOfIdentity(
  ctx: AuthContext,
  signerId: number,
  identity: ProvenIdentity,
): Promise<string> {
  const [signer] = await ctx.db.select().from(users).where(eq(users.id, signerId));
  if (!signer?.active) throw new SignatureRefused('FAILED');
  if (signer.oidcIssuer !== identity.issuer || signer.oidcSubject !== identity.subject) {
    ctx.log.warn(
      { event: 'oidc.signature_other_person', userId: signerId },
      're-authenticated as someone else',
    );
    throw new SignatureRefused('OTHER_PERSON');
  }
  const now = ctx.clock.now();
  const age =
    identity.authTime === null ? Number.POSITIVE_INFINITY : now.getTime() / 1000 - identity.authTime;
  if (age > REAUTH_MAX_AGE_SECONDS || age < -SKEW_SECONDS) throw new SignatureRefused('STALE');
  return issueOidcGrant(ctx.db, { kind: 'signature', userId: signerId, issuer: identity.issuer }, now);
}
