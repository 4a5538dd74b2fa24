import { Box, Container } from '@mui/material';
import { Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { userMeets } from '../auth/access.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { FullPageSpinner, PublicOnly, RequireAuth } from '../auth/guards.tsx';
import NotFoundPage from '../features/not-found/not-found-page.tsx';
import { AppLayout, Footer } from './layout/app-layout.tsx';
import { type AppRoute, appRoutes } from './routes.tsx';

/** A route the user may not open is shown as if it did not exist. */
function Guarded({ route }: { route: AppRoute }) {
  const { user } = useAuth();
  if (!userMeets(user, route.requirement)) return <NotFoundPage />;
  const Page = route.page;
  return <Page />;
}

function PublicPage({ route }: { route: AppRoute }) {
  const Page = route.page;
  return (
    <PublicOnly>
      <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
        <Container maxWidth="xs" sx={{ flexGrow: 1, py: 8 }}>
          <Suspense fallback={<FullPageSpinner />}>
            <Page />
          </Suspense>
        </Container>
        <Footer />
      </Box>
    </PublicOnly>
  );
}

export function buildRoutes(routes: AppRoute[] = appRoutes): RouteObject[] {
  return [
    ...routes.filter((r) => r.publicOnly).map((r) => ({ path: r.path, element: <PublicPage route={r} /> })),
    {
      element: (
        <RequireAuth>
          <AppLayout />
        </RequireAuth>
      ),
      children: [
        ...routes.filter((r) => !r.publicOnly).map((r) => ({ path: r.path, element: <Guarded route={r} /> })),
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

export const createAppRouter = () => createBrowserRouter(buildRoutes());
