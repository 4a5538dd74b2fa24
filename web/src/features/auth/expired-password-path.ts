/**
 * The expired-password screen for a user whose password aged while logged in: reached by a full
 * page load (the session is gone), so the username travels in the query, not in navigation state.
 */
export function expiredPasswordPath(username: string | null): string {
  return username
    ? `/change-expired-password?username=${encodeURIComponent(username)}`
    : '/change-expired-password';
}

/** The username the expired-password screen was opened for: navigation state first, else the query. */
export function expiredPasswordUsername(state: unknown, search: string): string | undefined {
  const fromState = (state as { username?: unknown } | null)?.username;
  if (typeof fromState === 'string' && fromState) return fromState;
  return new URLSearchParams(search).get('username') || undefined;
}
