import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { AffiliateDashboard } from '@parley/domain/affiliate-api';
import { setItem } from '../../../shared/lib/storage';
import { userRecord } from '../../../test/fixtures';
import { json, mockFetch, renderAt } from '../../../test/render';
import { AffiliateDashboardPage } from './affiliate-dashboard-page';

const inr = (amountMinor: number) => ({ amountMinor, currency: 'INR' as const });
const dashboard = (status: string): AffiliateDashboard => ({
  status,
  clicks: 0,
  signUps: 0,
  payingLearners: 0,
  signUpConversionPercent: null,
  payingConversionPercent: null,
  earningsThisMonth: inr(0),
  earningsAllTime: inr(0),
  available: inr(0),
  paidOut: inr(0),
  payoutMinimum: inr(100_000),
});
const influencer = (status: string, statusReason: string | null) => userRecord({ role: 'influencer', name: 'Irfan Khan', refferalcode: 'IRFAN10', cuponDiscount: 10, status, statusReason });
const reason = 'Your channel’s audience is mostly outside our markets.';

describe('the affiliate dashboard', () => {
  it('with no visits yet, invites sharing only once the partnership allows it', async () => {
    mockFetch({ 'GET /api/affiliate/dashboard': () => json(dashboard('Pending')) });
    const pending = renderAt(<AffiliateDashboardPage />);
    expect(await screen.findByText(/^Once your partnership is approved, share your campaign link or code/)).toBeInTheDocument();
    pending.unmount();
    mockFetch({ 'GET /api/affiliate/dashboard': () => json(dashboard('Approved')) });
    renderAt(<AffiliateDashboardPage />);
    expect(await screen.findByText(/^Share your campaign link or code/)).toBeInTheDocument();
  });

  it('shows why a moderator rejected the partnership', async () => {
    mockFetch({
      'GET /api/affiliate/dashboard': () => json(dashboard('Rejected')),
      'GET /api/auth/me': (url) => (url.searchParams.get('role') === 'influencer' ? json({ user: influencer('Rejected', reason) }) : json({ code: 'FORBIDDEN', message: 'No' }, 403)),
    });
    renderAt(<AffiliateDashboardPage />);
    const status = await screen.findByTestId('affiliate-status');
    expect(status).toHaveTextContent('Your partnership was not approved, so your code and link cannot be shared. To have it looked at again, reply to the e-mail that told you.');
    // Not the pending affiliate's promise of sharing once approved.
    expect(screen.getByText('Your partnership was not approved, so your link and code bring no visits, sign-ups or payments to show here.')).toBeInTheDocument();
    expect(screen.queryByText(/^Once your partnership is approved/)).toBeNull();
    expect(await within(status).findByTestId('affiliate-status-reason')).toHaveTextContent(`Reason: ${reason}`);
  });

  it('uses the record stored at login while the fresh one loads, and shows no reason once the status is not Rejected', async () => {
    setItem('INFLUENCER', influencer('Rejected', reason));
    mockFetch({
      'GET /api/affiliate/dashboard': () => json(dashboard('Rejected')),
      'GET /api/auth/me': () => new Promise<Response>(() => {}),
    });
    const { unmount } = renderAt(<AffiliateDashboardPage />);
    expect(await screen.findByTestId('affiliate-status-reason')).toHaveTextContent(`Reason: ${reason}`);
    unmount();

    // Approved again since that login: the dashboard's live status wins over the stored record.
    const fetch = mockFetch({ 'GET /api/affiliate/dashboard': () => json(dashboard('Approved')) });
    renderAt(<AffiliateDashboardPage />);
    expect(await screen.findByTestId('affiliate-status')).toHaveTextContent('Approved');
    expect(screen.queryByTestId('affiliate-status-reason')).toBeNull();
    expect(fetch.mock.calls.map(([input]) => String(input))).not.toContainEqual(expect.stringContaining('/api/auth/me'));
  });

  it('shows no reason line when a rejection came without one', async () => {
    mockFetch({
      'GET /api/affiliate/dashboard': () => json(dashboard('Rejected')),
      'GET /api/auth/me': () => json({ user: influencer('Rejected', null) }),
    });
    renderAt(<AffiliateDashboardPage />);
    expect(await screen.findByText(/^Your partnership was not approved, so your code and link cannot be shared\./)).toBeInTheDocument();
    expect(screen.queryByTestId('affiliate-status-reason')).toBeNull();
  });
});
