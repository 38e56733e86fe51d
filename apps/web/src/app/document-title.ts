import { useLayoutEffect } from 'react';
import { matchRoutes, useLocation, type RouteObject } from 'react-router';
import { pageTitle } from '../shared/lib/page-title';
import { refusesParams } from './known-params';
import { NOT_FOUND_TITLE } from './not-found';

// WCAG 2.4.2: every page says what it is in the browser tab and to a screen reader. Each page
// route in router.tsx carries `handle: { title }`; the deepest match names the page. A page that
// knows a better name from its data (usePageTitle) sets it afterwards.

/** The page name a route declares in `handle.title`, if any. */
export function routeTitle(route: RouteObject): string | undefined {
  const handle: unknown = route.handle;
  if (typeof handle !== 'object' || handle === null || !('title' in handle)) return undefined;
  return typeof handle.title === 'string' ? handle.title : undefined;
}

/** "<page name> · Parley" for the page at `pathname`, or just "Parley" when no route names it. */
export function documentTitleFor(routes: RouteObject[], pathname: string): string {
  const matches = matchRoutes(routes, pathname) ?? [];
  if (matches.some(refusesParams)) return pageTitle(NOT_FOUND_TITLE);
  const name = matches.map((match) => routeTitle(match.route)).findLast((title) => title !== undefined);
  return pageTitle(name);
}

/** Keeps document.title in step with the current route. */
export function useDocumentTitle(routes: RouteObject[]) {
  const { pathname } = useLocation();
  // A layout effect runs before any page's effect of the same render, so a page that names itself
  // (usePageTitle) at once, its data already cached, is not renamed by its route afterwards.
  useLayoutEffect(() => {
    document.title = documentTitleFor(routes, pathname);
  }, [routes, pathname]);
}
