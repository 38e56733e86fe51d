import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { isValidElement } from 'react';
import { MemoryRouter, Navigate, useRoutes, type RouteObject } from 'react-router';
import { usePageTitle } from '../shared/lib/page-title';
import { documentTitleFor, routeTitle, useDocumentTitle } from './document-title';
import { routes } from './router';

/** Every route that renders a page: a leaf of the tree that is not a redirect. */
function pageRoutes(tree: RouteObject[], parentPath = ''): { path: string; route: RouteObject }[] {
  return tree.flatMap((route) => {
    const path = route.path ? `${parentPath}/${route.path}`.replace(/\/+/g, '/') : parentPath;
    if (route.children) return pageRoutes(route.children, path);
    const redirects = isValidElement(route.element) && route.element.type === Navigate;
    return redirects ? [] : [{ path: path || '/', route }];
  });
}

function TitleProbe({ tree }: { tree: RouteObject[] }) {
  useDocumentTitle(tree);
  return null;
}

/** Like App: the route titles, then the routes. */
function AppProbe({ tree }: { tree: RouteObject[] }) {
  useDocumentTitle(tree);
  return useRoutes(tree);
}

function NamedPage() {
  usePageTitle('Prompting for Work');
  return null;
}

describe('document titles', () => {
  it('every page route in the router names its page', () => {
    const pages = pageRoutes(routes);
    expect(pages.length).toBeGreaterThan(60);
    const untitled = pages.filter(({ route }) => !routeTitle(route)?.trim()).map(({ path }) => path);
    expect(untitled).toEqual([]);
  });

  it('reads "<page name> · Parley" for a page, a nested page and an unknown path', () => {
    expect(documentTitleFor(routes, '/')).toBe('Home · Parley');
    expect(documentTitleFor(routes, '/wallet')).toBe('Wallet · Parley');
    expect(documentTitleFor(routes, '/login')).toBe('Log in · Parley');
    expect(documentTitleFor(routes, '/teacher/availability')).toBe('Availability · Parley');
    expect(documentTitleFor(routes, '/kids/english/buy-sessions')).toBe('Buy sessions · Parley');
    expect(documentTitleFor(routes, '/no/such/page')).toBe('Page not found · Parley');
    // A path whose guard shows the not-found page (an unknown plan vertical or kids subject) says so too.
    expect(documentTitleFor(routes, '/foo/subscription-plans')).toBe('Page not found · Parley');
    expect(documentTitleFor(routes, '/constructor/subscription-plans')).toBe('Page not found · Parley');
    expect(documentTitleFor(routes, '/kids/maths/session')).toBe('Page not found · Parley');
  });

  it('sets document.title for the current location', () => {
    render(
      <MemoryRouter initialEntries={['/learner/teachers']}>
        <TitleProbe tree={routes} />
      </MemoryRouter>,
    );
    expect(document.title).toBe('Tutors · Parley');
  });

  it('a page that names itself in its first render (its data cached) keeps that name over its route’s', () => {
    const tree = [{ path: '/courses/:courseId', element: <NamedPage />, handle: { title: 'Course' } }];
    render(
      <MemoryRouter initialEntries={['/courses/1']}>
        <AppProbe tree={tree} />
      </MemoryRouter>,
    );
    expect(document.title).toBe('Prompting for Work · Parley');
  });
});
