import { limits } from '@dosechain/contract';

/** The instant before which an idempotency key no longer answers (retention deletes the older ones). */
export const keyExpiry = (now: Date) => new Date(now.getTime() - limits.idempotencyKeyHours * 3_600_000);
