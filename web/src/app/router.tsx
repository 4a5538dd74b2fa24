import type { MeUser } from '@dosechain/contract';
import { Box, Container } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef } from 'react';
import {
  createBrowserRouter,
  generatePath,
  matchRoutes,
  Navigate,
  type RouteObject,
  useLocation,
  useParams,
} from 'react-router';
import { useApi } from '../api/api-context.tsx';
import { userMeets } from '../auth/access.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { FullPageSpinner, PublicOnly, RequireAuth } from '../auth/guards.tsx';
import { LeaveGuardProvider } from '../components/leave-guard/leave-guard-provider.tsx';
import NotFoundPage from '../features/not-found/not-found-page.tsx';
import type { RoutePrefetchContext } from '../features/orders/orders-grid-query.ts';
import { AppLayout, Footer } from './layout/app-layout.tsx';
import { RouteError } from './route-error.tsx';
import { type AppRoute, appRoutes } from './routes.tsx';

/**
 * A route the user may not open is shown as if it did not exist; one whose way back they cannot
 * follow sends them to its `elsewhere`. One they may open starts its data (`prefetch`) as it
 * renders, in parallel with its code, not after it.
 */
function Guarded({ route }: { route: AppRoute }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const api = useApi();
  const prefetched = useRef(false);
  const params = useParams();
  const { search } = useLocation();
  const allowed = userMeets(user, route.requirement);
  // In render, not in an effect: the page suspends while its code loads, and an effect of this
  // component would only run once it has. The query cache drops a request already in flight.
  if (allowed && user && route.prefetch && !prefetched.current) {
    prefetched.current = true;
    route.prefetch({ queryClient, api, user });
  }
  if (!allowed) return <NotFoundPage />;
  const elsewhere = elsewherePath(route, user, params);
  if (elsewhere) return <Navigate to={{ pathname: elsewhere, search }} replace />;
  const Page = route.page;
  return <Page />;
}

/** Where a user who may open `route` is sent instead (its `elsewhere`), if anywhere. */
export function elsewherePath(
  route: AppRoute,
  user: MeUser | null,
  params: Record<string, string | undefined>,
): string | undefined {
  if (!route.elsewhere || userMeets(user, route.elsewhere.unless)) return undefined;
  return generatePath(route.elsewhere.to, params);
}

/** The login screen: where logged-out users start, and where every logged-out screen leads. */
const loginRoute = (routes: AppRoute[]) => routes.find((r) => r.path === '/login');

/** The screen whose path matches `pathname`, if any. */
const routeAt = (pathname: string, routes: AppRoute[]) =>
  matchRoutes(routes, pathname)?.[0]?.route as AppRoute | undefined;

/**
 * Asks for the code of the screen at `pathname` at once, as the app starts, instead of after the
 * session's user has loaded (the guard renders the screen only then). Logged out, the login's.
 */
export function preloadScreen(pathname: string, loggedIn: boolean, routes: AppRoute[] = appRoutes): void {
  const matched = routeAt(pathname, routes);
  const screen = matched && (matched.publicOnly || loggedIn) ? matched : loginRoute(routes);
  void screen?.page.preload().catch(() => undefined);
}

/**
 * Starts the data of the screen at `pathname` (its route's `prefetch`) for the session's user as
 * soon as that user has loaded. The screen's guard would start it as it renders, but the first
 * render after the user loads is a transition, cut into slices, and reaches the guard late.
 * The guard's own call then finds the request in flight.
 */
export function prefetchScreenData(
  pathname: string,
  context: RoutePrefetchContext,
  routes: AppRoute[] = appRoutes,
): void {
  const route = routeAt(pathname, routes);
  if (route?.prefetch && !route.publicOnly && userMeets(context.user, route.requirement)) {
    route.prefetch(context);
  }
}

/**
 * A logged-out screen. Every one of them leads to the login (a changed password, a reset, a
 * link back), so the login's code is asked for as one opens: the router keeps the old screen in
 * view, still clickable, until the next screen's code is in.
 */
function PublicPage({ route, login }: { route: AppRoute; login: AppRoute['page'] | undefined }) {
  useEffect(() => {
    void login?.preload().catch(() => undefined);
  }, [login]);
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
    ...routes
      .filter((r) => r.publicOnly)
      .map((r) => ({
        path: r.path,
        element: <PublicPage route={r} login={loginRoute(routes)?.page} />,
        errorElement: <RouteError home="/login" homeLabel="Go to the login" />,
      })),
    {
      element: (
        <RequireAuth>
          <LeaveGuardProvider>
            <AppLayout />
          </LeaveGuardProvider>
        </RequireAuth>
      ),
      // The layout itself failed: no frame to show the error in.
      errorElement: <RouteError />,
      children: [
        {
          // A page that failed is shown in the layout, with its menu still there.
          errorElement: <RouteError />,
          children: [
            ...routes
              .filter((r) => !r.publicOnly)
              .map((r) => ({ path: r.path, element: <Guarded route={r} /> })),
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ];
}

export const createAppRouter = () => createBrowserRouter(buildRoutes());
