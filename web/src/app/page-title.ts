import { messages } from '@dosechain/contract';
import { matchRoutes } from 'react-router';
import { type AppRoute, appRoutes, routeTitles } from './routes.tsx';

/**
 * The tab title of a path: the screen's name from the route table (its menu label, else its
 * entry in `routeTitles`) and the application's, e.g. "Place order — DoseChain"; 'Page not found' for a path no route has.
 */
export function pageTitle(pathname: string, routes: AppRoute[] = appRoutes): string {
  const route = matchRoutes(routes, pathname)?.at(-1)?.route;
  const name = route ? (route.menu?.label ?? routeTitles[route.path]) : messages.pageNotFound;
  return name ? messages.tabTitle(name) : messages.productName;
}

/** Keeps the tab's title on the screen shown: now, and after every navigation of the router. */
export function followPageTitles(router: {
  state: { location: { pathname: string } };
  subscribe: (listener: (state: { location: { pathname: string } }) => void) => unknown;
}): void {
  document.title = pageTitle(router.state.location.pathname);
  router.subscribe((state) => {
    document.title = pageTitle(state.location.pathname);
  });
}
