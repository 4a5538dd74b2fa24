import type { MeUser, profileUpdateBodySchema } from '@dosechain/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { auditedMutation } from '../../kernel/audit/mutation.ts';
import { diffChangeset } from '../../kernel/audit/record.ts';
import type { UserRow } from '../../kernel/auth/principal.ts';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../kernel/db/client.ts';
import { users } from '../../kernel/db/schema.ts';
import { alreadyUsed } from '../../kernel/http/app-error.ts';
import type { ServiceContext } from '../../kernel/http/context.ts';
import { meUser } from './service.ts';

type ProfileInput = z.output<typeof profileUpdateBodySchema>;

const profileFields = (u: UserRow) => ({
  firstName: u.firstName,
  lastName: u.lastName,
  commonName: u.commonName,
  email: u.email,
  phone: u.phone,
});

function changesOf(input: ProfileInput): Partial<ReturnType<typeof profileFields>> {
  const out: Partial<ReturnType<typeof profileFields>> = {};
  if (input.firstName !== undefined) out.firstName = input.firstName;
  if (input.lastName !== undefined) out.lastName = input.lastName;
  if (input.commonName !== undefined) out.commonName = input.commonName || null;
  if (input.email !== undefined) out.email = input.email;
  if (input.phone !== undefined) out.phone = input.phone || null;
  return out;
}

/**
 * `PUT /users/me`: a person edits their own name, e-mail and phone, signed and audited. The
 * e-mail stays unique ignoring case (checked first, and by the unique index under races).
 */
export async function updateProfile(ctx: ServiceContext, input: ProfileInput): Promise<MeUser> {
  const userId = ctx.actor.user.id;
  const changes = changesOf(input);
  try {
    const user = await auditedMutation(ctx, input, { meaning: 'Updated profile' }, async (tx, audit) => {
      const [before] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!before) throw new Error('the signed-in user exists');
      if (
        Object.keys(diffChangeset(profileFields(before), { ...profileFields(before), ...changes })).length ===
        0
      ) {
        return before;
      }
      if (changes.email !== undefined) {
        const [taken] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(sql`lower(${users.email}) = lower(${changes.email})`, ne(users.id, userId)));
        if (taken) throw alreadyUsed('email');
      }
      const [row] = await tx
        .update(users)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(users.id, userId))
        .returning();
      await audit({
        entityType: 'users',
        entityId: userId,
        eventType: 'update',
        before: profileFields(before),
        after: profileFields(row!),
      });
      return row!;
    });
    return meUser(ctx.db, { ...ctx.actor, user });
  } catch (err) {
    if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) throw alreadyUsed('email');
    throw err;
  }
}
