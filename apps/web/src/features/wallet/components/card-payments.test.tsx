import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { json, mockFetch, renderAt } from '../../../test/render';
import { CardPayments } from './card-payments';

const inr = (amountMinor: number) => ({ amountMinor, currency: 'INR' });
const payment = (n: number, extra: object = {}) => ({
  _id: `order_${n}`,
  purpose: 'Wallet',
  description: `Payment ${n}`,
  amount: inr(10_000 * n),
  refunded: null,
  notApplied: null,
  // 18:30 UTC is midnight the next day in Kolkata.
  paidAt: '2026-03-01T18:30:00.000Z',
  ...extra,
});

afterEach(() => vi.unstubAllGlobals());

describe('card payments', () => {
  it('lists each payment with what it bought, its date in the user’s time zone, refunds and what support will refund', async () => {
    const fetch = mockFetch({
      'GET /api/payments/mine': () =>
        json({
          total: 2,
          items: [
            payment(1, { purpose: 'Plan', description: 'Plan: Conversational English · Quick Learner', refunded: inr(2_500) }),
            payment(2, { purpose: 'Demo', description: 'English demo', amount: inr(9_900), notApplied: inr(9_900) }),
          ],
        }),
    });
    renderAt(<CardPayments as="peer" timeZone="Asia/Kolkata" />);
    const rows = within(await screen.findByRole('list', { name: 'Card payments' })).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Plan: Conversational English · Quick Learner');
    expect(rows[0]).toHaveTextContent('2 Mar 2026, 12:00 AM');
    expect(screen.getByText('Times are in Asia/Kolkata.')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('₹100');
    expect(rows[0]).toHaveTextContent('Refunded ₹25');
    expect(rows[0]).not.toHaveTextContent('could not be used');
    expect(rows[1]).toHaveTextContent('₹99 of it could not be used. Our support team has been told and will refund it.');
    // A peer-only account asks in its own session.
    const [, init] = fetch.mock.calls.find(([input]) => String(input).startsWith('/api/payments/mine'))!;
    expect((init?.headers as Record<string, string>)['x-parley-as']).toBe('peer');
  });

  it('says plainly when there are none yet', async () => {
    mockFetch({ 'GET /api/payments/mine': () => json({ items: [], total: 0 }) });
    renderAt(<CardPayments as="learner" timeZone="UTC" />);
    expect(await screen.findByRole('heading', { level: 3, name: 'No card payments yet' })).toBeInTheDocument();
  });

  it('pages through many, and offers to try again when the list cannot load', async () => {
    let fail = true;
    mockFetch({
      'GET /api/payments/mine': (url) => {
        if (fail) return json({ code: 'HTTP_503', message: 'down' }, 503);
        const page = Number(url.searchParams.get('page'));
        return json({ total: 12, items: Array.from({ length: 12 }, (_, i) => payment(i + 1)).slice((page - 1) * 10, page * 10) });
      },
    });
    renderAt(<CardPayments as="learner" timeZone="UTC" />);
    fail = false;
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Payment 11')).toBeInTheDocument();
    // Focus goes to where the new rows start; the page is in the address, beside the history's.
    expect(screen.getByRole('heading', { name: 'Card payments' })).toHaveFocus();
    expect(screen.getByTestId('location')).toHaveTextContent('/?payments=2');
  });
});
