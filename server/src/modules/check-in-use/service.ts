import {
  type CheckInUseEntity,
  type CheckInUseQuery,
  configResourceOfCheckInUse,
  hasPermission,
  type Permission,
} from '@dosechain/contract';
import { and, ne, sql } from 'drizzle-orm';
import { isStorableId } from '../../kernel/db/storable-id.ts';
import { forbidden, validationFailed } from '../../kernel/http/app-error.ts';
import type { ServiceContext } from '../../kernel/http/context.ts';
import { checkInUseFields } from '../config-resources/index.ts';

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
  const target = (await checkInUseFields())[query.entity]?.[query.field];
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
