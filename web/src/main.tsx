import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { readTokens } from './api/session-storage.ts';
import { followPageTitles } from './app/page-title.ts';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter, prefetchScreenData, preloadScreen } from './app/router.tsx';

// The screen's code loads alongside the session's user, not after it.
preloadScreen(window.location.pathname, readTokens() !== null);

// The router and the first render in a task of their own: evaluating the app's modules is one long
// task already, and a page cannot answer input until it ends (issue 18).
setTimeout(() => {
  const router = createAppRouter();
  followPageTitles(router);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders
        onUserLoaded={(user, queryClient, api) =>
          prefetchScreenData(window.location.pathname, { user, queryClient, api })
        }
      >
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}, 0);
