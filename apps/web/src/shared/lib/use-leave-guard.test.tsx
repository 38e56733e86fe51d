import { fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LEAVE_WITH_UNSAVED, useLeaveGuard } from './use-leave-guard';

function Editor({ dirty }: { dirty: boolean }) {
  useLeaveGuard(dirty);
  return (
    <div>
      <h1>Editor</h1>
      <Link to="/elsewhere">Dashboard</Link>
    </div>
  );
}

function renderAt(dirty: boolean) {
  return render(
    <MemoryRouter initialEntries={['/editor']}>
      <Routes>
        <Route path="/editor" element={<Editor dirty={dirty} />} />
        <Route path="/elsewhere" element={<h1>Elsewhere</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('useLeaveGuard', () => {
  it('with unsaved changes, a link asks first and staying keeps the page', () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderAt(true);
    fireEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(confirm).toHaveBeenCalledWith(LEAVE_WITH_UNSAVED);
    expect(screen.getByRole('heading', { name: 'Editor' })).toBeInTheDocument();
  });

  it('leaving when confirmed follows the link', () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderAt(true);
    fireEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(screen.getByRole('heading', { name: 'Elsewhere' })).toBeInTheDocument();
  });

  it('asks nothing when everything is saved, and closing the tab is asked about only while unsaved', () => {
    const confirm = vi.spyOn(window, 'confirm');
    const { unmount } = renderAt(false);
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(false);
    fireEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(confirm).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Elsewhere' })).toBeInTheDocument();
    unmount();
    renderAt(true);
    const guarded = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(guarded);
    expect(guarded.defaultPrevented).toBe(true);
  });
});
