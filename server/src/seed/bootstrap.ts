import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { allPermissions } from '@dosechain/contract';
import type { AuditActor } from '../kernel/audit/record.ts';
import { hashPassword } from '../kernel/auth/password.ts';
import type { Db } from '../kernel/db/client.ts';
import { groupPermissions, groups, userGroups, users } from '../kernel/db/schema.ts';
import { seedReasons } from './demo.ts';
import { auditSeededAccounts } from './seed-audit.ts';

/** Who the first start's audit rows name: the system, no user and no role. */
export const firstStartActor: AuditActor = {
  userId: null,
  username: 'system',
  fullName: 'System (first start)',
  roleType: null,
};

/**
 * A production database starts with the reasons for change and one administrator, so that
 * somebody can log in and create the real users. The password is generated (or taken from
 * INITIAL_ADMIN_PASSWORD) and written to the data directory, never hard-coded. The group and the
 * user get their `new` audit rows, by the system (`firstStartActor`), in the same transaction.
 */
export async function bootstrapAdmin(db: Db, dataDir: string, given?: string): Promise<string> {
  const password = given ?? `${randomBytes(12).toString('base64url')}A1`;
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await seedReasons(tx);
    const [group] = await tx.insert(groups).values({ name: 'Administrators' }).returning();
    await tx.insert(groupPermissions).values(
      Object.entries(allPermissions()).map(([area, p]) => ({
        groupId: group!.id,
        area,
        canCreate: p.create,
        canUpdate: p.update,
        canRead: p.read,
        canDelete: p.delete,
      })),
    );
    const [admin] = await tx
      .insert(users)
      .values({
        username: 'admin',
        firstName: 'System',
        lastName: 'Administrator',
        email: 'admin@localhost.invalid',
        isAdmin: true,
        passwordHash,
      })
      .returning();
    await tx.insert(userGroups).values({ userId: admin!.id, groupId: group!.id });
    await auditSeededAccounts(tx, firstStartActor, [group!], [admin!]);
  });
  const file = path.join(dataDir, 'initial-admin-password');
  if (!given) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${password}\n`, { mode: 0o600 });
  }
  return given ? 'INITIAL_ADMIN_PASSWORD' : file;
}
