import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { setItem } from '../../../shared/lib/storage';
import { userRecord } from '../../../test/fixtures';
import { json, mockFetch, renderAt } from '../../../test/render';
import { AffiliateEarningsPage } from './affiliate-earnings-page';

const inr = (amountMinor: number) => ({ amountMinor, currency: 'INR' as const });

describe('the affiliate earnings', () => {
  it('dates a commission line by the affiliate’s own timezone, not the browser’s', async () => {
    setItem('INFLUENCER_TOKEN', 'h');
    setItem('INFLUENCER', userRecord({ role: 'influencer', timezone: 'Asia/Kolkata' }));
    mockFetch({
      'GET /api/affiliate/earnings': () =>
        json({
          // 20:00 UTC on 28 Nov is 01:30 on 29 Nov in India.
          items: [{ id: 'c-1', learner: 'Ravi', paidAt: '2026-11-28T20:00:00.000Z', payment: inr(149_900), commission: inr(14_990), reversed: null, status: 'credited' }],
          total: 1,
          page: 1,
          limit: 20,
        }),
    });
    renderAt(<AffiliateEarningsPage />);
    expect(await screen.findByRole('cell', { name: 'Nov 29, 2026' })).toBeInTheDocument();
  });
});
