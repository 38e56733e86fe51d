import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { MemoryRouter, useRoutes, type RouteObject } from 'react-router';
import { userRecord } from '../test/fixtures';
import { json, LocationProbe, mockFetch, testQueryClient } from '../test/render';
import { setItem } from '../shared/lib/storage';
import { lazyPage } from './lazy-page';
import { RouteErrorBoundary } from './route-error-boundary';
import { SERVER_BACK_POLL_MS } from './route-error-page';
import { routes } from './router';

// The blog page stands in for any page that fails while rendering.
vi.mock('../features/blog/components/blog-list-page', () => ({
  BlogListPage: () => {
    throw new Error('Cannot read properties of undefined (reading "posts")');
  },
}));

function Routes({ tree }: { tree: RouteObject[] }) {
  return useRoutes(tree);
}

/** The app's routes at `path`, rendered the way start.tsx renders them. */
function renderRoutes(path: string, tree: RouteObject[] = routes) {
  return render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes tree={tree} />
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

// jsdom has no scrolling; the root layout scrolls to the top on every navigation.
beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('router', () => {
  it('shows a recovery page, inside the area layout, when a page throws while rendering', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({ 'GET /api/banners': () => json({ banners: [] }) });
    renderRoutes('/blog');
    const alert = await screen.findByRole('alert');
    const heading = within(alert).getByRole('heading', { name: 'Something went wrong on this page' });
    await vi.waitFor(() => expect(heading).toHaveFocus());
    expect(alert).not.toHaveTextContent('posts');
    expect(within(alert).getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');
    // The public header is still there: the boundary sits inside the area's layout,
    // and moving on to another page clears the error.
    const mainNav = within(screen.getByRole('navigation', { name: 'Main' }));
    await userEvent.click(mainNav.getByRole('link', { name: /For Organizations/ }));
    expect(await screen.findByRole('heading', { name: 'Parley for Organizations' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('tells the user to reload when a page chunk cannot be fetched (a redeploy, a dropped connection), and reloads on request', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const staleChunk = (): Promise<{ WalletPage: () => null }> => Promise.reject(new TypeError('Failed to fetch dynamically imported module: https://parley.test/assets/wallet-page-3f2a.js'));
    const page = lazyPage(staleChunk, 'WalletPage');
    renderRoutes('/wallet', [{ path: '/wallet', element: <RouteErrorBoundary><Suspense fallback={null}>{page}</Suspense></RouteErrorBoundary> }]);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('Parley may have just been updated, or the connection dropped for a moment. Reload to try again.');
    expect(alert).not.toHaveTextContent('wallet-page-3f2a');
    await userEvent.click(within(alert).getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalled();
  });

  it('a page whose code could not come while offline loads by itself once the connection is back', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const offlineChunk = (): Promise<{ WalletPage: () => null }> => Promise.reject(new TypeError('Failed to fetch dynamically imported module: https://parley.test/assets/wallet-page-3f2a.js'));
    const page = lazyPage(offlineChunk, 'WalletPage');
    renderRoutes('/wallet', [{ path: '/wallet', element: <RouteErrorBoundary><Suspense fallback={null}>{page}</Suspense></RouteErrorBoundary> }]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You are offline. The page loads by itself once your connection is back.');
    expect(reload).not.toHaveBeenCalled();
    // The page listens from its effect, which can run after the alert is found: 'online' is sent until it is heard.
    await waitFor(() => {
      window.dispatchEvent(new Event('online'));
      expect(reload).toHaveBeenCalled();
    });
    expect(reload).toHaveBeenCalledOnce();
  });

  it('a page whose code could not come while Parley was away loads by itself once Parley answers again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    let up = false;
    const fetchMock = mockFetch({ 'GET /api/health': () => (up ? json({ status: 'ok' }) : Promise.reject(new TypeError('Failed to fetch'))) });
    const awayChunk = (): Promise<{ WalletPage: () => null }> => Promise.reject(new TypeError('Failed to fetch dynamically imported module: https://parley.test/assets/wallet-page-3f2a.js'));
    renderRoutes('/wallet', [{ path: '/wallet', element: <RouteErrorBoundary><Suspense fallback={null}>{lazyPage(awayChunk, 'WalletPage')}</Suspense></RouteErrorBoundary> }]);
    expect(await screen.findByRole('alert')).toHaveTextContent('This page could not be loaded');
    await vi.advanceTimersByTimeAsync(SERVER_BACK_POLL_MS);
    expect(reload).not.toHaveBeenCalled();
    up = true;
    await vi.advanceTimersByTimeAsync(SERVER_BACK_POLL_MS);
    expect(reload).toHaveBeenCalledOnce();
    expect(fetchMock.mock.calls.length).toBeGreaterThanOrEqual(3);
    vi.useRealTimers();
  });

  it('a page whose code is gone while Parley answers (it was updated) waits for Reload, and stops asking', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const fetchMock = mockFetch({ 'GET /api/health': () => json({ status: 'ok' }) });
    const goneChunk = (): Promise<{ WalletPage: () => null }> => Promise.reject(new TypeError('Failed to fetch dynamically imported module: https://parley.test/assets/wallet-page-3f2a.js'));
    renderRoutes('/wallet', [{ path: '/wallet', element: <RouteErrorBoundary><Suspense fallback={null}>{lazyPage(goneChunk, 'WalletPage')}</Suspense></RouteErrorBoundary> }]);
    await screen.findByRole('alert');
    await vi.advanceTimersByTimeAsync(3 * SERVER_BACK_POLL_MS);
    expect(reload).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledOnce();
    vi.useRealTimers();
  });

  it('shows the 404 page for unknown paths, an unknown plan vertical and an unknown kids subject', async () => {
    setItem('TOKEN', 'token');
    setItem('KID_TOKEN', 'kid-token');
    setItem('USER', userRecord());
    mockFetch({ 'GET /api/auth/me': () => json({ user: userRecord() }) });
    for (const path of ['/no/such/page', '/maths/subscription-plans', '/kids/maths/session']) {
      const { unmount } = renderRoutes(path);
      // Three lazy chunks deep (guard, layout, page): allow for a busy machine.
      expect(await screen.findByRole('heading', { name: 'Page not found' }, { timeout: 5000 })).toBeInTheDocument();
      expect(screen.getByTestId('location')).toHaveTextContent(path);
      // One main region, the layout's: an unknown path keeps a header to find the way on.
      expect(screen.getAllByRole('main')).toHaveLength(1);
      expect(screen.getByRole('banner')).toBeInTheDocument();
      unmount();
    }
  });

  it('opens the Peer Learning plans to a peer-only account (PEER_TOKEN) inside the peer area, under the peer-only menu', async () => {
    const peerUser = userRecord({ role: 'peer', name: 'Pia Peer', isPeerActive: true });
    setItem('PEER_TOKEN', 'peer-token');
    setItem('USER', peerUser);
    const peerPlan = { _id: '00000000-0000-4000-8000-000000000006', name: 'Peer Learning · Monthly', subject: 'Peer', subscriptionType: 'peer_minutes', classDuration: '15min', sessionCount: 0, weeklySessions: 0, validityDays: 30, price: { amountMinor: 49900, currency: 'INR' } };
    mockFetch({ 'GET /api/auth/me': () => json({ user: peerUser }), 'GET /api/plans': () => json({ items: [peerPlan] }) });
    renderRoutes('/peer-learning/subscription-plans');
    expect(await screen.findByRole('article', { name: 'Peer Learning · Monthly' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/peer-learning/subscription-plans');
    const menu = within(screen.getAllByRole('navigation').find((nav) => within(nav).queryByRole('link', { name: 'Past Calls' }))!);
    expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/peer-learning/dashboard');
    expect(menu.queryByRole('link', { name: 'Subscription Plans' })).toBeNull();
    expect(menu.queryByRole('link', { name: 'Wallet' })).toBeNull();
  });

  it('opens an area at its dashboard, and sends a signed-out visitor to that area’s login', async () => {
    renderRoutes('/teacher');
    await vi.waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/teacher/login'));
    expect(await screen.findByRole('heading', { name: 'Tutor login' })).toBeInTheDocument();
  });
});
