import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PageNav, Pager } from './pager';

function Pages({ onPage }: { onPage: (page: number) => void }) {
  const [page, setPage] = useState(1);
  return (
    <PageNav
      page={page}
      pageCount={2}
      label="History pages"
      onPage={(next) => {
        onPage(next);
        setPage(next);
      }}
    />
  );
}

describe('PageNav', () => {
  it('keeps focus on Next when it reaches the last page (a disabled button would drop it), and asks for no page past it', async () => {
    const onPage = vi.fn();
    render(<Pages onPage={onPage} />);
    const nav = screen.getByRole('navigation', { name: 'History pages' });
    const next = within(nav).getByRole('button', { name: 'Next' });
    expect(within(nav).getByRole('button', { name: 'Previous' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(next);
    expect(onPage).toHaveBeenCalledWith(2);
    expect(next).toHaveFocus();
    expect(next).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(next);
    expect(onPage).toHaveBeenCalledTimes(1);
    // The new page is announced.
    expect(within(nav).getByText('Page 2 of 2')).toHaveAttribute('aria-live', 'polite');
  });

  it('holds Next while the next page is loading', async () => {
    const onPage = vi.fn();
    render(<PageNav page={1} pageCount={3} onPage={onPage} loading />);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).not.toHaveBeenCalled();
  });
});

describe('Pager', () => {
  it('is hidden while everything fits on one page', () => {
    const { container } = render(<Pager page={1} total={10} pageSize={10} onPage={vi.fn()} />);
    expect(container).toBeEmptyDOMElement();
  });
});
