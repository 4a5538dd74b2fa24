/**
 * How e-signatures that need a password check (not remembered from the current period, decision
 * 012) are let through, per user: one at a time, and at most `perMinute` in a minute. A stolen
 * session can then neither guess in parallel (each guess sees the failures counted before it,
 * and the lock they lead to) nor at speed. Per process: with several instances each has its own
 * queue, and the failure count in the database still locks the account for all of them.
 */
export interface SignatureGate {
  /**
   * Runs `check` once the user's earlier checks are done. Throws `tooMany()` at once, without
   * queueing, when the user already had `perMinute` checks in the last minute.
   */
  run<T>(userId: number, nowMs: number, check: () => Promise<T>, tooMany: () => Error): Promise<T>;
}

/** Users whose recent attempts are kept; beyond it the longest-known user is forgotten first. */
const USERS_MAX = 10_000;

export function createSignatureGate(options: { perMinute?: number; windowMs?: number } = {}): SignatureGate {
  const perMinute = options.perMinute ?? 10;
  const windowMs = options.windowMs ?? 60_000;
  const tails = new Map<number, Promise<unknown>>();
  const attempts = new Map<number, number[]>();

  return {
    run(userId, nowMs, check, tooMany) {
      const recent = (attempts.get(userId) ?? []).filter((at) => nowMs - at < windowMs);
      if (recent.length >= perMinute) {
        attempts.set(userId, recent);
        return Promise.reject(tooMany());
      }
      recent.push(nowMs);
      attempts.delete(userId);
      if (attempts.size >= USERS_MAX) attempts.delete(attempts.keys().next().value as number);
      attempts.set(userId, recent);
      const previous = tails.get(userId) ?? Promise.resolve();
      const mine = previous.then(check, check);
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
