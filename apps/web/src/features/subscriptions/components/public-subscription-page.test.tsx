import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { userRecord } from '../../../test/fixtures';
import { json, mockFetch, renderAt } from '../../../test/render';
import { getItem, setItem } from '../../../shared/lib/storage';
import { PUBLIC_PLANS_ELEMENT_ID } from '@parley/domain/constants';
import { resetPublicPlansSentWithHtml } from '../api/plans-sent-with-html';
import { PublicSubscriptionPage } from './public-subscription-page';

const plan = (id: string, name: string, subject: string, amountMinor: number, currency: 'INR' | 'USD') => ({
  _id: `00000000-0000-4000-8000-00000000000${id}`,
  name,
  subject,
  subscriptionType: 'weekly',
  classDuration: '25min',
  sessionCount: 12,
  weeklySessions: 3,
  validityDays: 30,
  price: { amountMinor, currency },
});

function AddMoneyStub() {
  return null;
}

function api() {
  return mockFetch({
    'GET /api/plans/public': (url) => {
      const currency = url.searchParams.get('currency') as 'INR' | 'USD';
      return json({ items: [plan('1', 'English Weekly', 'English', currency === 'INR' ? 299900 : 4900, currency), plan('2', 'IELTS Band Booster', 'IELTS', currency === 'INR' ? 699900 : 9900, currency)] });
    },
    'GET /api/auth/me': () => json({ user: userRecord() }),
    'GET /api/plans': () => json({ items: [plan('1', 'English Weekly', 'English', 299900, 'INR')] }),
  });
}

const peerPlan = { ...plan('4', 'Peer Learning · Monthly', 'Peer', 49900, 'INR'), subscriptionType: 'peer_minutes' };

function peerApi() {
  return mockFetch({
    'GET /api/plans/public': () => json({ items: [plan('1', 'English Weekly', 'English', 299900, 'INR'), peerPlan] }),
    'GET /api/plans': () => json({ items: [peerPlan] }),
  });
}

beforeEach(() => {
  localStorage.clear();
  resetPublicPlansSentWithHtml();
});
afterEach(() => vi.unstubAllGlobals());

describe('/subscription', () => {
  it('shows a visitor in India every plan priced in rupees, by subject', async () => {
    setItem('TIMEZONE', { timezone: 'Asia/Kolkata', country: 'IN' });
    const fetch = api();
    renderAt(<PublicSubscriptionPage AddMoney={AddMoneyStub} />, { route: '/subscription' });
    const card = await screen.findByRole('article', { name: 'English Weekly' });
    expect(within(card).getByText('₹2,999')).toBeInTheDocument();
    expect(within(card).getByText('25 min classes')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'IELTS' })).toBeInTheDocument();
    expect(String(fetch.mock.calls[0]![0])).toBe('/api/plans/public?currency=INR');
  });

  it('shows the plans the page’s HTML brought, in the visitor’s currency, without asking; a later visit asks', async () => {
    setItem('TIMEZONE', { timezone: 'America/New_York', country: 'US' });
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = PUBLIC_PLANS_ELEMENT_ID;
    block.textContent = JSON.stringify({ INR: { items: [plan('3', 'Kids Starter', 'Kids', 199900, 'INR')] }, USD: { items: [plan('3', 'Kids Starter', 'Kids', 2900, 'USD')] } });
    document.head.append(block);
    const fetch = api();
    const first = renderAt(<PublicSubscriptionPage AddMoney={AddMoneyStub} />, { route: '/subscription' });
    const card = screen.getByRole('article', { name: 'Kids Starter' });
    expect(within(card).getByText('$29.00')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    expect(document.getElementById(PUBLIC_PLANS_ELEMENT_ID)).toBeNull();
    first.unmount();

    renderAt(<PublicSubscriptionPage AddMoney={AddMoneyStub} />, { route: '/subscription' });
    expect(await screen.findByRole('article', { name: 'IELTS Band Booster' })).toBeInTheDocument();
    expect(String(fetch.mock.calls[0]![0])).toBe('/api/plans/public?currency=USD');
  });

  it('prices plans in dollars for a visitor elsewhere', async () => {
    setItem('TIMEZONE', { timezone: 'America/New_York', country: 'US' });
    api();
    renderAt(<PublicSubscriptionPage AddMoney={AddMoneyStub} />, { route: '/subscription' });
    const card = await screen.findByRole('article', { name: 'IELTS Band Booster' });
    expect(within(card).getByText('$99.00')).toBeInTheDocument();
  });

  it('sends a visitor who buys to log in, remembering to come back here', async () => {
    setItem('TIMEZONE', { timezone: 'Asia/Kolkata', country: 'IN' });
    api();
    renderAt(<PublicSubscriptionPage AddMoney={AddMoneyStub} />, { route: '/subscription', path: '/subscription', extra: <Route path="/login" element={<p>Login page</p>} /> });
    const card = await screen.findByRole('article', { name: 'English Weekly' });
    fireEvent.click(within(card).getByRole('button', { name: /^Buy English Weekly/ }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(getItem('INTENDED_PATH')).toBe('/subscription?plan=00000000-0000-4000-8000-000000000001');
  });

  it('sends a visitor who buys the Peer Learning plan to the peer log-in / sign-up, remembering to come back here', async () => {
    setItem('TIMEZONE', { timezone: 'Asia/Kolkata', country: 'IN' });
    peerApi();
    renderAt(<PublicSubscriptionPage AddMoney={AddMoneyStub} />, {
      route: '/subscription',
      path: '/subscription',
      extra: (
        <>
          <Route path="/login" element={<p>Login page</p>} />
          <Route path="/peer-signup" element={<p>Peer sign-up page</p>} />
        </>
      ),
    });
    const card = await screen.findByRole('article', { name: 'Peer Learning · Monthly' });
    fireEvent.click(within(card).getByRole('button', { name: /^Buy Peer Learning · Monthly/ }));
    expect(await screen.findByText('Peer sign-up page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/peer-signup?mode=login');
    expect(getItem('INTENDED_PATH')).toBe('/subscription?plan=00000000-0000-4000-8000-000000000004');
  });

  it('lets a signed-in peer account pay for the Peer Learning plan here, at its own price, by card', async () => {
    setItem('TIMEZONE', { timezone: 'Asia/Kolkata', country: 'IN' });
    setItem('PEER_TOKEN', 'peer-handle');
    const fetchMock = peerApi();
    renderAt(<PublicSubscriptionPage AddMoney={AddMoneyStub} />, { route: '/subscription' });
    const card = await screen.findByRole('article', { name: 'Peer Learning · Monthly' });
    expect(await within(card).findByRole('button', { name: 'Pay now for Peer Learning · Monthly' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /^Buy/ })).toBeNull();
    expect(within(card).queryByRole('button', { name: /Pay with wallet/ })).toBeNull();
    const own = fetchMock.mock.calls.find(([url]) => new URL(String(url), 'http://localhost').pathname === '/api/plans')!;
    expect((own[1]!.headers as Record<string, string>)['x-parley-as']).toBe('peer');
    // The learner plans still ask a peer account to log in as a learner.
    expect(within(screen.getByRole('article', { name: 'English Weekly' })).getByRole('button', { name: /^Buy English Weekly/ })).toBeInTheDocument();
  });

  it('gives a signed-in learner the plans they can pay for', async () => {
    setItem('TOKEN', 'h');
    setItem('USER', userRecord());
    api();
    renderAt(<PublicSubscriptionPage AddMoney={AddMoneyStub} />, { route: '/subscription' });
    const card = await screen.findByRole('article', { name: 'English Weekly' });
    expect(within(card).getByRole('button', { name: 'Pay now for English Weekly' })).toBeInTheDocument();
  });

  it('brings a learner back from logging in to the plan they chose: its name has the focus', async () => {
    setItem('TOKEN', 'h');
    setItem('USER', userRecord());
    api();
    renderAt(<PublicSubscriptionPage AddMoney={AddMoneyStub} />, { route: '/subscription?plan=00000000-0000-4000-8000-000000000001' });
    const card = await screen.findByRole('article', { name: 'English Weekly' });
    await waitFor(() => expect(within(card).getByRole('heading', { name: 'English Weekly' })).toHaveFocus());
  });

  it('brings a peer back from logging in to the Peer Learning plan they chose', async () => {
    setItem('TIMEZONE', { timezone: 'Asia/Kolkata', country: 'IN' });
    setItem('PEER_TOKEN', 'peer-handle');
    peerApi();
    renderAt(<PublicSubscriptionPage AddMoney={AddMoneyStub} />, { route: '/subscription?plan=00000000-0000-4000-8000-000000000004' });
    const card = await screen.findByRole('article', { name: 'Peer Learning · Monthly' });
    await waitFor(() => expect(within(card).getByRole('heading', { name: 'Peer Learning · Monthly' })).toHaveFocus());
  });
});
