import { randomBytes } from 'node:crypto';
import { messages, type OidcLoginError } from '@dosechain/contract';
import { and, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../kernel/audit/record.ts';
import { type AuthContext, selfActor } from '../../kernel/auth/credentials.ts';
import type { ProvenIdentity } from '../../kernel/auth/identity-provider.ts';
import { isLockedAt } from '../../kernel/auth/lockout.ts';
import { hashPassword } from '../../kernel/auth/password.ts';
import type { UserRow } from '../../kernel/auth/principal.ts';
import { users } from '../../kernel/db/schema.ts';

/** Why a sign-in with the provider found no usable DoseChain user; the login page says it. */
export class OidcSignInRefused extends Error {
  constructor(
    readonly code: OidcLoginError,
    readonly email: string | null = null,
  ) {
    super(code);
  }
}

const bySubject = async (ctx: AuthContext, identity: ProvenIdentity) =>
  (
    await ctx.db
      .select()
      .from(users)
      .where(and(eq(users.oidcIssuer, identity.issuer), eq(users.oidcSubject, identity.subject)))
  )[0];

/**
 * The DoseChain user an identity proven by the provider is (decision 056): the user linked to
 * its issuer and subject; else, on the first sign-in, the user whose e-mail equals the
 * provider's verified e-mail, linked now (audited); else, with OIDC_CREATE_USERS=1, a new user
 * without roles or groups for a user manager to complete. Roles and groups stay DoseChain's.
 * The account must be active and not locked.
 */
export async function userOfIdentity(ctx: AuthContext, identity: ProvenIdentity): Promise<UserRow> {
  const user = (await bySubject(ctx, identity)) ?? (await linkOrCreate(ctx, identity));
  if (!user.active) throw new OidcSignInRefused('USER_INACTIVE');
  if (isLockedAt(user, ctx.clock.now())) throw new OidcSignInRefused('USER_LOCKED');
  return user;
}

async function linkOrCreate(ctx: AuthContext, identity: ProvenIdentity): Promise<UserRow> {
  // An unverified e-mail is anyone's claim: it never links an account.
  const email = identity.emailVerified ? identity.email : null;
  if (!email) throw new OidcSignInRefused('NO_ACCOUNT', identity.email);
  const link = { oidcIssuer: identity.issuer, oidcSubject: identity.subject };
  const linked = await ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
      .for('update');
    // Someone else's subject already holds this user: not taken over by a second identity.
    if (!user || user.oidcSubject !== null) return user ? null : undefined;
    const [row] = await tx
      .update(users)
      .set({ ...link, updatedAt: ctx.clock.now() })
      .where(eq(users.id, user.id))
      .returning();
    await recordAudit(tx, selfActor(user), {
      entityType: 'users',
      entityId: user.id,
      eventType: 'update',
      changeset: { oidcIssuer: [null, identity.issuer], oidcSubject: [null, identity.subject] },
      reason: 'Linked at the first sign-in with the organisation (verified e-mail)',
    });
    return row;
  });
  if (linked) {
    ctx.log.info({ event: 'user.oidc_linked', userId: linked.id }, 'user linked to the identity provider');
    return linked;
  }
  if (linked === null || !ctx.config.oidc?.createUsers) throw new OidcSignInRefused('NO_ACCOUNT', email);
  return createUser(ctx, identity, email);
}

/** OIDC_CREATE_USERS=1: the person becomes a user with no roles or groups, signing in with the organisation only. */
async function createUser(ctx: AuthContext, identity: ProvenIdentity, email: string): Promise<UserRow> {
  const local = email.split('@')[0] ?? email;
  // Never typed by anyone: the account has no password a person knows.
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        username: email.toLowerCase(),
        firstName: identity.givenName ?? local,
        lastName: identity.familyName ?? local,
        email,
        passwordHash,
        oidcIssuer: identity.issuer,
        oidcSubject: identity.subject,
        organisationOnly: true,
      })
      .returning();
    const user = row as UserRow;
    await recordAudit(tx, selfActor(user), {
      entityType: 'users',
      entityId: user.id,
      eventType: 'new',
      before: null,
      after: {
        username: user.username,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        oidcIssuer: identity.issuer,
        organisationOnly: true,
      },
      reason: `Created at the first sign-in with the organisation (OIDC_CREATE_USERS); ${messages.noRoleAssigned}`,
    });
    return user;
  });
}
