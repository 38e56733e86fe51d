import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Outlet, Route, Routes } from 'react-router';
import { MainContent, SkipLink } from '../shared/ui/skip-link';
import { useFocusOnNavigate } from './focus-on-navigate';

function Shell() {
  useFocusOnNavigate();
  return (
    <>
      <SkipLink />
      <nav aria-label="Menu">
        <Link to="/wallet">Wallet</Link>
        <Link to="/form">Form</Link>
      </nav>
      <MainContent>
        <Outlet />
      </MainContent>
    </>
  );
}

function renderShell() {
  render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route element={<Shell />}>
          <Route index element={<h1>Home</h1>} />
          <Route path="wallet" element={<h1>Wallet</h1>} />
          <Route path="form" element={<input aria-label="Name" autoFocus />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

describe('focus on route change', () => {
  it('leaves focus alone on the first load', async () => {
    renderShell();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(document.body).toHaveFocus();
  });

  it("moves focus to the new page's h1 after a navigation", async () => {
    renderShell();
    await userEvent.click(screen.getByRole('link', { name: 'Wallet' }));
    await vi.waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Wallet' })).toHaveFocus());
  });

  it('does not take focus from a field the new page focused itself', async () => {
    renderShell();
    await userEvent.click(screen.getByRole('link', { name: 'Form' }));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
  });

  it('the skip link is the first Tab stop and moves focus to the main region', async () => {
    renderShell();
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    await userEvent.click(skip);
    expect(screen.getByRole('main')).toHaveFocus();
  });
});
