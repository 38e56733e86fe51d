import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Payout } from '@parley/domain/affiliate-api';
import { setItem } from '../../../shared/lib/storage';
import { userRecord } from '../../../test/fixtures';
import { json, mockFetch, renderAt } from '../../../test/render';
import { AffiliatePayoutsPage } from './affiliate-payouts-page';

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
    expect(within(row!).getByText('Nov 29, 2026')).not.toHaveClass('badge');
    expect(within(row!).getByRole('rowheader')).toHaveTextContent('Nov 28, 2026');
  });

  it('lets the keyboard reach the history when it scrolls sideways', async () => {
    renderPayouts();
    const region = await screen.findByRole('region', { name: 'Payout history' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(within(region).getByRole('table')).toBeInTheDocument();
  });
});
