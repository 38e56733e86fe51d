import { lazy, Suspense, type ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter, Link, Route, Routes } from 'react-router';
import { NavigationPending, PENDING_BAR_DELAY_MS } from './navigation-pending';

afterEach(() => window.history.replaceState(null, '', '/'));

describe('NavigationPending', () => {
  it('shows a bar while the next page’s code loads, and not for a page that comes at once', async () => {
    let arrive!: (page: { default: () => ReactElement }) => void;
    const Slow = lazy(() => new Promise<{ default: () => ReactElement }>((resolve) => (arrive = resolve)));
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(
      <BrowserRouter>
        <NavigationPending />
        <Suspense fallback={<p>First load</p>}>
          <Routes>
            <Route path="/" element={<Link to="/slow">Slow page</Link>} />
            <Route path="/slow" element={<Slow />} />
          </Routes>
        </Suspense>
      </BrowserRouter>,
    );
    await user.click(screen.getByRole('link', { name: 'Slow page' }));
    expect(window.location.pathname).toBe('/slow');
    // The old page stays while the code downloads; a quick page would never show the bar.
    expect(screen.getByRole('link', { name: 'Slow page' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
    act(() => vi.advanceTimersByTime(PENDING_BAR_DELAY_MS));
    expect(screen.getByRole('progressbar', { name: 'Loading page' })).toBeInTheDocument();
    await act(async () => arrive({ default: () => <h1>Slow page arrived</h1> }));
    expect(await screen.findByRole('heading', { name: 'Slow page arrived' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
    vi.useRealTimers();
  });
});
