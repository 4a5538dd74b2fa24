import { messages } from '@dosechain/contract';
import { Alert, AlertTitle, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { type ReactNode, useEffect, useState } from 'react';
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

/** After this long, loading the stored session's user says that the server is slow. */
export const SLOW_SESSION_LOAD_MS = 3_000;

/** Loading the stored session's user: a spinner, and after a few seconds a word on why it waits. */
export function SessionLoading() {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), SLOW_SESSION_LOAD_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Stack role="status" sx={{ alignItems: 'center', justifyContent: 'center', minHeight: '60vh', gap: 2 }}>
      <CircularProgress aria-label="Loading" />
      {slow && <Typography color="text.secondary">{messages.sessionLoadSlow}</Typography>}
    </Stack>
  );
}

/**
 * The stored session's user could not be loaded (no answer, a server error): keep the session,
 * say so, and offer to retry or to sign out (a person must never be stuck on this page).
 */
export function ServerUnreachable() {
  const { refreshUser, logout } = useAuth();
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh', p: 2 }}>
      <Alert
        severity="error"
        action={
          <Stack direction="row" sx={{ gap: 1 }}>
            <Button color="inherit" size="small" onClick={() => void refreshUser()}>
              Try again
            </Button>
            <Button color="inherit" size="small" onClick={() => void logout()}>
              Sign out
            </Button>
          </Stack>
        }
      >
        <AlertTitle>{messages.sessionUnreachableTitle}</AlertTitle>
        {messages.sessionUnreachable}
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
  if (status === 'loading') return <SessionLoading />;
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
  if (status === 'loading') return <SessionLoading />;
  if (status === 'unreachable') return <ServerUnreachable />;
  if (status === 'authenticated') {
    return <Navigate to={afterLoginPath(location.state, user?.username ?? '')} replace />;
  }
  return <>{children}</>;
}
