/**
 * How e-signatures that need a password check (not remembered from the current period, decision
 * 012) are let through, per user: one at a time, and refused at once after `perMinute` failed
 * checks in a minute. A stolen session can then neither guess in parallel (each guess sees the
 * failures counted before it, and the lock they lead to) nor at speed, while a burst of the same
 * right signature (a morning's orders sent at once) waits for the first check and is then
 * remembered. Per process: with several instances each has its own queue, and the failure count
 * in the database still locks the account for all of them.
 */
export interface SignatureGate {
  /**
   * Runs `check` once the user's earlier checks are done; a check that throws counts as a
   * failure. Throws `tooMany()` at once, without queueing, when the user already had `perMinute`
   * failures in the last minute.
   */
  run<T>(userId: number, nowMs: number, check: () => Promise<T>, tooMany: () => Error): Promise<T>;
}

/** The window the failed checks are counted in, and so the longest a refused signer waits. */
export const SIGNATURE_GATE_WINDOW_MS = 60_000;

/** Users whose recent failures are kept; beyond it the longest-known user is forgotten first. */
const USERS_MAX = 10_000;

export function createSignatureGate(options: { perMinute?: number; windowMs?: number } = {}): SignatureGate {
  const perMinute = options.perMinute ?? 10;
  const windowMs = options.windowMs ?? SIGNATURE_GATE_WINDOW_MS;
  const tails = new Map<number, Promise<unknown>>();
  const failures = new Map<number, number[]>();

  const recentFailures = (userId: number, nowMs: number) =>
    (failures.get(userId) ?? []).filter((at) => nowMs - at < windowMs);

  const fail = (userId: number, nowMs: number) => {
    const recent = recentFailures(userId, nowMs);
    recent.push(nowMs);
    failures.delete(userId);
    if (failures.size >= USERS_MAX) failures.delete(failures.keys().next().value as number);
    failures.set(userId, recent);
  };

  return {
    run(userId, nowMs, check, tooMany) {
      if (recentFailures(userId, nowMs).length >= perMinute) return Promise.reject(tooMany());
      const previous = tails.get(userId) ?? Promise.resolve();
      const mine = previous.then(check, check).catch((err: unknown) => {
        fail(userId, nowMs);
        throw err;
      });
      const tail = mine.catch(() => undefined);
      tails.set(userId, tail);
      // The last one out leaves no queue behind.
      void tail.then(() => {
        if (tails.get(userId) === tail) tails.delete(userId);
      });
      return mine;
    },
  };
}
