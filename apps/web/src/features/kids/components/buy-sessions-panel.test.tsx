import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@parley/domain/messages';
import { json, mockFetch, renderAt } from '../../../test/render';
import { BuySessionsPanel, type PurchasedKid } from './buy-sessions-panel';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), toast) }));

const aarav: PurchasedKid = { _id: '0b6f4e1c-2d3a-4b5c-8d9e-000000000001', name: 'Aarav', isDemoPayed: true };

function AddMoneyStub({ open }: { open: boolean; onClose: () => void }) {
  return open ? <div role="dialog" aria-label="Add Money" /> : null;
}

function api(balanceMinor: number, currency: 'INR' | 'USD' = 'INR') {
  return mockFetch({
    'GET /api/wallet': () => json({ closingBalance: { amountMinor: balanceMinor, currency } }),
    'POST /api/kids/buy-sessions': (_url, init) => {
      const body = JSON.parse(String(init?.body));
      const total = body.isDemo ? 14900 : 29900 * body.sessionsBought;
      return json({ message: `${body.sessionsBought} sessions added for Aarav`, grandTotal: { amountMinor: total, currency: 'INR' }, sessionsAvailable: 5, closingBalance: { amountMinor: balanceMinor - total, currency: 'INR' } });
    },
  });
}

function renderPanel({ subject = 'English', country = 'IN', kid = aarav }: { subject?: 'English' | 'Financial Education'; country?: string; kid?: PurchasedKid } = {}) {
  const onPurchased = vi.fn();
  const view = renderAt(<BuySessionsPanel subject={subject} kid={kid} country={country} AddMoney={AddMoneyStub} onPurchased={onPurchased} />);
  return { onPurchased, ...view };
}

const count = () => screen.getByRole('status', { name: 'Session count' });
const total = () => screen.getByTestId('grand-total');

afterEach(() => {
  vi.unstubAllGlobals();
  toast.success.mockClear();
});

describe('Buy Sessions', () => {
  it('starts at 1 session and never goes below 1', async () => {
    api(100000);
    renderPanel();
    expect(count()).toHaveTextContent('1');
    const minus = screen.getByRole('button', { name: 'Fewer sessions' });
    expect(minus).toBeDisabled();
    fireEvent.click(minus);
    expect(count()).toHaveTextContent('1');
    fireEvent.click(screen.getByRole('button', { name: 'More sessions' }));
    fireEvent.click(screen.getByRole('button', { name: 'More sessions' }));
    expect(count()).toHaveTextContent('3');
    fireEvent.click(minus);
    fireEvent.click(minus);
    expect(count()).toHaveTextContent('1');
    expect(minus).toBeDisabled();
  });

  it('shows the session price and a grand total of price × count', async () => {
    api(100000);
    renderPanel();
    expect(screen.getByTestId('session-price')).toHaveTextContent('₹299');
    expect(total()).toHaveTextContent('₹299');
    fireEvent.click(screen.getByRole('button', { name: 'More sessions' }));
    expect(total()).toHaveTextContent('₹598');
  });

  it('converts the price to dollars outside India', async () => {
    api(100000, 'USD');
    renderPanel({ country: 'US' });
    expect(total()).toHaveTextContent('$3.65');
  });

  it('warns of a low balance and switches to Add money in India, which opens Add Money', async () => {
    api(50000);
    renderPanel();
    await waitFor(() => expect(screen.getByTestId('kids-wallet-balance')).toHaveTextContent('₹500'));
    expect(screen.queryByText(messages.insufficientWallet)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay using wallet' })).toBeEnabled();

    fireEvent.click(screen.getByRole('button', { name: 'More sessions' }));
    expect(total()).toHaveTextContent('₹598');
    expect(screen.getByText(messages.insufficientWallet)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay using wallet' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add money' }));
    expect(screen.getByRole('dialog', { name: 'Add Money' })).toBeInTheDocument();
  });

  it('keeps Pay using wallet, disabled, for a low balance outside India', async () => {
    api(100, 'USD');
    renderPanel({ country: 'US' });
    expect(await screen.findByText(messages.insufficientWallet)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay using wallet' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add money' })).not.toBeInTheDocument();
  });

  it('pays from the wallet with the spec payload and reports the purchase', async () => {
    const fetchMock = api(100000);
    const { onPurchased } = renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'More sessions' }));
    await screen.findByText('₹1,000');
    fireEvent.click(screen.getByRole('button', { name: 'Pay using wallet' }));

    await waitFor(() => expect(onPurchased).toHaveBeenCalledWith({ grandTotal: { amountMinor: 59800, currency: 'INR' } }));
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/api/kids/buy-sessions'));
    expect(JSON.parse(String(call![1]!.body))).toEqual({ subject: 'English', learnerId: aarav._id, sessionsBought: 2, forKids: true, isDemo: false });
    expect(new Headers(call![1]!.headers).get('x-parley-as')).toBe('learner');
    expect(toast.success).toHaveBeenCalledWith('2 sessions added for Aarav', expect.anything());
  });
});

describe('Try Demo', () => {
  it('offers a demo at ₹149 for one session when the kid has none', async () => {
    const fetchMock = api(100000);
    renderPanel({ kid: { ...aarav, isDemoPayed: false } });
    fireEvent.click(screen.getByRole('tab', { name: 'Try Demo' }));
    expect(total()).toHaveTextContent('₹149');
    expect(screen.getByTestId('session-price')).toHaveTextContent('₹149');
    expect(screen.queryByRole('button', { name: 'More sessions' })).not.toBeInTheDocument();
    await screen.findByText('₹1,000');
    fireEvent.click(screen.getByRole('button', { name: 'Pay using wallet' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/kids/buy-sessions'))).toBe(true));
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/api/kids/buy-sessions'));
    expect(JSON.parse(String(call![1]!.body))).toMatchObject({ isDemo: true, sessionsBought: 1 });
  });

  it('Buy Sessions and Try Demo are tabs: one Tab stop, arrows and Home/End switch, aria-controls resolve', async () => {
    const user = userEvent.setup();
    api(100000);
    renderPanel({ kid: { ...aarav, isDemoPayed: false } });
    const tabs = within(screen.getByRole('tablist', { name: 'Purchase type' })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Buy Sessions', 'Try Demo']);
    for (const tab of tabs) {
      const panel = document.getElementById(tab.getAttribute('aria-controls')!);
      expect(panel).toHaveAttribute('role', 'tabpanel');
      expect(panel).toHaveAttribute('aria-labelledby', tab.id);
    }
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1]);
    expect(screen.getByRole('tabpanel', { name: 'Buy Sessions' })).toContainElement(total());

    tabs[0]!.focus();
    await user.keyboard('{ArrowRight}');
    expect(tabs[1]).toHaveFocus();
    expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    expect(tabs.map((t) => t.tabIndex)).toEqual([-1, 0]);
    expect(screen.getByRole('tabpanel', { name: 'Try Demo' })).toContainElement(total());
    expect(total()).toHaveTextContent('₹149');

    await user.keyboard('{ArrowLeft}');
    expect(tabs[0]).toHaveFocus();
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(tabs[1]).toHaveFocus();
    expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(tabs[0]).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Buy Sessions' })).toBeVisible();
    expect(total()).toHaveTextContent('₹299');
  });

  it('has no demo option once the kid has a paid demo', () => {
    api(100000);
    renderPanel();
    expect(screen.queryByRole('tab', { name: 'Try Demo' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tabpanel')).not.toBeInTheDocument();
  });
});

describe('Financial Education Refer & Earn', () => {
  it('shows the Refer & Earn session button with an OR divider in India', () => {
    api(100000);
    renderPanel({ subject: 'Financial Education' });
    expect(screen.getByText('OR')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Refer & Earn a session' })).toHaveAttribute('href', '/kids/financial-education/referral');
  });

  it('has neither outside India nor for English', () => {
    api(100000, 'USD');
    const { unmount } = renderPanel({ subject: 'Financial Education', country: 'US' });
    expect(screen.queryByText('OR')).not.toBeInTheDocument();
    unmount();
    renderPanel({ subject: 'English' });
    expect(screen.queryByRole('link', { name: /Refer & Earn/ })).not.toBeInTheDocument();
  });
});
