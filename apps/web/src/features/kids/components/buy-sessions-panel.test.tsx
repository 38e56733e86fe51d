import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@parley/domain/messages';
import { json, mockFetch, renderAt } from '../../../test/render';
import { BuySessionsPanel, type PurchasedKid } from './buy-sessions-panel';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), toast) }));

const aarav: PurchasedKid = { _id: '0b6f4e1c-2d3a-4b5c-8d9e-000000000001', name: 'Aarav', isDemoPayed: true };

function AddMoneyStub({ open, suggested }: { open: boolean; onClose: () => void; suggested?: { amountMinor: number; currency: string } }) {
  return open ? <div role="dialog" aria-label="Add Money" data-suggested={suggested ? `${suggested.amountMinor} ${suggested.currency}` : ''} /> : null;
}

/** The affiliate codes the fake server knows as active, with their coupon percentage. */
const activeCodes: Record<string, number> = { TANYA10: 10 };
const notValid = () => json({ code: 'OFFER_NOT_VALID', message: 'This affiliate code is not valid.' }, 400);

/** The server's pricing, as the fake server answers it: INR 299 a session, 149 a demo, USD 3.65. */
function priced(currency: 'INR' | 'USD', isDemo: boolean, sessions: number, code: string | null) {
  const unit = currency === 'USD' ? 365 : isDemo ? 14900 : 29900;
  const subtotal = unit * sessions;
  const percent = code ? activeCodes[code.trim().toUpperCase()] : undefined;
  if (code && percent === undefined) return null;
  const off = percent === undefined ? 0 : Math.round((subtotal * percent) / 100);
  const m = (amountMinor: number) => ({ amountMinor, currency });
  return {
    unitPrice: m(unit),
    subtotal: m(subtotal),
    affiliate: percent === undefined ? null : { referralCode: code!.trim().toUpperCase(), cuponDiscount: percent, discount: m(off) },
    grandTotal: m(subtotal - off),
  };
}

/** `answer(n)` may answer the nth purchase (from 1) itself: a failure, say; null leaves it to the fake server. */
type ApiOptions = { referrer?: string | null; answer?: (n: number) => Response | null };

function api(balanceMinor: number, currency: 'INR' | 'USD' = 'INR', { referrer = null, answer = () => null }: ApiOptions = {}) {
  let purchases = 0;
  return mockFetch({
    'GET /api/wallet': () => json({ closingBalance: { amountMinor: balanceMinor, currency } }),
    'GET /api/affiliate/referrer': () => json({ referralCode: referrer }),
    'GET /api/kids/buy-sessions/quote': (url) => {
      const q = url.searchParams;
      const quote = priced(currency, q.get('isDemo') === 'true', Number(q.get('sessionsBought')), q.get('influencerCode'));
      return quote ? json(quote) : notValid();
    },
    'POST /api/kids/buy-sessions': (_url, init) => {
      const answered = answer(++purchases);
      if (answered) return answered;
      const body = JSON.parse(String(init?.body));
      const quote = priced(currency, body.isDemo, body.sessionsBought, body.influencerCode ?? null);
      if (!quote) return notValid();
      const total = quote.grandTotal.amountMinor;
      return json({ message: `${body.sessionsBought} sessions added for Aarav`, grandTotal: quote.grandTotal, sessionsAvailable: 5, closingBalance: { amountMinor: balanceMinor - total, currency } });
    },
  });
}

const buyBodies = (fetchMock: ReturnType<typeof api>) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).includes('/api/kids/buy-sessions') && init?.method === 'POST').map(([, init]) => JSON.parse(String(init!.body)));
const buyBody = (fetchMock: ReturnType<typeof api>) => buyBodies(fetchMock)[0];
const aRequestKey = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

function renderPanel({ subject = 'English', country = 'IN', kid = aarav }: { subject?: 'English' | 'Financial Education'; country?: string; kid?: PurchasedKid } = {}) {
  const onPurchased = vi.fn();
  const view = renderAt(<BuySessionsPanel subject={subject} kid={kid} country={country} AddMoney={AddMoneyStub} onPurchased={onPurchased} />);
  return { onPurchased, ...view };
}

const count = () => screen.getByRole('status', { name: 'Session count' });
const codeField = () => screen.getByRole('textbox', { name: 'Affiliate code' });
const total = () => screen.getByTestId('grand-total');

afterEach(() => {
  vi.unstubAllGlobals();
  toast.success.mockClear();
  toast.error.mockClear();
});

describe('Buy Sessions', () => {
  it('starts at 1 session and never goes below 1', async () => {
    api(100000);
    renderPanel();
    expect(count()).toHaveTextContent('1');
    const minus = screen.getByRole('button', { name: 'Fewer sessions' });
    expect(minus).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(minus);
    expect(count()).toHaveTextContent('1');
    fireEvent.click(screen.getByRole('button', { name: 'More sessions' }));
    fireEvent.click(screen.getByRole('button', { name: 'More sessions' }));
    expect(count()).toHaveTextContent('3');
    minus.focus();
    fireEvent.click(minus);
    fireEvent.click(minus);
    expect(count()).toHaveTextContent('1');
    // At the least it can buy, the button says so and keeps the focus (a disabled one would drop it to the page).
    expect(minus).toHaveAttribute('aria-disabled', 'true');
    expect(minus).not.toHaveAttribute('disabled');
    expect(document.activeElement).toBe(minus);
  });

  it('shows the session price and a grand total of price × count', async () => {
    api(100000);
    renderPanel();
    expect(screen.getByTestId('session-price')).toHaveTextContent('₹299');
    expect(total()).toHaveTextContent('₹299');
    fireEvent.click(screen.getByRole('button', { name: 'More sessions' }));
    expect(total()).toHaveTextContent('₹598');
    // Announced together: the count alone says nothing of what it costs.
    expect(screen.getByTestId('count-and-total')).toHaveTextContent('2 sessions, grand total ₹598');
    expect(screen.getByTestId('count-and-total')).toHaveAttribute('aria-live', 'polite');
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
    expect(screen.getByRole('button', { name: 'Pay using wallet' })).not.toHaveAttribute('aria-disabled');

    fireEvent.click(screen.getByRole('button', { name: 'More sessions' }));
    expect(total()).toHaveTextContent('₹598');
    expect(screen.getByText(messages.insufficientWallet)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay using wallet' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add money' }));
    // It offers what the purchase is short of: ₹598 less ₹500.
    expect(screen.getByRole('dialog', { name: 'Add Money' })).toHaveAttribute('data-suggested', '9800 INR');
  });

  it('keeps Pay using wallet, disabled, for a low balance outside India', async () => {
    const fetchMock = api(100, 'USD');
    renderPanel({ country: 'US' });
    expect(await screen.findByText(messages.insufficientWallet)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay using wallet' })).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Pay using wallet' }));
    expect(buyBodies(fetchMock)).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Add money' })).not.toBeInTheDocument();
  });

  it('pays from the wallet with the spec payload and reports the purchase', async () => {
    const fetchMock = api(100000);
    const { onPurchased } = renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'More sessions' }));
    await screen.findByText('₹1,000');
    fireEvent.click(screen.getByRole('button', { name: 'Pay using wallet' }));

    await waitFor(() => expect(onPurchased).toHaveBeenCalledWith({ grandTotal: { amountMinor: 59800, currency: 'INR' } }));
    expect(buyBody(fetchMock)).toEqual({ subject: 'English', learnerId: aarav._id, sessionsBought: 2, forKids: true, isDemo: false, requestKey: aRequestKey });
    const call = fetchMock.mock.calls.find(([url, init]) => String(url).includes('/api/kids/buy-sessions') && init?.method === 'POST');
    expect(new Headers(call![1]!.headers).get('x-parley-as')).toBe('learner');
    expect(toast.success).toHaveBeenCalledWith('2 sessions added for Aarav', expect.anything());
  });

  it('a double click on Pay using wallet sends one purchase, and no error follows the success', async () => {
    // Were a second purchase sent, the balance (one session) would refuse it, as in the defect report.
    const fetchMock = api(29900, 'INR', { answer: (n) => (n > 1 ? json({ code: 'INSUFFICIENT_BALANCE', message: messages.insufficientWallet }, 409) : null) });
    const { onPurchased } = renderPanel();
    await screen.findByText('₹299', { selector: '[data-testid="kids-wallet-balance"]' });
    const pay = screen.getByRole('button', { name: 'Pay using wallet' });
    fireEvent.click(pay);
    fireEvent.click(pay);

    await waitFor(() => expect(onPurchased).toHaveBeenCalledTimes(1));
    expect(buyBodies(fetchMock)).toHaveLength(1);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('sends the same purchase again with the same request key (the server charges it once), and a changed one with a new key', async () => {
    const fetchMock = api(100000, 'INR', { answer: (n) => (n <= 2 ? json({ code: 'UNAVAILABLE', message: 'Try again.' }, 503) : null) });
    const { onPurchased } = renderPanel();
    await screen.findByText('₹1,000');
    const pay = screen.getByRole('button', { name: 'Pay using wallet' });
    for (const sent of [1, 2]) {
      fireEvent.click(pay);
      await waitFor(() => expect(buyBodies(fetchMock)).toHaveLength(sent));
      await waitFor(() => expect(pay).not.toHaveAttribute('aria-disabled'));
    }
    fireEvent.click(screen.getByRole('button', { name: 'More sessions' }));
    await waitFor(() => expect(total()).toHaveTextContent('₹598'));
    fireEvent.click(pay);
    await waitFor(() => expect(onPurchased).toHaveBeenCalledTimes(1));
    const [first, again, changed] = buyBodies(fetchMock).map((body) => body.requestKey);
    expect(first).toEqual(aRequestKey);
    expect(again).toBe(first);
    expect(changed).toEqual(aRequestKey);
    expect(changed).not.toBe(first);
  });
});

describe('Affiliate code', () => {
  it('is behind a link; a valid code shows the server’s discounted total and the payment sends the code', async () => {
    const user = userEvent.setup();
    const fetchMock = api(100000);
    const { onPurchased } = renderPanel();
    await screen.findByText('₹1,000');
    expect(screen.queryByRole('textbox', { name: 'Affiliate code' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Have an affiliate code?' }));
    expect(codeField()).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'More sessions' }));
    await user.type(codeField(), 'tanya10{Enter}');
    expect(await screen.findByTestId('affiliate-discount')).toHaveTextContent('−₹59.80');
    expect(screen.getByTestId('subtotal')).toHaveTextContent('₹598');
    expect(total()).toHaveTextContent('₹538.20');
    expect(screen.getByText('TANYA10 applied: 10% off.')).toBeInTheDocument();
    expect(codeField()).toHaveAccessibleDescription('TANYA10 applied: 10% off.');
    expect(codeField()).not.toHaveAttribute('aria-invalid');

    // Another session: the discounted total is quoted again by the server, never worked out here.
    await user.click(screen.getByRole('button', { name: 'More sessions' }));
    await waitFor(() => expect(total()).toHaveTextContent('₹807.30'));
    const quoted = fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost')).filter((url) => url.pathname === '/api/kids/buy-sessions/quote');
    expect(quoted.at(-1)!.searchParams.get('influencerCode')).toBe('TANYA10');
    expect(quoted.at(-1)!.searchParams.get('sessionsBought')).toBe('3');

    await user.click(screen.getByRole('button', { name: 'Pay using wallet' }));
    await waitFor(() => expect(onPurchased).toHaveBeenCalledWith({ grandTotal: { amountMinor: 80730, currency: 'INR' } }));
    expect(buyBody(fetchMock)).toEqual({ subject: 'English', learnerId: aarav._id, sessionsBought: 3, forKids: true, isDemo: false, influencerCode: 'TANYA10', requestKey: aRequestKey });
  });

  it('an unknown, pending or rejected code gets an error tied to the field and changes nothing', async () => {
    const user = userEvent.setup();
    const fetchMock = api(100000);
    const { onPurchased } = renderPanel();
    await screen.findByText('₹1,000');
    await user.click(screen.getByRole('button', { name: 'Have an affiliate code?' }));
    await user.type(codeField(), 'PENDING10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('“PENDING10” is not an active affiliate code. Check it, or pay without a code.');
    expect(codeField()).toHaveAttribute('aria-invalid', 'true');
    expect(codeField()).toHaveAccessibleDescription(error.textContent!);
    expect(total()).toHaveTextContent('₹299');
    expect(screen.queryByTestId('affiliate-discount')).not.toBeInTheDocument();
    // Changing the code takes the error about the old one away; emptied, the field stays.
    await user.clear(codeField());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(codeField()).not.toHaveAttribute('aria-invalid');

    await user.click(screen.getByRole('button', { name: 'Pay using wallet' }));
    await waitFor(() => expect(onPurchased).toHaveBeenCalledWith({ grandTotal: { amountMinor: 29900, currency: 'INR' } }));
    expect(buyBody(fetchMock)).not.toHaveProperty('influencerCode');
  });

  it('keeps an applied code when a bad one is tried after it, and can remove it', async () => {
    const user = userEvent.setup();
    api(100000);
    renderPanel();
    await user.click(screen.getByRole('button', { name: 'Have an affiliate code?' }));
    await user.type(codeField(), 'TANYA10{Enter}');
    await waitFor(() => expect(total()).toHaveTextContent('₹269.10'));
    await user.clear(codeField());
    await user.type(codeField(), 'NOSUCH{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('“NOSUCH” is not an active affiliate code');
    expect(total()).toHaveTextContent('₹269.10');

    await user.click(screen.getByRole('button', { name: 'Remove code' }));
    await waitFor(() => expect(total()).toHaveTextContent('₹299'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(codeField()).toHaveValue('');
  });

  it('asks for a code when Apply is pressed on an empty field', async () => {
    const user = userEvent.setup();
    api(100000);
    renderPanel();
    await user.click(screen.getByRole('button', { name: 'Have an affiliate code?' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter an affiliate code, or pay without one.');
    expect(codeField()).toHaveAccessibleDescription('Enter an affiliate code, or pay without one.');
  });

  it('is prefilled and applied with the code of the affiliate who brought the parent', async () => {
    const user = userEvent.setup();
    const fetchMock = api(100000, 'INR', { referrer: 'TANYA10' });
    const { onPurchased } = renderPanel();
    expect(await screen.findByRole('textbox', { name: 'Affiliate code' })).toHaveValue('TANYA10');
    await waitFor(() => expect(total()).toHaveTextContent('₹269.10'));
    expect(screen.getByTestId('affiliate-discount')).toHaveTextContent('−₹29.90');
    await screen.findByText('₹1,000');
    await user.click(screen.getByRole('button', { name: 'Pay using wallet' }));
    await waitFor(() => expect(onPurchased).toHaveBeenCalledWith({ grandTotal: { amountMinor: 26910, currency: 'INR' } }));
    expect(buyBody(fetchMock)).toMatchObject({ influencerCode: 'TANYA10' });
  });

  it('drops a prefilled code the server no longer accepts, and says why', async () => {
    const user = userEvent.setup();
    const fetchMock = api(100000, 'INR', { referrer: 'GONE5' });
    const { onPurchased } = renderPanel();
    expect(await screen.findByRole('alert')).toHaveTextContent('“GONE5” is not an active affiliate code');
    expect(total()).toHaveTextContent('₹299');
    expect(screen.queryByText(/applied/)).not.toBeInTheDocument();
    await screen.findByText('₹1,000');
    await user.click(screen.getByRole('button', { name: 'Pay using wallet' }));
    await waitFor(() => expect(onPurchased).toHaveBeenCalled());
    expect(buyBody(fetchMock)).not.toHaveProperty('influencerCode');
  });
});

describe('Try Demo', () => {
  it('says one session with the demo’s total, whatever count Buy Sessions was left at', async () => {
    api(100000);
    renderPanel({ kid: { ...aarav, isDemoPayed: false } });
    fireEvent.click(screen.getByRole('button', { name: 'More sessions' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Try Demo' }));
    await waitFor(() => expect(total()).toHaveTextContent('₹149'));
    expect(screen.getByTestId('count-and-total')).toHaveTextContent('1 session, grand total ₹149');
  });

  it('offers a demo at ₹149 for one session when the kid has none', async () => {
    const fetchMock = api(100000);
    renderPanel({ kid: { ...aarav, isDemoPayed: false } });
    fireEvent.click(screen.getByRole('tab', { name: 'Try Demo' }));
    expect(total()).toHaveTextContent('₹149');
    expect(screen.getByTestId('session-price')).toHaveTextContent('₹149');
    expect(screen.queryByRole('button', { name: 'More sessions' })).not.toBeInTheDocument();
    await screen.findByText('₹1,000');
    fireEvent.click(screen.getByRole('button', { name: 'Pay using wallet' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url, init]) => String(url).includes('/api/kids/buy-sessions') && init?.method === 'POST')).toBe(true));
    expect(buyBody(fetchMock)).toMatchObject({ isDemo: true, sessionsBought: 1 });
    // Bought, the demo's quote is not asked again (the server would refuse it: the demo is taken).
    await new Promise((resolve) => setTimeout(resolve, 50));
    const calls = fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);
    const bought = calls.findIndex((call) => call.startsWith('POST /api/kids/buy-sessions'));
    expect(calls.slice(bought + 1).filter((call) => call.startsWith('GET /api/kids/buy-sessions/quote'))).toEqual([]);
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
