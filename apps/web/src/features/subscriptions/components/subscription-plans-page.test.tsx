import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { messages } from '@parley/domain/messages';
import { ieltsSubscription, userRecord } from '../../../test/fixtures';
import { json, mockFetch, renderAt } from '../../../test/render';
import { resetCheckoutSdk, type CheckoutOptions } from '../../../shared/lib/checkout';
import { getItem, setItem } from '../../../shared/lib/storage';
import { SubscriptionPlansPage } from './subscription-plans-page';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), toast) }));

const plan = (id: string, name: string, subject: string, amountMinor: number) => ({
  _id: `00000000-0000-4000-8000-00000000000${id}`,
  name,
  subject,
  subscriptionType: 'weekly',
  classDuration: subject === 'IELTS' ? '25min' : '15min',
  sessionCount: 12,
  weeklySessions: 3,
  validityDays: 30,
  price: { amountMinor, currency: 'INR' },
});
const plans = [plan('1', 'English Quick', 'English', 299900), plan('2', 'IELTS Band Booster', 'IELTS', 699900)];

function AddMoneyStub({ open }: { open: boolean; onClose: () => void }) {
  return open ? <div role="dialog" aria-label="Add Money" /> : null;
}

function api(buy: () => Response) {
  return mockFetch({
    'GET /api/auth/me': () => json({ user: userRecord() }),
    'GET /api/plans': () => json({ items: plans }),
    [`POST /api/plans/${plans[0]!._id}/buy-with-wallet`]: buy,
    'GET /api/images': () => json({ key_id: 'k', provider: 'sandbox', checkoutScriptUrl: '/s.js' }),
    'POST /api/sandbox/capture': () => json({ data: { id: 'order_p', currency: 'INR', amount: 299900 } }),
  });
}

beforeEach(() => {
  resetCheckoutSdk();
  setItem('TOKEN', 'h');
  setItem('USER', userRecord());
  toast.success.mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete window.Razorpay;
});

describe('subscription plans pages', () => {
  it("lists the vertical's plans with price, sessions, class duration and validity", async () => {
    api(() => json({}));
    renderAt(<SubscriptionPlansPage vertical="ielts" AddMoney={AddMoneyStub} />, { route: '/ielts/subscription-plans' });
    const card = await screen.findByRole('article', { name: 'IELTS Band Booster' });
    expect(within(card).getByText('₹6,999')).toBeInTheDocument();
    expect(within(card).getByText('12 sessions')).toBeInTheDocument();
    expect(within(card).getByText('25 min classes')).toBeInTheDocument();
    expect(within(card).getByText('Valid for 30 days')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'English Quick' })).not.toBeInTheDocument();
  });

  it('offers Book a Demo to a learner with no plan and no paid demo', async () => {
    api(() => json({}));
    renderAt(<SubscriptionPlansPage vertical="learner" AddMoney={AddMoneyStub} />, { route: '/learner/subscription-plans' });
    expect(await screen.findByRole('link', { name: messages.bookADemo })).toHaveAttribute('href', '/book-demo?subject=English');
  });

  it('activates a plan from the wallet: toast, and the subscribed user replaces USER', async () => {
    const subscribed = userRecord({ activeSubscription: { ...ieltsSubscription(), plan: { _id: plans[0]!._id, name: 'English Quick', classDuration: '15min' } } });
    const fetchMock = api(() => json({ message: messages.planActivated, user: subscribed, closingBalance: { amountMinor: 100, currency: 'INR' } }));
    renderAt(<SubscriptionPlansPage vertical="learner" AddMoney={AddMoneyStub} />, { route: '/learner/subscription-plans' });
    fireEvent.click(await screen.findByRole('button', { name: /Pay with wallet for English Quick/ }));
    // Nothing is paid until the learner confirms the amount.
    const confirm = screen.getByRole('dialog', { name: 'Pay from your wallet?' });
    expect(confirm).toHaveTextContent('₹2,999 will be taken from your wallet for English Quick.');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('buy-with-wallet'))).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Pay ₹2,999' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(messages.planActivated, expect.anything()));
    expect(getItem('USER')?.activeSubscription?.plan._id).toBe(plans[0]!._id);
    expect(await screen.findByText('Current plan')).toBeInTheDocument();
  });

  it('offers Add Money when the wallet is short (INSUFFICIENT_BALANCE)', async () => {
    api(() => json({ code: 'INSUFFICIENT_BALANCE', message: messages.insufficientWallet }, 409));
    renderAt(<SubscriptionPlansPage vertical="learner" AddMoney={AddMoneyStub} />, { route: '/learner/subscription-plans' });
    fireEvent.click(await screen.findByRole('button', { name: /Pay with wallet for English Quick/ }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Pay from your wallet?' })).getByRole('button', { name: 'Pay ₹2,999' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.insufficientWallet);
    fireEvent.click(within(alert).getByRole('button', { name: 'Add Money' }));
    expect(screen.getByRole('dialog', { name: 'Add Money' })).toBeInTheDocument();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('Pay now opens the checkout for a Plan order with the plan id', async () => {
    const fetchMock = api(() => json({}));
    let opened: CheckoutOptions | null = null;
    window.Razorpay = class {
      constructor(options: CheckoutOptions) {
        opened = options;
      }
      on() {}
      open() {}
    };
    renderAt(<SubscriptionPlansPage vertical="learner" AddMoney={AddMoneyStub} />, { route: '/learner/subscription-plans' });
    fireEvent.click(await screen.findByRole('button', { name: /Pay now for English Quick/ }));
    await waitFor(() => expect(opened).not.toBeNull());
    const capture = fetchMock.mock.calls.find(([url]) => String(url).includes('/api/sandbox/capture'));
    expect(JSON.parse(String(capture![1]!.body))).toMatchObject({ amount: 299900, notes: { type: 'Plan', paymentDetails: { planId: plans[0]!._id } } });
  });

  it('Cancel in the wallet confirmation pays nothing', async () => {
    const fetchMock = api(() => json({}));
    renderAt(<SubscriptionPlansPage vertical="learner" AddMoney={AddMoneyStub} />, { route: '/learner/subscription-plans' });
    fireEvent.click(await screen.findByRole('button', { name: /Pay with wallet for English Quick/ }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Pay from your wallet?' })).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Pay from your wallet?' })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('buy-with-wallet'))).toBe(false);
  });

  it('/kids/subscription-plans?subject=English lists the kids’ English plans, not the adults’', async () => {
    mockFetch({
      'GET /api/auth/me': () => json({ user: userRecord() }),
      'GET /api/plans': () => json({ items: [...plans, plan('3', 'Kids Spoken English', 'Kids English', 299900), plan('4', 'Financial Education for Kids', 'Financial Education', 249900)] }),
    });
    renderAt(<SubscriptionPlansPage AddMoney={AddMoneyStub} />, { route: '/kids/subscription-plans?subject=English', path: '/:vertical/subscription-plans' });
    expect(await screen.findByRole('article', { name: 'Kids Spoken English' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Kids English plans' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'English Quick' })).toBeNull();
    expect(screen.queryByRole('article', { name: 'Financial Education for Kids' })).toBeNull();
  });

  it('asks a peer-only account to log in as a learner instead of listing plans', () => {
    const fetchMock = api(() => json({}));
    window.localStorage.removeItem('TOKEN');
    setItem('PEER_TOKEN', 'p');
    renderAt(<SubscriptionPlansPage vertical="kid-peer" AddMoney={AddMoneyStub} />, { route: '/kid-peer/subscription-plans' });
    expect(screen.getByText('Log in with your learner account to buy a plan')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/plans'))).toBe(false);
  });
});
