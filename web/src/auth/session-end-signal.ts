/**
 * A 401 that a refresh could not cure is seen by the API client, which knows nothing of React;
 * the session it ends lives in the AuthProvider. The client signals here, the provider listens and
 * ends the session in place (no reload): the guard then sends the user to the login with the page
 * they were on, and the login says why.
 */
/** `notice`: what the login says instead of the usual session-ended text (a lock and its end). */
type Listener = (notice?: string) => void;
const listeners = new Set<Listener>();

/** Subscribes to ended sessions; returns the unsubscribe function. */
export function onSessionEnded(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Signals that the session has ended. Nobody listens only before the app's first render, when the
 * one call out is the session's user (main.tsx): the AuthProvider awaits it and ends the session
 * on its 401 itself.
 */
export function signalSessionEnded(notice?: string): void {
  for (const listener of listeners) listener(notice);
}
