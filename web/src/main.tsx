import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { readTokens } from './api/session-storage.ts';
import { followPageTitles } from './app/page-title.ts';
import { AppProviders, createAppClients } from './app/providers.tsx';
import { createAppRouter, prefetchScreenData, preloadScreen } from './app/router.tsx';
import { fetchCurrentUser } from './auth/auth-context.tsx';

// The screen's code loads alongside the session's user, not after it.
const loggedIn = readTokens() !== null;
preloadScreen(window.location.pathname, loggedIn);

// The session's user is asked for now, not after the first render: the screen's data follows it.
const clients = createAppClients();
const firstUserRequest = loggedIn ? fetchCurrentUser(clients.api) : undefined;
// Its failure is the AuthProvider's to handle (it awaits this promise); not an unhandled rejection.
firstUserRequest?.catch(() => undefined);

// The router and the first render in a task of their own: evaluating the app's modules is one long
// task already, and a page cannot answer input until it ends (issue 18).
setTimeout(() => {
  const router = createAppRouter();
  followPageTitles(router);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders
        clients={clients}
        firstUserRequest={firstUserRequest}
        onUserLoaded={(user, queryClient, api) =>
          prefetchScreenData(window.location.pathname, { user, queryClient, api })
        }
      >
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}, 0);

// The first format in a time zone loads the browser's time-zone data (about 30 ms here). In a task
// of its own, run while the page waits for its data, it is not part of the grid's first render.
setTimeout(() => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC' }).format(), 0);
