import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useRoutes, type RouteObject } from 'react-router';
import { json, mockFetch, testQueryClient } from '../../test/render';
import { setItem } from '../../shared/lib/storage';

/** The app's routes at /courses, from a fresh router module (each test loads the page afresh). */
async function renderCourses() {
  vi.resetModules();
  const { routes } = await import('../router');
  function App({ tree }: { tree: RouteObject[] }) {
    return useRoutes(tree);
  }
  render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter initialEntries={['/courses']}>
        <App tree={routes} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const catalogueCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([url]) => new URL(String(url), 'http://localhost').pathname === '/api/courses/getAllCourses');

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  setItem('TIMEZONE', { timezone: 'Asia/Kolkata', country: 'IN' });
});
afterEach(() => {
  vi.doUnmock('./courses-with-wallet-page');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

it('/courses sends its catalogue request before its page has loaded', async () => {
  // The page's module never arrives: the request must leave anyway.
  vi.doMock('./courses-with-wallet-page', () => new Promise(() => {}));
  const fetchMock = mockFetch({ 'GET /api/courses/getAllCourses': () => json({ items: [], total: 0, page: 1, limit: 12, currency: 'INR' }) });
  await renderCourses();
  await vi.waitFor(() => expect(catalogueCalls(fetchMock)).toHaveLength(1));
  expect(new URL(String(catalogueCalls(fetchMock)[0]![0]), 'http://localhost').search).toBe('?page=1&limit=12&currency=INR');
  expect(screen.queryByRole('heading', { level: 1, name: 'Courses' })).not.toBeInTheDocument();
});

it('/courses then shows the courses from that one request', async () => {
  const fetchMock = mockFetch({
    'GET /api/courses/getAllCourses': () =>
      json({
        items: [
          {
            _id: '00000000-0000-4000-8000-000000000001',
            title: 'Everyday English',
            subject: 'English',
            level: 'Beginner',
            coverUrl: null,
            creator: { _id: 'c1', name: 'Meera Iyer' },
            durationMin: 45,
            lessonCount: 3,
            rating: 0,
            ratingCount: 0,
            price: { amountMinor: 49_900, currency: 'INR' },
          },
        ],
        total: 1,
        page: 1,
        limit: 12,
        currency: 'INR',
      }),
    'GET /api/courses/subscription-plans': () => json({ items: [] }),
  });
  await renderCourses();
  expect(await screen.findByRole('article', { name: 'Everyday English' }, { timeout: 5000 })).toBeInTheDocument();
  expect(catalogueCalls(fetchMock)).toHaveLength(1);
});
