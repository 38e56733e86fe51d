import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AffiliateEarnings } from '@parley/domain/affiliate-api';
import { setItem } from '../../../shared/lib/storage';
import { userRecord } from '../../../test/fixtures';
import { json, mockFetch, renderAt } from '../../../test/render';
import { EARNINGS_PAGE_SIZE } from '../api/get-affiliate-earnings';
import { AffiliateEarningsPage } from './affiliate-earnings-page';

const inr = (amountMinor: number) => ({ amountMinor, currency: 'INR' as const });

type Line = AffiliateEarnings['items'][number];
/** The earnings page of an affiliate in India, with these commission lines. */
function renderEarnings(items: Line[]) {
  setItem('INFLUENCER_TOKEN', 'h');
  setItem('INFLUENCER', userRecord({ role: 'influencer', timezone: 'Asia/Kolkata' }));
  mockFetch({ 'GET /api/affiliate/earnings': () => json({ items, total: items.length, page: 1, limit: 20, capPerLearner: inr(200_000) }) });
  renderAt(<AffiliateEarningsPage />);
}

describe('the affiliate earnings', () => {
  it('dates a commission line by the affiliate’s own timezone, not the browser’s', async () => {
    // 20:00 UTC on 28 Nov is 01:30 on 29 Nov in India.
    renderEarnings([{ id: 'c-1', learner: 'Ravi', paidAt: '2026-11-28T20:00:00.000Z', payment: inr(149_900), commission: inr(14_990), reversed: null, status: 'credited' }]);
    expect(await screen.findByRole('cell', { name: '29 Nov 2026' })).toBeInTheDocument();
  });

  it('fits a phone as the payout history does: the date under the learner, the payment under the commission, the status in view', async () => {
    renderEarnings([{ id: 'c-1', learner: 'Ravi Shankar', paidAt: '2026-11-28T06:00:00.000Z', payment: inr(149_900), commission: inr(14_990), reversed: inr(4_000), status: 'partly reversed' }]);
    const table = await screen.findByRole('table', { name: 'Commission lines, newest first' });
    expect(table).toHaveClass('table-sm', 'sm:table-md');
    // The two columns a phone drops are said inside the cells it keeps.
    for (const name of ['Paid on', 'Payment']) expect(within(table).getByRole('columnheader', { name })).toHaveClass('hidden', 'sm:table-cell');
    const [, row] = within(table).getAllByRole('row');
    expect(within(row!).getByRole('rowheader')).toHaveTextContent('Ravi Shankar28 Nov 2026');
    expect(within(within(row!).getByRole('rowheader')).getByText('28 Nov 2026')).toHaveClass('sm:hidden');
    const commission = within(row!).getByText('₹149.90').closest('td')!;
    expect(within(commission).getByText('of ₹1,499 paid')).toHaveClass('sm:hidden');
    expect(within(commission).getByText('−₹40 refunded')).toBeInTheDocument();
    // Two words in a narrow column: they wrap inside the pill, not out of it (nor off the screen).
    expect(within(row!).getByText('Partly reversed')).toHaveClass('badge', 'h-auto', 'whitespace-normal');
    // Nothing left to swipe for: no hint that says so.
    expect(screen.queryByText(/Swipe the table sideways/)).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Commission lines' })).toHaveAttribute('tabindex', '0');
  });

  it('says how much one learner can earn the affiliate, and why a line earns nothing, with its status written as a label', async () => {
    renderEarnings([
            { id: 'c-2', learner: 'Ravi', paidAt: '2026-11-29T06:00:00.000Z', payment: inr(50_000), commission: inr(0), reversed: null, status: 'not eligible' },
            { id: 'c-1', learner: 'Ravi', paidAt: '2026-11-28T06:00:00.000Z', payment: inr(500_000), commission: inr(60_000), reversed: null, status: 'credited' },
          ]);
    expect(await screen.findByText('One learner earns you up to ₹2,000 in all: a payment past that, or after their first 180 days, is Not eligible.')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Commission lines, newest first' });
    expect(within(table).getByText('Not eligible')).toHaveClass('badge');
    expect(within(table).getByText('Credited')).toHaveClass('badge');
  });

  it('pages through the lines, the page in the address and the keyboard going on from the table where the new ones start', async () => {
    setItem('INFLUENCER_TOKEN', 'h');
    setItem('INFLUENCER', userRecord({ role: 'influencer', timezone: 'Asia/Kolkata' }));
    const lines = Array.from({ length: EARNINGS_PAGE_SIZE + 3 }, (_, i): Line => ({ id: `c-${i}`, learner: `Learner ${i + 1}`, paidAt: '2026-11-28T06:00:00.000Z', payment: inr(10_000), commission: inr(1_000), reversed: null, status: 'credited' }));
    mockFetch({
      'GET /api/affiliate/earnings': (url) => {
        const page = Number(url.searchParams.get('page') ?? '1');
        return json({ items: lines.slice((page - 1) * EARNINGS_PAGE_SIZE, page * EARNINGS_PAGE_SIZE), total: lines.length, page, limit: EARNINGS_PAGE_SIZE, capPerLearner: inr(200_000) });
      },
    });
    renderAt(<AffiliateEarningsPage />);
    expect(await screen.findAllByTestId('commission-line')).toHaveLength(EARNINGS_PAGE_SIZE);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getAllByTestId('commission-line')).toHaveLength(3));
    expect(screen.getByRole('region', { name: 'Commission lines' })).toHaveFocus();
    expect(screen.getByTestId('location')).toHaveTextContent('/?page=2');
  });
});
