import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@parley/domain/messages';
import { planChanged } from '@parley/domain/plans';
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

function api(buy: () => Response | Promise<Response>) {
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
  toast.error.mockClear();
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
    const { queryClient } = renderAt(<SubscriptionPlansPage vertical="learner" AddMoney={AddMoneyStub} />, { route: '/learner/subscription-plans' });
    // A kids plan covers the parent's kids: their session counts are read again.
    const kidCounts = ['kid', 'kid-1', 'subjects', 'learner'];
    queryClient.setQueryData(kidCounts, []);
    fireEvent.click(await screen.findByRole('button', { name: /Pay with wallet for English Quick/ }));
    // Nothing is paid until the learner confirms the amount.
    const confirm = await screen.findByRole('dialog', { name: 'Pay from your wallet?' });
    expect(confirm).toHaveTextContent('₹2,999 will be taken from your wallet for English Quick.');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('buy-with-wallet'))).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Pay ₹2,999' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(messages.planActivated, expect.anything()));
    expect(getItem('USER')?.activeSubscription?.plan._id).toBe(plans[0]!._id);
    expect(await screen.findByText('Current plan')).toBeInTheDocument();
    expect(queryClient.getQueryState(kidCounts)?.isInvalidated).toBe(true);
  });

  it('sends one request key per purchase: a retry after a lost answer sends it again, a purchase after a success a new one', async () => {
    const keys: string[] = [];
    let answers = 0;
    const fetchMock = api(() => {
      answers += 1;
      // The first answer is lost on the way (the server may have charged): the learner tries again.
      if (answers === 1) return Promise.reject(new TypeError('Failed to fetch'));
      return json({ message: messages.planActivated, user: userRecord(), closingBalance: { amountMinor: 100, currency: 'INR' } });
    });
    renderAt(<SubscriptionPlansPage vertical="learner" AddMoney={AddMoneyStub} />, { route: '/learner/subscription-plans' });
    const buy = async () => {
      fireEvent.click(await screen.findByRole('button', { name: /Pay with wallet for English Quick/ }));
      fireEvent.click(within(await screen.findByRole('dialog', { name: 'Pay from your wallet?' })).getByRole('button', { name: 'Pay ₹2,999' }));
      await waitFor(() => expect(answers).toBe(keys.length + 1));
      keys.push(JSON.parse(String(fetchMock.mock.calls.filter(([url]) => String(url).includes('buy-with-wallet')).at(-1)![1]!.body)).requestKey);
      await waitFor(() => expect(screen.getByRole('button', { name: /Pay with wallet for English Quick/ })).not.toHaveAttribute('aria-disabled'));
    };
    await buy();
    await buy();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(messages.planActivated, expect.anything()));
    await buy();
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('Pay with wallet keeps the focus the confirmation gives back while the payment runs, and after it; one payment for a double click', async () => {
    let release: (response: Response) => void = () => {};
    let bought = 0;
    api(() => {
      bought += 1;
      return new Promise<Response>((resolve) => (release = resolve));
    });
    const user = userEvent.setup();
    renderAt(<SubscriptionPlansPage vertical="learner" AddMoney={AddMoneyStub} />, { route: '/learner/subscription-plans' });
    const payWithWallet = await screen.findByRole('button', { name: /Pay with wallet for English Quick/ });
    payWithWallet.focus();
    await user.keyboard('{Enter}');
    const pay = within(await screen.findByRole('dialog', { name: 'Pay from your wallet?' })).getByRole('button', { name: 'Pay ₹2,999' });
    fireEvent.click(pay);
    fireEvent.click(pay);
    await waitFor(() => expect(payWithWallet).toHaveAttribute('aria-disabled', 'true'));
    expect(payWithWallet).toHaveFocus();
    expect(screen.getByRole('button', { name: /Pay now for English Quick/ })).toHaveAttribute('aria-disabled', 'true');
    release(json({ message: messages.planActivated, user: userRecord(), closingBalance: { amountMinor: 100, currency: 'INR' } }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(messages.planActivated, expect.anything()));
    await waitFor(() => expect(payWithWallet).not.toHaveAttribute('aria-disabled'));
    expect(payWithWallet).toHaveFocus();
    expect(bought).toBe(1);
  });

  it('a learner whose wallet is in another currency (they moved country) sees and pays the wallet price', async () => {
    const usdPlan = { ...plans[0]!, price: { amountMinor: 3999, currency: 'USD' }, walletPrice: { amountMinor: 299900, currency: 'INR' } };
    const fetchMock = mockFetch({
      'GET /api/auth/me': () => json({ user: userRecord() }),
      'GET /api/plans': () => json({ items: [usdPlan] }),
      'GET /api/wallet': () => json({ closingBalance: { amountMinor: 500_000, currency: 'INR' } }),
      [`POST /api/plans/${usdPlan._id}/buy-with-wallet`]: () => json({ message: messages.planActivated, user: userRecord(), closingBalance: { amountMinor: 200_100, currency: 'INR' } }),
    });
    renderAt(<SubscriptionPlansPage vertical="learner" AddMoney={AddMoneyStub} />, { route: '/learner/subscription-plans' });
    const card = await screen.findByRole('article', { name: 'English Quick' });
    expect(within(card).getByText('$39.99')).toBeInTheDocument();
    expect(within(card).getByText('₹2,999 from your wallet')).toBeInTheDocument();
    fireEvent.click(within(card).getByRole('button', { name: /Pay with wallet for English Quick/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Pay from your wallet?' });
    expect(confirm).toHaveTextContent('₹2,999 will be taken from your wallet for English Quick.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Pay ₹2,999' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(messages.planActivated, expect.anything()));
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('buy-with-wallet'))).toBe(true);
  });

  it('names the plan it shows, and after a purchase in another tab says so and shows that plan', async () => {
    const boughtElsewhere = userRecord({ activeSubscription: { ...ieltsSubscription(), plan: { _id: plans[0]!._id, name: 'English Quick', classDuration: '15min' } } });
    let meCalls = 0;
    const fetchMock = mockFetch({
      'GET /api/auth/me': () => json({ user: meCalls++ === 0 ? userRecord() : boughtElsewhere }),
      'GET /api/plans': () => json({ items: plans }),
      'GET /api/wallet': () => json({ closingBalance: { amountMinor: 1_000_000, currency: 'INR' } }),
      [`POST /api/plans/${plans[0]!._id}/buy-with-wallet`]: () => json({ code: 'PLAN_CHANGED', message: planChanged }, 409),
    });
    renderAt(<SubscriptionPlansPage vertical="learner" AddMoney={AddMoneyStub} />, { route: '/learner/subscription-plans' });
    fireEvent.click(await screen.findByRole('button', { name: /Pay with wallet for English Quick/ }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Pay from your wallet?' })).getByRole('button', { name: 'Pay ₹2,999' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(planChanged, expect.anything()));
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).includes('buy-with-wallet'))!;
    expect(JSON.parse(String(init?.body))).toEqual({ currentSubscriptionId: null, requestKey: expect.any(String) });
    expect(await screen.findByText('Current plan')).toBeInTheDocument();
  });

  it('tells a learner with a live plan of the subject that its sessions left move to the new one', async () => {
    mockFetch({
      'GET /api/auth/me': () => json({ user: userRecord({ activeSubscription: ieltsSubscription() }) }),
      'GET /api/plans': () => json({ items: plans }),
      'GET /api/wallet': () => json({ closingBalance: { amountMinor: 1_000_000, currency: 'INR' } }),
    });
    renderAt(<SubscriptionPlansPage vertical="ielts" AddMoney={AddMoneyStub} />, { route: '/ielts/subscription-plans' });
    const card = await screen.findByRole('article', { name: 'IELTS Band Booster' });
    const note = 'The 5 sessions left on your current plan move to this one and must be used within its 30 days.';
    expect(await within(card).findByText(note)).toBeInTheDocument();
    fireEvent.click(within(card).getByRole('button', { name: /Pay with wallet/ }));
    expect(await screen.findByRole('dialog', { name: 'Pay from your wallet?' })).toHaveTextContent(note);
  });

  it('on the current plan’s own card, says buying it again carries its sessions over (not that they move to it)', async () => {
    const subscribed = userRecord({ activeSubscription: { ...ieltsSubscription(), plan: { _id: plans[0]!._id, name: 'English Quick', classDuration: '15min' }, subjects: ['English'] } });
    mockFetch({
      'GET /api/auth/me': () => json({ user: subscribed }),
      'GET /api/plans': () => json({ items: plans }),
      'GET /api/wallet': () => json({ closingBalance: { amountMinor: 1_000_000, currency: 'INR' } }),
    });
    renderAt(<SubscriptionPlansPage vertical="learner" AddMoney={AddMoneyStub} />, { route: '/learner/subscription-plans' });
    const card = await screen.findByRole('article', { name: 'English Quick' });
    expect(await within(card).findByText(/^Buying this plan again starts it anew: the 5 sessions left on it carry over and must be used within its \d+ days\.$/)).toBeInTheDocument();
    expect(within(card).queryByText(/move to this one/)).toBeNull();
  });

  it('says nothing of sessions moving to a plan of another subject', async () => {
    mockFetch({
      'GET /api/auth/me': () => json({ user: userRecord({ activeSubscription: ieltsSubscription() }) }),
      'GET /api/plans': () => json({ items: plans }),
    });
    renderAt(<SubscriptionPlansPage vertical="learner" AddMoney={AddMoneyStub} />, { route: '/learner/subscription-plans' });
    await screen.findByRole('article', { name: 'English Quick' });
    expect(screen.queryByText(/move to this one/)).not.toBeInTheDocument();
  });

  it('offers Add Money when the wallet is short (INSUFFICIENT_BALANCE)', async () => {
    api(() => json({ code: 'INSUFFICIENT_BALANCE', message: messages.insufficientWallet }, 409));
    renderAt(<SubscriptionPlansPage vertical="learner" AddMoney={AddMoneyStub} />, { route: '/learner/subscription-plans' });
    fireEvent.click(await screen.findByRole('button', { name: /Pay with wallet for English Quick/ }));
    fireEvent.click(within((await screen.findByRole('dialog', { name: 'Pay from your wallet?' }))).getByRole('button', { name: 'Pay ₹2,999' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.insufficientWallet);
    fireEvent.click(within(alert).getByRole('button', { name: 'Add Money' }));
    expect(screen.getByRole('dialog', { name: 'Add Money' })).toBeInTheDocument();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('asks for the wallet again after a refusal: the balance shown was out of date (spent in another tab)', async () => {
    api(() => json({ code: 'INSUFFICIENT_BALANCE', message: messages.insufficientWallet }, 409));
    const { queryClient } = renderAt(<SubscriptionPlansPage vertical="learner" AddMoney={AddMoneyStub} />, { route: '/learner/subscription-plans' });
    queryClient.setQueryData(['wallet', 'balance'], { amountMinor: 550_000, currency: 'INR' });
    fireEvent.click(await screen.findByRole('button', { name: /Pay with wallet for English Quick/ }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Pay from your wallet?' })).getByRole('button', { name: 'Pay ₹2,999' }));
    await screen.findByRole('alert');
    expect(queryClient.getQueryState(['wallet', 'balance'])?.isInvalidated).toBe(true);
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
    expect(JSON.parse(String(capture![1]!.body))).toMatchObject({ amount: 299900, notes: { type: 'Plan', paymentDetails: { planId: plans[0]!._id, currentSubscriptionId: null } } });
  });

  it('Pay now from a tab that missed a purchase in another says so, opens no checkout and shows that plan', async () => {
    const boughtElsewhere = userRecord({ activeSubscription: { ...ieltsSubscription(), plan: { _id: plans[0]!._id, name: 'English Quick', classDuration: '15min' } } });
    let meCalls = 0;
    let opened = false;
    window.Razorpay = class {
      on() {}
      open() {
        opened = true;
      }
    };
    mockFetch({
      'GET /api/auth/me': () => json({ user: meCalls++ === 0 ? userRecord() : boughtElsewhere }),
      'GET /api/plans': () => json({ items: plans }),
      'GET /api/images': () => json({ key_id: 'k', provider: 'sandbox', checkoutScriptUrl: '/s.js' }),
      'POST /api/sandbox/capture': () => json({ code: 'PLAN_CHANGED', message: planChanged }, 409),
    });
    renderAt(<SubscriptionPlansPage vertical="learner" AddMoney={AddMoneyStub} />, { route: '/learner/subscription-plans' });
    fireEvent.click(await screen.findByRole('button', { name: /Pay now for English Quick/ }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(planChanged, expect.anything()));
    expect(await screen.findByText('Current plan')).toBeInTheDocument();
    expect(opened).toBe(false);
  });

  it('Cancel in the wallet confirmation pays nothing', async () => {
    const fetchMock = api(() => json({}));
    renderAt(<SubscriptionPlansPage vertical="learner" AddMoney={AddMoneyStub} />, { route: '/learner/subscription-plans' });
    fireEvent.click(await screen.findByRole('button', { name: /Pay with wallet for English Quick/ }));
    fireEvent.click(within((await screen.findByRole('dialog', { name: 'Pay from your wallet?' }))).getByRole('button', { name: 'Cancel' }));
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

  it('lists a new-curriculum learner’s Curriculum plans on /learner/subscription-plans, bought the same way', async () => {
    const curriculumLearner = userRecord({ isNewCurriculum: true });
    setItem('USER', curriculumLearner);
    const curriculumPlan = plan('5', 'English Curriculum · Steady', 'Curriculum', 399900);
    const fetchMock = mockFetch({
      'GET /api/auth/me': () => json({ user: curriculumLearner }),
      'GET /api/plans': () => json({ items: [...plans, curriculumPlan] }),
    });
    renderAt(<SubscriptionPlansPage vertical="learner" AddMoney={AddMoneyStub} />, { route: '/learner/subscription-plans' });
    const card = await screen.findByRole('article', { name: 'English Curriculum · Steady' });
    expect(screen.getByRole('heading', { level: 1, name: 'Curriculum plans' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'English Quick' })).toBeNull();
    // No English demo offer: the curriculum has its own path.
    expect(screen.queryByRole('link', { name: messages.bookADemo })).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: /Pay with wallet for English Curriculum/ }));
    expect(await screen.findByRole('dialog', { name: 'Pay from your wallet?' })).toHaveTextContent('₹3,999 will be taken from your wallet for English Curriculum · Steady.');
    expect(within(card).getByRole('button', { name: /Pay now for English Curriculum/ })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('buy-with-wallet'))).toBe(false);
  });

  it('keeps the English plans for a learner who is not on the new curriculum, and for subject=English', async () => {
    api(() => json({}));
    const { unmount } = renderAt(<SubscriptionPlansPage vertical="learner" AddMoney={AddMoneyStub} />, { route: '/learner/subscription-plans' });
    expect(await screen.findByRole('article', { name: 'English Quick' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Spoken English plans' })).toBeInTheDocument();
    unmount();

    setItem('USER', userRecord({ isNewCurriculum: true }));
    renderAt(<SubscriptionPlansPage vertical="learner" AddMoney={AddMoneyStub} />, { route: '/learner/subscription-plans?subject=English' });
    expect(await screen.findByRole('article', { name: 'English Quick' })).toBeInTheDocument();
  });
});

describe('/kid-peer/subscription-plans: paying from the wallet', () => {
  const peerPlan = { ...plan('6', 'Peer Learning · Monthly', 'Peer', 49900), subscriptionType: 'peer_minutes', sessionCount: 0, weeklySessions: 0 };

  function walletApi(balanceMinor: number) {
    return mockFetch({
      'GET /api/auth/me': () => json({ user: userRecord() }),
      'GET /api/plans': () => json({ items: [...plans, peerPlan] }),
      'GET /api/wallet': () => json({ closingBalance: { amountMinor: balanceMinor, currency: 'INR' } }),
      [`POST /api/plans/${peerPlan._id}/buy-with-wallet`]: () => json({ code: 'INSUFFICIENT_BALANCE', message: messages.insufficientWallet }, 409),
    });
  }

  it('says the wallet is short, with Add Money, before any confirmation, and asks nothing of the server', async () => {
    const fetchMock = walletApi(12000);
    renderAt(<SubscriptionPlansPage vertical="kid-peer" AddMoney={AddMoneyStub} />, { route: '/kid-peer/subscription-plans' });
    const card = await screen.findByRole('article', { name: 'Peer Learning · Monthly' });
    fireEvent.click(within(card).getByRole('button', { name: 'Pay with wallet for Peer Learning · Monthly' }));
    const alert = await within(card).findByRole('alert');
    expect(alert).toHaveTextContent('Your wallet has ₹120, less than ₹499. Add money to pay from your wallet, or pay now by card.');
    expect(screen.queryByRole('dialog', { name: 'Pay from your wallet?' })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('buy-with-wallet'))).toBe(false);
    fireEvent.click(within(alert).getByRole('button', { name: 'Add Money' }));
    expect(screen.getByRole('dialog', { name: 'Add Money' })).toBeInTheDocument();
  });

  it('asks to confirm when the wallet covers the price', async () => {
    walletApi(49900);
    renderAt(<SubscriptionPlansPage vertical="kid-peer" AddMoney={AddMoneyStub} />, { route: '/kid-peer/subscription-plans' });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay with wallet for Peer Learning · Monthly' }));
    expect(await screen.findByRole('dialog', { name: 'Pay from your wallet?' })).toHaveTextContent('₹499 will be taken from your wallet for Peer Learning · Monthly.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('speaks of the practice minutes the plans sell, not sessions', async () => {
    walletApi(0);
    renderAt(<SubscriptionPlansPage vertical="kid-peer" AddMoney={AddMoneyStub} />, { route: '/kid-peer/subscription-plans' });
    await screen.findByRole('article', { name: 'Peer Learning · Monthly' });
    expect(screen.getByText(/^Each plan adds practice minutes to your account, which you give to your kids/)).toBeInTheDocument();
    expect(screen.queryByText(/sessions/)).toBeNull();
  });
});

describe('the Peer Learning plans as a peer-only account (PEER_TOKEN, no TOKEN)', () => {
  const peerUser = userRecord({ _id: '7a2b3c4d-1111-4222-8333-444455556666', role: 'peer', name: 'Pia Peer', email: 'pia@example.com', isPeerActive: true, referralCode: null });
  const peerPlan = { ...plan('6', 'Peer Learning · Monthly', 'Peer', 49900), subscriptionType: 'peer_minutes', sessionCount: 0, weeklySessions: 0 };
  const header = (init: RequestInit | undefined, name: string) => (init?.headers as Record<string, string> | undefined)?.[name];

  beforeEach(() => {
    window.localStorage.removeItem('TOKEN');
    setItem('PEER_TOKEN', 'p');
    setItem('USER', peerUser);
  });

  function peerApi() {
    return mockFetch({
      'GET /api/auth/me': () => json({ user: peerUser }),
      // The server lists a peer-only account the Peer plans only; an English one slipped in must not show either.
      'GET /api/plans': () => json({ items: [peerPlan, plans[0]] }),
      'GET /api/images': () => json({ key_id: 'k', provider: 'sandbox', checkoutScriptUrl: '/s.js' }),
      'POST /api/sandbox/capture': () => json({ data: { id: 'order_peer', currency: 'INR', amount: 49900 } }),
      'POST /api/payments/verify': () => json({ status: 'Success', purpose: 'Plan', message: messages.planActivated }),
    });
  }

  it('lists the Peer Learning plans with Pay now only, and says why there is no wallet', async () => {
    const fetchMock = peerApi();
    renderAt(<SubscriptionPlansPage vertical="peer-learning" AddMoney={AddMoneyStub} />, { route: '/peer-learning/subscription-plans' });
    const card = await screen.findByRole('article', { name: 'Peer Learning · Monthly' });
    expect(screen.getByRole('heading', { level: 1, name: 'Peer Learning plans' })).toBeInTheDocument();
    expect(within(card).getByText('₹499')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Pay now for Peer Learning · Monthly' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: /Pay with wallet/ })).toBeNull();
    expect(screen.queryByRole('article', { name: 'English Quick' })).toBeNull();
    expect(screen.getByRole('note')).toHaveTextContent('no wallet, so Peer Learning plans are paid by card');
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/peer-learning/dashboard');
    // Nothing of a learner's: no all-plans link (a learner page), no log-in detour.
    expect(screen.queryByRole('link', { name: 'Compare all plans' })).toBeNull();
    expect(screen.queryByText(/Log in with your learner account/)).toBeNull();
    const plansCall = fetchMock.mock.calls.find(([url]) => String(url).includes('/api/plans'));
    expect(header(plansCall![1], 'x-parley-as')).toBe('peer');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('role=learner'))).toBe(false);
  });

  it('pays a Peer plan at the checkout in the peer session, and the peer dashboard’s minutes refresh at once', async () => {
    const fetchMock = peerApi();
    window.Razorpay = class {
      constructor(private readonly options: CheckoutOptions) {}
      on() {}
      open() {
        this.options.handler({ razorpay_order_id: 'order_peer', razorpay_payment_id: 'pay_peer', razorpay_signature: 'sig' });
      }
    };
    const { queryClient } = renderAt(<SubscriptionPlansPage vertical="peer-learning" AddMoney={AddMoneyStub} />, { route: '/peer-learning/subscription-plans' });
    queryClient.setQueryData(['peer', 'overview'], { availableMinutes: 0 });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay now for Peer Learning · Monthly' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(messages.planActivated, expect.anything()));
    await waitFor(() => expect(queryClient.getQueryState(['peer', 'overview'])?.isInvalidated).toBe(true));

    const capture = fetchMock.mock.calls.find(([url]) => String(url).includes('/api/sandbox/capture'))!;
    expect(header(capture[1], 'x-parley-as')).toBe('peer');
    expect(JSON.parse(String(capture[1]!.body))).toMatchObject({ amount: 49900, notes: { type: 'Plan', learnerID: peerUser._id, paymentDetails: { planId: peerPlan._id } } });
    const verify = fetchMock.mock.calls.find(([url]) => String(url).includes('/api/payments/verify'))!;
    expect(header(verify[1], 'x-parley-as')).toBe('peer');
    // The record is refreshed as the peer (a learner record would be a 401 for this session).
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/auth/me?role=peer'))).toBe(true);
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('role=learner') || String(url).includes('/api/wallet'))).toBe(false);
    expect(getItem('USER')?._id).toBe(peerUser._id);
  });
});
