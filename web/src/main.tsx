import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { readTokens } from './api/session-storage.ts';
import { followPageTitles } from './app/page-title.ts';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter, preloadScreen } from './app/router.tsx';

// The screen's code loads alongside the session's user, not after it.
preloadScreen(window.location.pathname, readTokens() !== null);
const router = createAppRouter();
followPageTitles(router);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
