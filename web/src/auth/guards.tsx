import { messages } from '@dosechain/contract';
import { Alert, Box, Button, CircularProgress } from '@mui/material';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from './auth-context.tsx';

/** Where a logged-out user was sent to the login from, and whose session that was (when known). */
export interface FromState {
  from?: string;
  username?: string;
}

/**
 * Where a login lands: back at the page it was sent from (a deep link opened while logged out,
 * or this same user's expired session), else the dashboard. A page of another user's session is
 * never the next user's landing page.
 */
export function afterLoginPath(state: unknown, username: string): string {
  const { from, username: owner } = (state ?? {}) as FromState;
  if (!from || from === '/login') return '/';
  return owner && owner !== username ? '/' : from;
}

export function FullPageSpinner() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}

/** The stored session's user could not be loaded (no answer): keep the session, offer to retry. */
export function ServerUnreachable() {
  const { refreshUser } = useAuth();
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh', p: 2 }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void refreshUser()}>
            Try again
          </Button>
        }
      >
        {messages.unexpectedError}
      </Alert>
    </Box>
  );
}

/**
 * Protected routes: a logged-out user goes to /login; the origin is saved, unless the user has
 * just logged out (then the next login starts at the dashboard).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, sessionEnd } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <FullPageSpinner />;
  if (status === 'unreachable') return <ServerUnreachable />;
  if (status === 'anonymous') {
    if (sessionEnd?.reason === 'logout') return <Navigate to="/login" replace />;
    const state: FromState = { from: `${location.pathname}${location.search}` };
    if (sessionEnd?.username) state.username = sessionEnd.username;
    return <Navigate to="/login" replace state={state} />;
  }
  return <>{children}</>;
}

/** Public-only routes: a logged-in user goes where a login lands (`afterLoginPath`). */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { status, user } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <FullPageSpinner />;
  if (status === 'unreachable') return <ServerUnreachable />;
  if (status === 'authenticated') {
    return <Navigate to={afterLoginPath(location.state, user?.username ?? '')} replace />;
  }
  return <>{children}</>;
}
