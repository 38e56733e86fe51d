import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { useNavigationType } from 'react-router';
import { userRecord } from '../../../test/fixtures';
import { json, mockFetch, renderAt } from '../../../test/render';
import { setItem } from '../../../shared/lib/storage';
import { WalletPage } from './wallet-page';

vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }) }));

const entry = (n: number) => ({
  _id: `e${n}`,
  kind: n % 3 === 0 ? 'debit' : n % 3 === 1 ? 'credit' : 'cashback',
  amount: { amountMinor: 10000 * n, currency: 'INR' },
  closingBalance: { amountMinor: 100000 + n * 100, currency: 'INR' },
  description: `Entry ${n}`,
  // 18:30 UTC is midnight the next day in Kolkata.
  createdAt: `2026-03-0${(n % 9) + 1}T18:30:00.000Z`,
});

function api(total: number) {
  return mockFetch({
    'GET /api/auth/me': () => json({ user: userRecord({ timezone: 'Asia/Kolkata' }) }),
    'GET /api/wallet': () => json({ closingBalance: { amountMinor: 123450, currency: 'INR' } }),
    'GET /api/wallet/history': (url) => {
      const page = Number(url.searchParams.get('page'));
      const limit = Number(url.searchParams.get('limit'));
      const items = Array.from({ length: total }, (_, i) => entry(i + 1)).slice((page - 1) * limit, page * limit);
      return json({ items, total });
    },
    'GET /api/offers': () => json({ allOffers: [] }),
    'GET /api/payments/mine': () => json({ items: [], total: 0 }),
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('/wallet', () => {
  it('shows the balance and each entry with its kind, closing balance and date in the user timezone', async () => {
    setItem('USER', userRecord({ timezone: 'Asia/Kolkata' }));
    api(3);
    renderAt(<WalletPage />, { route: '/wallet' });
    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('₹1,234.50');
    const items = within(await screen.findByRole('list', { name: 'Wallet history' })).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Credit');
    expect(items[0]).toHaveTextContent('+₹100');
    expect(items[0]).toHaveTextContent('Balance ₹1,001');
    expect(items[0]).toHaveTextContent('3 Mar 2026, 12:00 AM');
    expect(within(screen.getByRole('region', { name: 'History' })).getByText('Times are in Asia/Kolkata.')).toBeInTheDocument();
    expect(items[2]).toHaveTextContent('Debit');
    expect(items[2]).toHaveTextContent('−₹300');
    expect(screen.queryByRole('navigation', { name: 'History pages' })).not.toBeInTheDocument();
  });

  it('pages through a long history', async () => {
    setItem('USER', userRecord());
    api(23);
    renderAt(<WalletPage />, { route: '/wallet' });
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Entry 11')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    // The new rows start at the heading: focus (and the view) goes there; the page is in the address.
    expect(screen.getByRole('heading', { name: 'History' })).toHaveFocus();
    expect(screen.getByTestId('location')).toHaveTextContent('/wallet?history=2');
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Entry 1')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/wallet$/);
  });

  it('opens the page of history the address names (after Back or a reload)', async () => {
    setItem('USER', userRecord());
    api(23);
    renderAt(<WalletPage />, { route: '/wallet?history=3' });
    expect(await screen.findByText('Entry 21')).toBeInTheDocument();
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
  });

  it('moves a page past the end (an old address) to the last page, in place of it', async () => {
    setItem('USER', userRecord());
    api(23);
    // The move replaces the address: Back does not lead to the page that moves on again.
    const HowItGotHere = () => <output data-testid="navigation">{useNavigationType()}</output>;
    renderAt(
      <>
        <WalletPage />
        <HowItGotHere />
      </>,
      { route: '/wallet?history=9' },
    );
    expect(await screen.findByText('Entry 21')).toBeInTheDocument();
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/wallet?history=3');
    expect(screen.getByTestId('navigation')).toHaveTextContent('REPLACE');
  });

  it('has an empty state with Add Money', async () => {
    setItem('USER', userRecord());
    api(0);
    renderAt(<WalletPage />, { route: '/wallet' });
    // Inside the History section (its h2), the empty message is an h3 (WCAG 1.3.1).
    expect(await screen.findByRole('heading', { level: 3, name: 'No wallet activity yet' })).toBeInTheDocument();
    const buttons = screen.getAllByRole('button', { name: 'Add Money' });
    fireEvent.click(buttons[buttons.length - 1]!);
    expect(await screen.findByRole('dialog', { name: 'Add Money' })).toBeInTheDocument();
  });

  it('does not call the history empty when it could not load it again (a payment may be in it)', async () => {
    setItem('USER', userRecord());
    let down = false;
    mockFetch({
      'GET /api/auth/me': () => json({ user: userRecord({ timezone: 'Asia/Kolkata' }) }),
      'GET /api/wallet': () => json({ closingBalance: { amountMinor: 0, currency: 'INR' } }),
      'GET /api/wallet/history': () => (down ? json({ code: 'UNAVAILABLE', message: 'Parley is not answering.' }, 503) : json({ items: [], total: 0 })),
      'GET /api/offers': () => json({ allOffers: [] }),
      'GET /api/payments/mine': () => json({ items: [], total: 0 }),
    });
    const { queryClient } = renderAt(<WalletPage />, { route: '/wallet' });
    expect(await screen.findByRole('heading', { level: 3, name: 'No wallet activity yet' })).toBeInTheDocument();
    down = true;
    await act(() => queryClient.refetchQueries());
    const history = screen.getByRole('region', { name: 'History' });
    expect(await within(history).findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(within(history).queryByRole('heading', { name: 'No wallet activity yet' })).toBeNull();
  });
});
