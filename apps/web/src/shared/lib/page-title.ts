import { useEffect } from 'react';
import { useLocation } from 'react-router';

// WCAG 2.4.2: the tab says which page this is. A route names its page in router.tsx
// (`handle.title`); a page whose name comes with what it shows (an article, a course, a kid's
// subject) names itself with usePageTitle.

export const APP_NAME = 'Parley';

/** "<page name> · Parley", or just "Parley" when nothing names the page. */
export function pageTitle(name: string | undefined): string {
  return name ? `${name} · ${APP_NAME}` : APP_NAME;
}

/**
 * Names the page in the tab once `name` is known; the route's generic title stands until then.
 * The route's title is set again on every route change, before this (app/document-title.ts), so
 * it is set again after it.
 */
export function usePageTitle(name: string | undefined) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (name) document.title = pageTitle(name);
  }, [name, pathname]);
}
