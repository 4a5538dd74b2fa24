import {
  type CheckInUseEntity,
  type CheckInUseQuery,
  configResourceOfCheckInUse,
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

type CheckedFields = Partial<Record<CheckInUseQuery['field'], UniqueField>>;

const companyName = (type: 'cmo' | 'clinical_site' | 'imaging_center'): UniqueField => ({
  table: companies,
  column: companies.name,
  id: companies.id,
  where: eq(companies.type, type),
});

/** Which fields `/check-in-use` answers for, per entity, and where each lives. */
export const checkInUseFields: Record<CheckInUseEntity, CheckedFields> = {
  cmo: { name: companyName('cmo') },
  'clinical-site': { name: companyName('clinical_site') },
  'imaging-center': { name: companyName('imaging_center') },
  group: { name: { table: groups, column: groups.name, id: groups.id } },
  user: {
    username: { table: users, column: users.username, id: users.id },
    email: { table: users, column: users.email, id: users.id },
  },
  drug: { name: { table: drugs, column: drugs.name, id: drugs.id } },
  study: { name: { table: studies, column: studies.name, id: studies.id } },
  timepoint: { name: { table: timepoints, column: timepoints.name, id: timepoints.id } },
};

/** Any one of these lets a user ask: those who create or edit the entity, per its registry entry. */
function askPermissions(entity: CheckInUseEntity): readonly Permission[] {
  const access = configResourceOfCheckInUse(entity)?.access;
  return [...(access?.create.permissions ?? []), ...(access?.update.permissions ?? [])];
}

/**
 * Whether another record already uses the value (case-insensitive, trimmed). Only users who
 * create or edit the entity may ask, except a user checking their own username or e-mail
 * (profile form, `excludeId` = their id), so partner users cannot probe who has an account.
 */
export async function checkInUse(ctx: ServiceContext, query: CheckInUseQuery): Promise<{ inUse: boolean }> {
  const own = query.entity === 'user' && query.excludeId === ctx.actor.user.id;
  const mayAsk = askPermissions(query.entity).some((p) => hasPermission(ctx.actor.permissions, p));
  if (!own && !mayAsk) throw forbidden();
  const target = checkInUseFields[query.entity][query.field];
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
