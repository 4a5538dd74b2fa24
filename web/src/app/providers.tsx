import { GENERIC_TOAST_ID, messages } from '@dosechain/contract';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentProps, ReactNode } from 'react';
import { ToastContainer, toast } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { ApiProvider } from '../api/api-context.tsx';
import { createHttpClient, type HttpClient } from '../api/http-client.ts';
import { clearSession, readRoleId, readTokens, saveTokens, sessionUsername } from '../api/session-storage.ts';
import { AuthProvider } from '../auth/auth-context.tsx';
import { signalSessionEnded } from '../auth/session-end-signal.ts';
import { expiredPasswordPath } from '../features/auth/expired-password-path.ts';
import { theme } from './theme.ts';

/** The one generic error toast: refreshed when it is already showing, never duplicated. */
export function showGenericError(): void {
  if (toast.isActive(GENERIC_TOAST_ID)) toast.update(GENERIC_TOAST_ID, { render: messages.unexpectedError });
  else toast.error(messages.unexpectedError, { toastId: GENERIC_TOAST_ID });
}

/** The app's query cache and API client, made once before the first render (main.tsx). */
export interface AppClients {
  queryClient: QueryClient;
  api: HttpClient;
}

export function createAppClients(): AppClients {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  });
  const api = createHttpClient({
    getTokens: readTokens,
    saveTokens,
    getRoleId: readRoleId,
    onServerError: showGenericError,
    // Locked by a wrong e-signature: the server ended the session; the login says until when.
    onLocked: (notice) => signalSessionEnded(notice),
    onUnauthorized: (reason) => {
      // The session is over. Ended: the AuthProvider forgets it in place, and the guard sends the
      // user to the login with the page they were on (it says why, and returns there).
      if (reason === 'ended') return signalSessionEnded();
      // Expired password: start again at the expired-password screen.
      const username = sessionUsername();
      clearSession();
      queryClient.clear();
      window.location.assign(expiredPasswordPath(username));
    },
  });
  return { queryClient, api };
}

export function AppProviders({
  children,
  clients,
  firstUserRequest,
  onUserLoaded,
}: {
  children: ReactNode;
  clients: AppClients;
  firstUserRequest?: ComponentProps<typeof AuthProvider>['firstUserRequest'];
  onUserLoaded?: ComponentProps<typeof AuthProvider>['onUserLoaded'];
}) {
  const { queryClient, api: client } = clients;
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <ApiProvider client={client}>
          <AuthProvider firstUserRequest={firstUserRequest} onUserLoaded={onUserLoaded}>
            {children}
          </AuthProvider>
        </ApiProvider>
      </QueryClientProvider>
      {/* Top centre, within the 64 px app bar's empty middle: a band no page content shows in.
          At the top right they lay over the user menu and Place order's calendar, at the bottom
          right over a scrolled grid's pager and a tall dialog's Save (issue 18). */}
      <ToastContainer
        position="top-center"
        autoClose={5000}
        newestOnTop
        style={{ top: 4 }}
        toastStyle={{ minHeight: 56 }}
      />
    </ThemeProvider>
  );
}
