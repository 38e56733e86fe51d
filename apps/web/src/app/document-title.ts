import { useEffect } from 'react';
import { matchRoutes, useLocation, type RouteObject } from 'react-router';

// WCAG 2.4.2: every page says what it is in the browser tab and to a screen reader. Each page
// route in router.tsx carries `handle: { title }`; the deepest match names the page.

export const APP_NAME = 'Parley';

/** The page name a route declares in `handle.title`, if any. */
export function routeTitle(route: RouteObject): string | undefined {
  const handle: unknown = route.handle;
  if (typeof handle !== 'object' || handle === null || !('title' in handle)) return undefined;
  return typeof handle.title === 'string' ? handle.title : undefined;
}

/** "<page name> · Parley" for the page at `pathname`, or just "Parley" when no route names it. */
export function documentTitleFor(routes: RouteObject[], pathname: string): string {
  const matches = matchRoutes(routes, pathname) ?? [];
  const name = matches.map((match) => routeTitle(match.route)).findLast((title) => title !== undefined);
  return name ? `${name} · ${APP_NAME}` : APP_NAME;
}

/** Keeps document.title in step with the current route. */
export function useDocumentTitle(routes: RouteObject[]) {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = documentTitleFor(routes, pathname);
  }, [routes, pathname]);
}
