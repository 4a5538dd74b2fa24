import { type AvailableDay, type availabilitySearchQuerySchema, limits, messages } from '@dosechain/contract';
import { DateTime } from 'luxon';
import type { z } from 'zod';
import { actingRole, companyScope } from '../../kernel/auth/scope.ts';
import { notFound, validationFailed } from '../../kernel/http/app-error.ts';
import type { ServiceContext } from '../../kernel/http/context.ts';
import { availableDays } from './capacity.ts';
import { mayOrderFor, resolvePairing } from './pairing.ts';

/**
 * The manufacture days of the pairing (study, exam, site) that still have doses in [from, to),
 * by default one month from today. Answers 404 for a site the role may not order for, and 400
 * when there is no pairing.
 */
export async function searchAvailability(
  ctx: ServiceContext,
  query: z.output<typeof availabilitySearchQuerySchema>,
): Promise<AvailableDay[]> {
  const now = ctx.clock.now();
  const from = query.from ?? (DateTime.fromJSDate(now, { zone: 'utc' }).toISODate() as string);
  const to = query.to ?? (DateTime.fromISO(from, { zone: 'utc' }).plus({ months: 1 }).toISODate() as string);
  const days = DateTime.fromISO(to, { zone: 'utc' }).diff(
    DateTime.fromISO(from, { zone: 'utc' }),
    'days',
  ).days;
  if (days <= 0) throw validationFailed([{ parameter: 'to', message: messages.notBeforeFrom }]);
  if (days > limits.availabilitySearchMaxDays) {
    throw validationFailed([
      { parameter: 'to', message: messages.searchWindowTooLong(limits.availabilitySearchMaxDays) },
    ]);
  }
  const pairing = await resolvePairing(ctx.db, query);
  if (
    !(await mayOrderFor(ctx.db, companyScope(actingRole(ctx.actor)), {
      siteId: query.siteId,
      cmoId: pairing?.cmoId,
    }))
  ) {
    throw notFound(messages.notFound('Clinical Site'));
  }
  if (!pairing) throw validationFailed([{ parameter: 'examId', message: messages.noPairing }]);
  return availableDays(ctx.db, pairing, from, to, now);
}
