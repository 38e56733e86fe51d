import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { messages } from '@parley/domain/messages';
import { userRecord } from '../../../test/fixtures';
import { json, mockFetch, renderAt } from '../../../test/render';
import { amountInNumbersMessage, noCommasMessage, wholeRupeesMessage } from '@parley/domain/add-money';
import { resetCheckoutSdk, type CheckoutOptions } from '../../../shared/lib/checkout';
import { setItem } from '../../../shared/lib/storage';
import { AddMoneyModal } from './add-money-modal';

vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }) }));

const offers = {
  INR: [
    { _id: 'o1', coupon: 'WALLET10', walletAmount: 50000, cashBackAmount: 5000, currency: 'INR' },
    { _id: 'o2', coupon: 'WALLET15', walletAmount: 100000, cashBackAmount: 15000, currency: 'INR' },
  ],
  USD: [{ _id: 'o3', coupon: 'WALLET10', walletAmount: 610, cashBackAmount: 61, currency: 'USD' }],
};

// What the server answers at the stored rate (the conversion itself is tested in the domain).
const presets = { INR: [50000, 100000, 200000, 500000], USD: [610, 1220, 2440, 6099] };

function walletApi(currency: 'INR' | 'USD', country: string, overrides: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/auth/me': () => json({ user: userRecord({ country }) }),
    'GET /api/wallet': () => json({ closingBalance: { amountMinor: 0, currency } }),
    'GET /api/offers': () => json({ allOffers: offers[currency] }),
    'GET /api/wallet/top-up-presets': () => json({ presets: presets[currency].map((amountMinor) => ({ amountMinor, currency })) }),
    'GET /api/images': () => json({ key_id: 'k', provider: 'sandbox', checkoutScriptUrl: '/api/payments/sandbox/checkout.js' }),
    'POST /api/sandbox/capture': (_url, init) => {
      const body = JSON.parse(String(init?.body));
      return json({ data: { id: 'order_9', currency: body.currency, amount: body.amount } });
    },
    'POST /api/payments/verify': () => json({ status: 'Success', purpose: 'Wallet', message: messages.moneyAdded }),
    ...overrides,
  });
}

function renderModal(country = 'IN', suggested?: { amountMinor: number; currency: 'INR' | 'USD' }) {
  setItem('USER', userRecord({ country }));
  const onClose = vi.fn();
  renderAt(<AddMoneyModal open onClose={onClose} suggested={suggested} />);
  return { onClose, input: screen.getByLabelText('Other amount') as HTMLInputElement };
}

const type = (input: HTMLInputElement, value: string) => fireEvent.change(input, { target: { value } });

beforeEach(() => resetCheckoutSdk());
afterEach(() => {
  vi.unstubAllGlobals();
  delete window.Razorpay;
});

describe('Add Money modal: the amount field', () => {
  it('India: digits only, no leading dot, leading zero stripped, no decimals: the dot and digits typed on after it are refused, said, never made ten times larger', async () => {
    const fetchMock = walletApi('INR', 'IN');
    const { input } = renderModal('IN');
    type(input, 'Rs 12');
    expect(input.value).toBe('12');
    type(input, '.5');
    expect(input.value).toBe('5');
    type(input, '0750');
    expect(input.value).toBe('750');
    // Pasted with paise: the rupees stay, and the field says why the rest did not.
    type(input, '12.50');
    expect(input.value).toBe('12');
    expect(screen.getByText(wholeRupeesMessage)).toBeInTheDocument();
    // Typed key by key, 12.5 stays ₹12.
    type(input, '');
    for (const typed of ['1', '12', '12.', '125']) type(input, typed);
    expect(input.value).toBe('12');
    expect(screen.getByText(wholeRupeesMessage)).toBeInTheDocument();
    expect(screen.queryByText(/You pay/)).toBeNull();
    // Edited otherwise (a digit taken away), the field takes digits again.
    type(input, '1');
    expect(screen.queryByText(wholeRupeesMessage)).toBeNull();
    type(input, '10');
    expect(input.value).toBe('10');
    expect(screen.getByText(/You pay/)).toHaveTextContent('You pay ₹10');
    // A preset is taken as it is, after a refused dot too.
    type(input, '1.');
    fireEvent.click(await screen.findByRole('button', { name: '₹1,000' }));
    expect(input.value).toBe('1000');
    expect(screen.queryByText(wholeRupeesMessage)).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/capture'))).toBe(false);
  });

  it('keeps the amount it had when letters or signs come inside the number, and says why', () => {
    walletApi('INR', 'IN');
    const { input } = renderModal('IN');
    type(input, '₹1,000');
    expect(input.value).toBe('1000');
    type(input, '1e3');
    expect(input.value).toBe('1000');
    expect(screen.getByText(amountInNumbersMessage)).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription(amountInNumbersMessage);
    type(input, '500 INR');
    expect(input.value).toBe('500');
    expect(screen.queryByText(amountInNumbersMessage)).toBeNull();
  });

  it('key by key, a letter typed into the number is refused and so are the digits typed on after it: 1e3 is not 13', () => {
    walletApi('INR', 'IN');
    const { input } = renderModal('IN');
    for (const key of '1e3') type(input, input.value + key);
    expect(input.value).toBe('1');
    expect(screen.getByText(amountInNumbersMessage)).toBeInTheDocument();
    expect(screen.queryByText(/You pay/)).toBeNull();
    // Edited otherwise, the field takes digits again.
    type(input, '');
    type(input, '5');
    expect(input.value).toBe('5');
    expect(screen.queryByText(amountInNumbersMessage)).toBeNull();
  });

  it('outside India, a comma that may be a decimal point is refused, typed or pasted: 12,50 is never $1,250', () => {
    walletApi('USD', 'US');
    const { input } = renderModal('US');
    for (const key of '12,50') type(input, input.value + key);
    expect(input.value).toBe('12');
    expect(screen.getByText(noCommasMessage)).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription(noCommasMessage);
    expect(screen.queryByText(/You pay/)).toBeNull();
    type(input, '$12,50');
    expect(input.value).toBe('12');
    // Commas that group thousands are taken when pasted.
    type(input, '$1,250.00');
    expect(input.value).toBe('1250.00');
    expect(screen.queryByText(noCommasMessage)).toBeNull();
  });

  it('offers the amount a purchase is short of, in whole rupees and at least the smallest top-up', async () => {
    walletApi('INR', 'IN');
    const { input } = renderModal('IN', { amountMinor: 9_850, currency: 'INR' });
    expect(input.value).toBe('99');
    expect(await screen.findByText(/You pay/)).toHaveTextContent('You pay ₹99');
  });

  it('offers a short amount in cents outside India, and the smallest top-up for less', () => {
    walletApi('USD', 'US');
    expect(renderModal('US', { amountMinor: 365, currency: 'USD' }).input.value).toBe('3.65');
  });

  it('offers the smallest top-up when the purchase is short of less', () => {
    walletApi('USD', 'US');
    expect(renderModal('US', { amountMinor: 40, currency: 'USD' }).input.value).toBe('1');
  });

  it('a key refused first in the empty field does not hold the digits typed after it: $50 and -5 typed key by key are 50 and 5', () => {
    walletApi('USD', 'US');
    const { input } = renderModal('US');
    for (const text of ['$50', '-5', 'x12']) {
      type(input, '');
      for (const key of text) type(input, input.value + key);
      expect(input.value).toBe(text.slice(1));
      expect(screen.queryByText(amountInNumbersMessage)).toBeNull();
    }
  });

  it('a dot typed first begins a fraction outside India: .50 typed key by key is $0.50, never $50', async () => {
    walletApi('USD', 'US');
    const { input } = renderModal('US');
    for (const key of '.50') type(input, input.value + key);
    expect(input.value).toBe('0.50');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('The smallest amount you can add is $1.00.')).toBeInTheDocument();
  });

  it('a dot typed first in rupees is refused and said; the whole rupees typed after it are taken', () => {
    walletApi('INR', 'IN');
    const { input } = renderModal('IN');
    type(input, '.');
    expect(input.value).toBe('');
    expect(screen.getByText(wholeRupeesMessage)).toBeInTheDocument();
    type(input, '5');
    expect(input.value).toBe('5');
    expect(screen.queryByText(wholeRupeesMessage)).toBeNull();
  });

  it('allows at most 2 decimals outside India', () => {
    walletApi('USD', 'US');
    const { input } = renderModal('US');
    type(input, '12.345');
    expect(input.value).toBe('12.34');
    type(input, '0.5');
    expect(input.value).toBe('0.5');
  });

  it('keeps "0." typed key by key, so 0.5 and 0.99 stay as typed and are refused with the minimum, not made into 5 or 99', async () => {
    const fetchMock = walletApi('USD', 'US');
    const { input } = renderModal('US');
    const typeKeyByKey = (text: string) => {
      type(input, '');
      for (const key of text) type(input, input.value + key);
    };
    for (const text of ['0.5', '0.99']) {
      typeKeyByKey(text);
      expect(input.value).toBe(text);
    }
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('The smallest amount you can add is $1.00.')).toBeInTheDocument();
    typeKeyByKey('007');
    expect(input.value).toBe('7');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/capture'))).toBe(false);
  });

  it("says 'Please enter the amount' on Next with an empty or zero amount, and puts focus in the field", async () => {
    const fetchMock = walletApi('INR', 'IN');
    const { input } = renderModal('IN');
    screen.getByRole('button', { name: 'Next' }).focus();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(messages.enterAmount)).toBeInTheDocument();
    expect(input).toHaveFocus();
    type(input, '0');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText(messages.enterAmount)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/capture'))).toBe(false);
  });

  it('says the smallest and largest amounts it can add before asking the server', async () => {
    const fetchMock = walletApi('USD', 'US');
    const { input } = renderModal('US');
    type(input, '0.50');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('The smallest amount you can add is $1.00.')).toBeInTheDocument();
    type(input, '10000.01');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('The largest amount you can add at once is $10,000.00.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/capture'))).toBe(false);
  });

  it('says so as an eighth digit is typed, instead of dropping it unseen', async () => {
    walletApi('INR', 'IN');
    const { input } = renderModal('IN');
    type(input, '10000005');
    expect(input).toHaveValue('1000000');
    expect(await screen.findByText('The largest amount you can add at once is ₹10,00,000.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('says so as soon as the amount typed is over the largest, though it fits the field', async () => {
    walletApi('INR', 'IN');
    const { input } = renderModal('IN');
    type(input, '1000001');
    expect(input).toHaveValue('1000001');
    expect(await screen.findByText('The largest amount you can add at once is ₹10,00,000.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/You pay/)).not.toBeInTheDocument();
    type(input, '1000000');
    expect(screen.queryByText(/The largest amount/)).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid');
  });
});

describe('Add Money modal: presets', () => {
  it('offers 500, 1000, 2000 and 5000 rupees in India and fills the field', async () => {
    walletApi('INR', 'IN');
    const { input } = renderModal('IN');
    const presets = await within(screen.getByRole('group', { name: 'Choose an amount' })).findAllByRole('button');
    expect(presets.map((b) => b.textContent)).toEqual(['₹500', '₹1,000', '₹2,000', '₹5,000']);
    fireEvent.click(presets[1]!);
    expect(input.value).toBe('1000');
    expect(presets[1]).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows the server’s dollar presets outside India', async () => {
    walletApi('USD', 'US');
    const { input } = renderModal('US');
    const presets = await within(screen.getByRole('group', { name: 'Choose an amount' })).findAllByRole('button');
    expect(presets.map((b) => b.textContent)).toEqual(['$6.10', '$12.20', '$24.40', '$60.99']);
    fireEvent.click(presets[0]!);
    expect(input.value).toBe('6.10');
  });
});

describe('Add Money modal: recommended offers and coupons', () => {
  it("asks for an amount first: 'Please select or enter an amount'", async () => {
    walletApi('INR', 'IN');
    renderModal('IN');
    fireEvent.click(await screen.findByRole('button', { name: 'Apply WALLET10' }));
    expect(screen.getByRole('alert')).toHaveTextContent(messages.selectOrEnterAmount);
  });

  it("refuses a coupon whose amount differs: 'Offer not valid for selected amount'", async () => {
    walletApi('INR', 'IN');
    const { input } = renderModal('IN');
    type(input, '700');
    fireEvent.click(await screen.findByRole('button', { name: 'Apply WALLET10' }));
    expect(screen.getByRole('alert')).toHaveTextContent(messages.offerNotValid);
    expect(screen.queryByRole('button', { name: 'Remove WALLET10' })).not.toBeInTheDocument();
  });

  it('applies a matching coupon with its cashback badge, removes it, and clears it when the amount changes', async () => {
    walletApi('INR', 'IN');
    const { input } = renderModal('IN');
    fireEvent.click(await screen.findByRole('button', { name: '₹500' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Apply WALLET10' }));
    expect(screen.getByRole('button', { name: 'Remove WALLET10' })).toBeInTheDocument();
    expect(screen.getByText('+₹50 cashback')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Remove WALLET10' }));
    expect(screen.getByRole('button', { name: 'Apply WALLET10' })).toBeInTheDocument();
    expect(screen.queryByText('+₹50 cashback')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Apply WALLET10' }));
    type(input, '5000');
    expect(screen.getByRole('button', { name: 'Apply WALLET10' })).toBeInTheDocument();
    expect(screen.queryByText('+₹50 cashback')).not.toBeInTheDocument();
  });
});

describe('Add Money modal: Next', () => {
  it('captures a Wallet order with the coupon, pays through the checkout, verifies and closes', async () => {
    const fetchMock = walletApi('INR', 'IN');
    let opened: CheckoutOptions | null = null;
    window.Razorpay = class {
      constructor(options: CheckoutOptions) {
        opened = options;
      }
      on() {}
      open() {
        opened!.handler({ razorpay_order_id: opened!.order_id, razorpay_payment_id: 'pay_9', razorpay_signature: 'sig' });
      }
    };
    const { onClose } = renderModal('IN');
    fireEvent.click(await screen.findByRole('button', { name: '₹500' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Apply WALLET10' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const capture = fetchMock.mock.calls.find(([url]) => String(url).includes('/api/sandbox/capture'));
    expect(JSON.parse(String(capture![1]!.body))).toMatchObject({
      amount: 50000,
      currency: 'INR',
      notes: { type: 'Wallet', paymentDetails: { coupon: 'WALLET10' }, cashBackAmount: 5000 },
    });
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/payments/verify'))).toBe(true);
  });

  it('keeps the modal open when the checkout is closed', async () => {
    walletApi('INR', 'IN');
    let opened: CheckoutOptions | null = null;
    window.Razorpay = class {
      constructor(options: CheckoutOptions) {
        opened = options;
      }
      on() {}
      open() {
        opened!.modal.ondismiss();
      }
    };
    const { onClose, input } = renderModal('IN');
    type(input, '750');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled());
    await waitFor(() => expect(opened).not.toBeNull());
    expect(onClose).not.toHaveBeenCalled();
  });

  it('gives focus back to Next when the checkout is closed, as the dialog stays open', async () => {
    walletApi('INR', 'IN');
    let opened: CheckoutOptions | null = null;
    const checkoutButton = document.createElement('button');
    window.Razorpay = class {
      constructor(options: CheckoutOptions) {
        opened = options;
      }
      on() {}
      open() {
        // The checkout's own button takes focus, and goes with the checkout.
        document.body.appendChild(checkoutButton);
        checkoutButton.focus();
      }
    };
    const { onClose, input } = renderModal('IN');
    type(input, '750');
    const next = screen.getByRole('button', { name: 'Next' });
    next.focus();
    fireEvent.click(next);
    await waitFor(() => expect(document.activeElement).toBe(checkoutButton));
    act(() => {
      checkoutButton.remove();
      opened!.modal.ondismiss();
    });
    await waitFor(() => expect(document.activeElement).toBe(next));
    expect(next).toBeEnabled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('keeps focus on Next while the order is made, and a second press makes no second order', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = walletApi('INR', 'IN', { 'POST /api/sandbox/capture': () => new Promise<Response>((resolve) => (answer = resolve)) });
    window.Razorpay = class {
      on() {}
      open() {}
    };
    const { input } = renderModal('IN');
    type(input, '750');
    const next = screen.getByRole('button', { name: 'Next' });
    next.focus();
    fireEvent.click(next);
    const captures = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/api/sandbox/capture')).length;
    await waitFor(() => expect(captures()).toBe(1));
    expect(next).toHaveAttribute('aria-disabled', 'true');
    // A disabled button would drop the focus to the page; this one keeps it.
    expect(next).not.toHaveAttribute('disabled');
    expect(document.activeElement).toBe(next);
    fireEvent.click(next);
    answer(json({ message: 'The payment service is busy.' }, 503));
    await waitFor(() => expect(next).not.toHaveAttribute('aria-disabled'));
    expect(captures()).toBe(1);
  });
});

describe('Add Money modal: when the amounts or offers fail to load', () => {
  it('says so with the reason, and Try again loads them', async () => {
    let fail = true;
    mockFetch({
      'GET /api/auth/me': () => json({ user: userRecord({ country: 'IN' }) }),
      'GET /api/wallet': () => json({ closingBalance: { amountMinor: 0, currency: 'INR' } }),
      'GET /api/offers': () => (fail ? json({ code: 'INTERNAL', message: 'Offers are down' }, 503) : json({ allOffers: offers.INR })),
      'GET /api/wallet/top-up-presets': () => (fail ? json({ code: 'INTERNAL', message: 'Presets are down' }, 503) : json({ presets: presets.INR.map((amountMinor) => ({ amountMinor, currency: 'INR' })) })),
    });
    renderModal('IN');
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    const [presetAlert, offerAlert] = screen.getAllByRole('alert');
    expect(presetAlert).toHaveTextContent(/^Suggested amounts could not be loaded: .+ You can still enter an amount below\./);
    expect(offerAlert).toHaveTextContent(/^Offers could not be loaded: /);
    // The field still works while they are down.
    expect(screen.getByLabelText('Other amount')).toBeEnabled();

    fail = false;
    fireEvent.click(within(presetAlert!).getByRole('button', { name: 'Try again' }));
    fireEvent.click(within(offerAlert!).getByRole('button', { name: 'Try again' }));
    const amounts = () => within(screen.getByRole('group', { name: 'Choose an amount' })).getAllByRole('button').map((b) => b.textContent);
    await waitFor(() => expect(amounts()).toEqual(['₹500', '₹1,000', '₹2,000', '₹5,000']));
    expect(await screen.findByText('WALLET10')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
