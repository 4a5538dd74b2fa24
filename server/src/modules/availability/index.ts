/**
 * Drug availability: recurring manufacture days, their exceptions and blackouts, the doses left,
 * and the pairing and order scope a placement is checked against.
 */
export { type ExceptionRow, exceptionsOf, releaseDose, takeDose, takeDoseSql } from './capacity.ts';
export { dayInterval, localDate, occursOn } from './occurrences.ts';
export {
  mayOrderFor,
  orderScopeAllows,
  type ResolvedPairing,
  scopeImagingCenter,
  siteLinkedSql,
  siteLinkedToCenter,
} from './pairing.ts';
export { type AvailabilityRow, recurrenceOf } from './queries.ts';
export { availabilityRoutes } from './routes.ts';
