import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Payout } from '@parley/domain/affiliate-api';
import { setItem } from '../../../shared/lib/storage';
import { userRecord } from '../../../test/fixtures';
import { json, mockFetch, renderAt } from '../../../test/render';
import { PAYOUT_SETTLING_POLL_MS } from '../api/get-payouts';
import { AffiliatePayoutsPage } from './affiliate-payouts-page';

afterEach(() => vi.useRealTimers());

const inr = (amountMinor: number) => ({ amountMinor, currency: 'INR' as const });
const bankDetails = { kind: 'IN' as const, accountHolder: 'Tanya Malhotra', account: '•••• 9012', ifsc: 'HDFC0001234', updatedAt: '2026-11-01T00:00:00.000Z' };
// 20:00 UTC on 28 Nov is 01:30 on 29 Nov in India: the calendar day differs by zone.
const paid: Payout = { id: 'p-1', amount: inr(150_000), status: 'paid', account: '•••• 9012', requestedAt: '2026-11-27T20:00:00.000Z', paidAt: '2026-11-28T20:00:00.000Z', failureReason: null };

function renderPayouts() {
  setItem('INFLUENCER_TOKEN', 'h');
  setItem('INFLUENCER', userRecord({ role: 'influencer', timezone: 'Asia/Kolkata' }));
  mockFetch({
    'GET /api/affiliate/bank-details': () => json({ bankDetails }),
    'GET /api/affiliate/payouts': () => json({ available: inr(0), minimum: inr(100_000), hasBankDetails: true, items: [paid] }),
  });
  renderAt(<AffiliatePayoutsPage />);
}

describe('the affiliate payout history', () => {
  it('keeps the status badge to its word and says the paid date under it, in the affiliate’s timezone', async () => {
    renderPayouts();
    const history = await screen.findByRole('table', { name: 'Payout history, newest first' });
    const [, row] = within(history).getAllByRole('row');
    // A one-line badge holds only "Paid": a date in it wraps out of the pill on a phone.
    expect(within(row!).getByText('Paid')).toHaveClass('badge');
    expect(within(row!).getByText('29 Nov 2026')).not.toHaveClass('badge');
    expect(within(row!).getByRole('rowheader')).toHaveTextContent('28 Nov 2026');
  });

  it('lets the keyboard reach the history when it scrolls sideways', async () => {
    renderPayouts();
    const region = await screen.findByRole('region', { name: 'Payout history' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(within(region).getByRole('table')).toBeInTheDocument();
  });

  it('turns a requested payout Paid while the page stays open, and stops asking once none is on its way', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setItem('INFLUENCER_TOKEN', 'h');
    setItem('INFLUENCER', userRecord({ role: 'influencer', timezone: 'Asia/Kolkata' }));
    let asked = 0;
    const requested = { ...paid, status: 'requested' as const, paidAt: null };
    mockFetch({
      'GET /api/affiliate/bank-details': () => json({ bankDetails }),
      'GET /api/affiliate/payouts': () => json({ available: inr(0), minimum: inr(100_000), hasBankDetails: true, items: [++asked === 1 ? requested : paid] }),
    });
    renderAt(<AffiliatePayoutsPage />);
    const history = await screen.findByRole('table', { name: 'Payout history, newest first' });
    const badge = () => within(within(history).getAllByRole('row')[1]!).getByText(/^(Requested|Paid)$/, { selector: '.badge' });
    expect(badge()).toHaveTextContent('Requested');
    await vi.advanceTimersByTimeAsync(PAYOUT_SETTLING_POLL_MS);
    await vi.waitFor(() => expect(badge()).toHaveTextContent('Paid'));
    await vi.advanceTimersByTimeAsync(3 * PAYOUT_SETTLING_POLL_MS);
    expect(asked).toBe(2);
  });
});

describe('asking for a payout', () => {
  function renderWithBalance(availableMinor: number) {
    setItem('INFLUENCER_TOKEN', 'h');
    setItem('INFLUENCER', userRecord({ role: 'influencer', timezone: 'Asia/Kolkata' }));
    const asked: unknown[] = [];
    mockFetch({
      'GET /api/affiliate/bank-details': () => json({ bankDetails }),
      'GET /api/affiliate/payouts': () => json({ available: inr(availableMinor), minimum: inr(100_000), hasBankDetails: true, items: [] }),
      'POST /api/affiliate/payouts': (_, init) => {
        asked.push(JSON.parse(String(init?.body)));
        return json({ ...paid, id: 'p-2', status: 'requested', paidAt: null }, 201);
      },
    });
    renderAt(<AffiliatePayoutsPage />);
    return asked;
  }

  it('takes an amount written with thousands separators, as the page writes amounts', async () => {
    // ₹10,00,000 available.
    const asked = renderWithBalance(100_000_000);
    const amount = await screen.findByRole('textbox', { name: 'Amount (INR)' });
    await userEvent.clear(amount);
    await userEvent.type(amount, '1,00,000');
    expect(screen.queryByText(/Enter an amount such as/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Request payout' }));
    await vi.waitFor(() => expect(asked).toEqual([{ amountMinor: 10_000_000 }]));
    await userEvent.clear(amount);
    await userEvent.type(amount, '1,500');
    await userEvent.click(screen.getByRole('button', { name: 'Request payout' }));
    await vi.waitFor(() => expect(asked).toEqual([{ amountMinor: 10_000_000 }, { amountMinor: 150_000 }]));
  });

  it('fills the amount with what is left after a payout is asked for, not the balance before it', async () => {
    // ₹5,000 available; ₹1,500 asked for leaves ₹3,500.
    const asked = renderWithBalance(500_000);
    const amount = await screen.findByRole('textbox', { name: 'Amount (INR)' });
    expect(amount).toHaveValue('5000');
    await userEvent.clear(amount);
    await userEvent.type(amount, '1,500');
    await userEvent.click(screen.getByRole('button', { name: 'Request payout' }));
    await vi.waitFor(() => expect(asked).toEqual([{ amountMinor: 150_000 }]));
    await vi.waitFor(() => expect(amount).toHaveValue('3500'));
  });

  it('refuses a malformed separator, naming both ways to write an amount', async () => {
    const asked = renderWithBalance(1_000_000);
    const amount = await screen.findByRole('textbox', { name: 'Amount (INR)' });
    await userEvent.clear(amount);
    await userEvent.type(amount, '1,0');
    await userEvent.click(screen.getByRole('button', { name: 'Request payout' }));
    expect(await screen.findByText('Enter an amount such as 1,500 or 1500.50')).toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it('takes the focus back to the amount when it is refused, so a screen reader reads the reason', async () => {
    const asked = renderWithBalance(160_005);
    const amount = await screen.findByRole('textbox', { name: 'Amount (INR)' });
    for (const [typed, reason] of [
      ['abc', 'Enter an amount such as 1,500 or 1500.50'],
      ['999.99', 'A payout is at least ₹1,000.'],
      ['2000', 'You can ask for at most ₹1,600.05.'],
    ] as const) {
      await userEvent.clear(amount);
      await userEvent.type(amount, typed);
      await userEvent.click(screen.getByRole('button', { name: 'Request payout' }));
      await vi.waitFor(() => expect(amount).toHaveFocus());
      expect(amount).toHaveAccessibleDescription(reason);
      expect(amount).toHaveAttribute('aria-invalid', 'true');
    }
    expect(asked).toEqual([]);
  });

  it('says a server refusal of the amount in the field’s own words', async () => {
    setItem('INFLUENCER_TOKEN', 'h');
    setItem('INFLUENCER', userRecord({ role: 'influencer', timezone: 'Asia/Kolkata' }));
    mockFetch({
      'GET /api/affiliate/bank-details': () => json({ bankDetails }),
      'GET /api/affiliate/payouts': () => json({ available: inr(1_000_000), minimum: inr(100_000), hasBankDetails: true, items: [] }),
      'POST /api/affiliate/payouts': () => json({ code: 'VALIDATION_FAILED', message: 'Amount is too large', fields: { amountMinor: 'Amount is too large' } }, 400),
    });
    renderAt(<AffiliatePayoutsPage />);
    const amount = await screen.findByRole('textbox', { name: 'Amount (INR)' });
    await userEvent.click(screen.getByRole('button', { name: 'Request payout' }));
    await waitFor(() => expect(amount).toHaveAccessibleDescription('Amount is too large'));
    expect(amount).toHaveFocus();
  });
});
