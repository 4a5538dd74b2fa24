import {
  type CheckInUseEntity,
  type CheckInUseQuery,
  hasPermission,
  type Permission,
} from '@dosechain/contract';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { companies, drugs, groups, studies, timepoints, users } from '../../db/schema.ts';
import { forbidden, validationFailed } from '../../http/app-error.ts';
import type { ServiceContext } from '../../http/context.ts';
import { isStorableId } from '../companies/queries.ts';

/** Where one checkable value lives: its table, the column (case-folded like its unique index), the row id. */
interface UniqueField {
  table: PgTable;
  column: AnyPgColumn;
  id: AnyPgColumn;
  /** Narrows the table, e.g. to one company type. */
  where?: SQL;
}

interface CheckedEntity {
  /** Any one of these lets a user ask (they create or edit the entity). */
  permissions: readonly Permission[];
  fields: Partial<Record<CheckInUseQuery['field'], UniqueField>>;
}

const companyName = (type: 'cmo' | 'clinical_site' | 'imaging_center'): UniqueField => ({
  table: companies,
  column: companies.name,
  id: companies.id,
  where: eq(companies.type, type),
});
const config: readonly Permission[] = ['config.create', 'config.update'];
const userManagement: readonly Permission[] = ['userManagement.create', 'userManagement.update'];

/**
 * Which entity and field `/check-in-use` answers for.
 */
export const checkInUseRegistry: Record<CheckInUseEntity, CheckedEntity> = {
  cmo: { permissions: config, fields: { name: companyName('cmo') } },
  'clinical-site': { permissions: config, fields: { name: companyName('clinical_site') } },
  'imaging-center': { permissions: config, fields: { name: companyName('imaging_center') } },
  group: {
    permissions: userManagement,
    fields: { name: { table: groups, column: groups.name, id: groups.id } },
  },
  user: {
    permissions: userManagement,
    fields: {
      username: { table: users, column: users.username, id: users.id },
      email: { table: users, column: users.email, id: users.id },
    },
  },
  drug: { permissions: config, fields: { name: { table: drugs, column: drugs.name, id: drugs.id } } },
  study: { permissions: config, fields: { name: { table: studies, column: studies.name, id: studies.id } } },
  timepoint: {
    permissions: config,
    fields: { name: { table: timepoints, column: timepoints.name, id: timepoints.id } },
  },
};

/**
 * Whether another record already uses the value (case-insensitive, trimmed). Only users who
 * create or edit the entity may ask, except a user checking their own username or e-mail
 * (profile form, `excludeId` = their id), so partner users cannot probe who has an account.
 */
export async function checkInUse(ctx: ServiceContext, query: CheckInUseQuery): Promise<{ inUse: boolean }> {
  const entity = checkInUseRegistry[query.entity];
  const own = query.entity === 'user' && query.excludeId === ctx.actor.user.id;
  if (!own && !entity.permissions.some((p) => hasPermission(ctx.actor.permissions, p))) throw forbidden();
  const target = entity.fields[query.field];
  if (!target) {
    throw validationFailed([
      { parameter: 'field', message: `Not supported for ${query.entity}`, code: 'unsupported' },
    ]);
  }
  const value = query.value.trim();
  if (!value) return { inUse: false };
  const exclude =
    query.excludeId !== undefined && isStorableId(query.excludeId) ? query.excludeId : undefined;
  const [row] = await ctx.db
    .select({ one: sql<number>`1` })
    .from(target.table)
    .where(
      and(
        target.where,
        sql`lower(${target.column}) = lower(${value})`,
        exclude === undefined ? undefined : ne(target.id, exclude),
      ),
    )
    .limit(1);
  return { inUse: row !== undefined };
}
