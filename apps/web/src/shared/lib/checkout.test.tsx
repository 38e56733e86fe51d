import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { messages } from '@parley/domain/messages';
import { userRecord } from '../../test/fixtures';
import { json, mockFetch, testQueryClient } from '../../test/render';
// The sandbox's checkout script as the server serves it (the real provider's has the same interface).
import sandboxCheckoutScript from '../../../../server/src/payments/sandbox-checkout.js?raw';
import { Modal } from '../ui/modal';
import { resetCheckoutSdk, useCheckout, type CheckoutFailure, type CheckoutOptions, type CheckoutOutcome } from './checkout';
import { getItem, setItem } from './storage';

const toast = vi.hoisted(() => Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

/** A stand-in for the provider's script: records the options and the failure listener. */
class FakeCheckout {
  static last: FakeCheckout | null = null;
  failed: ((response: CheckoutFailure) => void) | null = null;
  opened = false;
  constructor(readonly options: CheckoutOptions) {
    FakeCheckout.last = this;
  }
  on(_event: 'payment.failed', callback: (response: CheckoutFailure) => void) {
    this.failed = callback;
  }
  open() {
    this.opened = true;
  }
}

const user = userRecord({ _id: '6f1c2a9e-1b7d-4c3e-9a51-0d2f5b8e7c11' });

function paymentsApi(overrides: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/images': () => json({ key_id: 'key_sandbox', provider: 'sandbox', checkoutScriptUrl: '/api/payments/sandbox/checkout.js' }),
    'POST /api/sandbox/capture': () => json({ data: { id: 'order_1', currency: 'INR', amount: 100000 } }),
    'POST /api/payments/verify': () => json({ status: 'Success', purpose: 'Wallet', message: messages.moneyAdded }),
    'POST /api/payments/order-status': (_url, init) => json({ orderid: 'order_1', status: JSON.parse(String(init?.body)).status }),
    'GET /api/wallet': () => json({ closingBalance: { amountMinor: 100000, currency: 'INR' } }),
    'GET /api/auth/me': () => json({ user: { ...user, isDemoPayed: true } }),
    ...overrides,
  });
}

function callsTo(fetchMock: ReturnType<typeof mockFetch>, path: string) {
  return fetchMock.mock.calls
    .filter(([input]) => new URL(String(input), 'http://localhost').pathname === path)
    .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined));
}

function renderCheckout(queryClient = testQueryClient(), options: Parameters<typeof useCheckout>[0] = {}) {
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return renderHook(() => useCheckout(options), { wrapper });
}

const walletTopUp = { purpose: 'Wallet' as const, amount: { amountMinor: 100000, currency: 'INR' as const }, description: 'Add money' };

async function startPayment(result: ReturnType<typeof renderCheckout>['result']) {
  let outcome!: Promise<CheckoutOutcome>;
  act(() => {
    outcome = result.current.pay(walletTopUp);
  });
  await waitFor(() => expect(FakeCheckout.last?.opened).toBe(true));
  // Wrapped: an async function returning the promise itself would wait for it to settle.
  return { outcome };
}

beforeEach(() => {
  resetCheckoutSdk();
  FakeCheckout.last = null;
  toast.mockClear();
  toast.success.mockClear();
  toast.error.mockClear();
  setItem('USER', user);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete window.Razorpay;
});

describe('useCheckout: wallet top-up and demo payment', () => {
  beforeEach(() => {
    window.Razorpay = FakeCheckout;
  });

  it('captures the order with the spec payload and opens the checkout for it', async () => {
    const fetchMock = paymentsApi();
    const { result } = renderCheckout();
    await startPayment(result);
    const [capture] = callsTo(fetchMock, '/api/sandbox/capture');
    expect(capture).toMatchObject({
      amount: 100000,
      payment_capture: 1,
      currency: 'INR',
      prefill: { Name: user.name, Email: user.email },
      notes: { type: 'Wallet', learnerID: user._id, amount: 100000, source: 'web', paymentDetails: {} },
      txndesc: 'Add money',
    });
    expect(FakeCheckout.last!.options).toMatchObject({ key: 'key_sandbox', order_id: 'order_1', amount: 100000, currency: 'INR' });
    expect(result.current.isPending).toBe(true);
  });

  it('on success verifies the payment, toasts the server message and refetches the wallet and the user', async () => {
    const fetchMock = paymentsApi();
    const { result } = renderCheckout();
    const { outcome } = await startPayment(result);
    act(() => FakeCheckout.last!.options.handler({ razorpay_order_id: 'order_1', razorpay_payment_id: 'pay_1', razorpay_signature: 'sig' }));

    await expect(outcome).resolves.toEqual({ status: 'paid', message: messages.moneyAdded });
    expect(callsTo(fetchMock, '/api/payments/verify')).toEqual([{ orderId: 'order_1', paymentId: 'pay_1', signature: 'sig' }]);
    expect(toast.success).toHaveBeenCalledWith(messages.moneyAdded, expect.anything());
    expect(callsTo(fetchMock, '/api/auth/me')).toHaveLength(1);
    expect(getItem('USER')?.isDemoPayed).toBe(true);
    expect(callsTo(fetchMock, '/api/payments/order-status')).toEqual([]);
    await waitFor(() => expect(result.current.isPending).toBe(false));
  });

  it.each([
    ['the network drops', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['the server fails', () => json({ code: 'INTERNAL', message: 'boom' }, 500)],
  ])('when verify cannot confirm the payment (%s), says it is not confirmed yet and refetches the wallet and the user', async (_case, verify) => {
    const fetchMock = paymentsApi({ 'POST /api/payments/verify': verify });
    const queryClient = testQueryClient();
    queryClient.setQueryData(['wallet', 'balance'], { amountMinor: 0, currency: 'INR' });
    queryClient.setQueryData(['wallet', 'history', 1, 10], { items: [] });
    const { result } = renderCheckout(queryClient);
    const { outcome } = await startPayment(result);
    act(() => FakeCheckout.last!.options.handler({ razorpay_order_id: 'order_1', razorpay_payment_id: 'pay_1', razorpay_signature: 'sig' }));

    await expect(outcome).resolves.toEqual({ status: 'failed', message: messages.paymentNotConfirmed });
    expect(toast.error).toHaveBeenCalledWith(messages.paymentNotConfirmed, expect.anything());
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryState(['wallet', 'balance'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['wallet', 'history', 1, 10])?.isInvalidated).toBe(true);
    await waitFor(() => expect(callsTo(fetchMock, '/api/auth/me')).toHaveLength(1));
  });

  it('when verify refuses the payment, shows the server’s reason and refetches nothing', async () => {
    const fetchMock = paymentsApi({ 'POST /api/payments/verify': () => json({ code: 'PAYMENT_INVALID', message: 'The payment could not be verified.' }, 400) });
    const queryClient = testQueryClient();
    queryClient.setQueryData(['wallet', 'balance'], { amountMinor: 0, currency: 'INR' });
    const { result } = renderCheckout(queryClient);
    const { outcome } = await startPayment(result);
    act(() => FakeCheckout.last!.options.handler({ razorpay_order_id: 'order_1', razorpay_payment_id: 'pay_1', razorpay_signature: 'sig' }));

    await expect(outcome).resolves.toEqual({ status: 'failed', message: 'The payment could not be verified.' });
    expect(toast.error).toHaveBeenCalledWith('The payment could not be verified.', expect.anything());
    expect(queryClient.getQueryState(['wallet', 'balance'])?.isInvalidated).toBe(false);
    expect(callsTo(fetchMock, '/api/auth/me')).toEqual([]);
  });

  it('on payment.failed records Failed with the failure code and toasts the error', async () => {
    const fetchMock = paymentsApi();
    const { result } = renderCheckout();
    const { outcome } = await startPayment(result);
    act(() => FakeCheckout.last!.failed!({ error: { code: 'BAD_REQUEST_ERROR', description: 'Card declined by bank', metadata: { order_id: 'order_1' } } }));

    await expect(outcome).resolves.toEqual({ status: 'failed', message: 'Payment failed: Card declined by bank' });
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/payments/order-status')).toEqual([{ orderid: 'order_1', status: 'Failed', failureCode: 'BAD_REQUEST_ERROR' }]),
    );
    expect(toast.error).toHaveBeenCalledWith('Payment failed: Card declined by bank', expect.anything());
    expect(callsTo(fetchMock, '/api/payments/verify')).toEqual([]);
  });

  it('on payment.failed cancelled by the payer (PAYMENT_CANCELLED) records it with its code and says the payment was cancelled, not failed', async () => {
    const fetchMock = paymentsApi();
    const { result } = renderCheckout();
    const { outcome } = await startPayment(result);
    act(() =>
      FakeCheckout.last!.failed!({ error: { code: 'PAYMENT_CANCELLED', description: 'Cancelled by the payer', metadata: { order_id: 'order_1' } } }),
    );

    await expect(outcome).resolves.toEqual({ status: 'failed', message: 'Payment cancelled' });
    // The server keeps a PAYMENT_CANCELLED failure as canceled (spec §5).
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/payments/order-status')).toEqual([{ orderid: 'order_1', status: 'Failed', failureCode: 'PAYMENT_CANCELLED' }]),
    );
    expect(toast).toHaveBeenCalledWith('Payment cancelled', expect.anything());
    expect(toast.error).not.toHaveBeenCalled();
    expect(callsTo(fetchMock, '/api/payments/verify')).toEqual([]);
  });

  it('on payment.failed for an order paid meanwhile (another tab), says it is paid, records nothing and refetches the wallet and the user', async () => {
    const fetchMock = paymentsApi();
    const queryClient = testQueryClient();
    queryClient.setQueryData(['wallet', 'balance'], { amountMinor: 0, currency: 'INR' });
    const { result } = renderCheckout(queryClient);
    const { outcome } = await startPayment(result);
    act(() =>
      FakeCheckout.last!.failed!({
        error: { code: 'BAD_REQUEST_ERROR', description: 'This order is already paid.', reason: 'invalid_order', metadata: { order_id: 'order_1' } },
      }),
    );

    await expect(outcome).resolves.toEqual({ status: 'paid', message: messages.orderAlreadyPaid });
    expect(toast.success).toHaveBeenCalledWith(messages.orderAlreadyPaid, expect.anything());
    expect(toast.error).not.toHaveBeenCalled();
    expect(callsTo(fetchMock, '/api/auth/me')).toHaveLength(1);
    expect(getItem('USER')?.isDemoPayed).toBe(true);
    expect(queryClient.getQueryState(['wallet', 'balance'])?.isInvalidated).toBe(true);
    expect(callsTo(fetchMock, '/api/payments/order-status')).toEqual([]);
  });

  it('on closing the checkout records canceled', async () => {
    const fetchMock = paymentsApi();
    const { result } = renderCheckout();
    const { outcome } = await startPayment(result);
    act(() => FakeCheckout.last!.options.modal.ondismiss());

    await expect(outcome).resolves.toEqual({ status: 'dismissed' });
    await waitFor(() => expect(callsTo(fetchMock, '/api/payments/order-status')).toEqual([{ orderid: 'order_1', status: 'canceled' }]));
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('records canceled when the page is left (a reload, or Back out of the app) with the checkout open, and not once it is settled', async () => {
    const fetchMock = paymentsApi();
    const { result } = renderCheckout();
    await startPayment(result);
    act(() => void window.dispatchEvent(new Event('pagehide')));
    await waitFor(() => expect(callsTo(fetchMock, '/api/payments/order-status')).toContainEqual({ orderid: 'order_1', status: 'canceled' }));
    // Sent so that it outlives the page.
    const sent = fetchMock.mock.calls.filter(([url]) => String(url).includes('/api/payments/order-status'));
    expect(sent.every(([, init]) => init?.keepalive === true)).toBe(true);

    act(() => FakeCheckout.last!.options.modal.ondismiss());
    await waitFor(() => expect(callsTo(fetchMock, '/api/payments/order-status')).toHaveLength(sent.length + 1));
    act(() => void window.dispatchEvent(new Event('pagehide')));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsTo(fetchMock, '/api/payments/order-status')).toHaveLength(sent.length + 1);
  });

  it('gives focus back to the control that opened the checkout on a failure or a close, not after a payment', async () => {
    paymentsApi();
    const { result } = renderCheckout();
    const opener = document.body.appendChild(document.createElement('button'));
    const elsewhere = document.body.appendChild(document.createElement('button'));
    const endings: Array<[string, () => void, HTMLElement]> = [
      ['failed', () => FakeCheckout.last!.failed!({ error: { code: 'BAD_REQUEST_ERROR', description: 'Card declined by bank' } }), opener],
      ['dismissed', () => FakeCheckout.last!.options.modal.ondismiss(), opener],
      ['paid', () => FakeCheckout.last!.options.handler({ razorpay_order_id: 'order_1', razorpay_payment_id: 'pay_1', razorpay_signature: 'sig' }), elsewhere],
    ];
    for (const [status, end, focused] of endings) {
      opener.focus();
      const { outcome } = await startPayment(result);
      elsewhere.focus(); // the checkout's own dialog has focus while it is open
      act(() => end());
      await expect(outcome).resolves.toMatchObject({ status });
      await waitFor(() => expect(result.current.isPending).toBe(false));
      expect(document.activeElement, status).toBe(focused);
    }
    opener.remove();
    elsewhere.remove();
  });

  it('gives focus back to the opener after a payment too on a page that stays (staysWhenPaid)', async () => {
    paymentsApi();
    const { result } = renderCheckout(testQueryClient(), { staysWhenPaid: true });
    const opener = document.body.appendChild(document.createElement('button'));
    const elsewhere = document.body.appendChild(document.createElement('button'));
    opener.focus();
    const { outcome } = await startPayment(result);
    elsewhere.focus();
    act(() => FakeCheckout.last!.options.handler({ razorpay_order_id: 'order_1', razorpay_payment_id: 'pay_1', razorpay_signature: 'sig' }));
    await expect(outcome).resolves.toMatchObject({ status: 'paid' });
    await waitFor(() => expect(result.current.isPending).toBe(false));
    expect(document.activeElement).toBe(opener);
    opener.remove();
    elsewhere.remove();
  });

  it('shows the server message when the order cannot be created', async () => {
    mockFetch({
      'GET /api/images': () => json({ key_id: 'k', provider: 'sandbox', checkoutScriptUrl: '/x.js' }),
      'POST /api/sandbox/capture': () => json({ code: 'AMOUNT_MISMATCH', message: 'The amount must be ₹99.' }, 400),
    });
    const { result } = renderCheckout();
    let outcome!: CheckoutOutcome;
    await act(async () => {
      outcome = await result.current.pay(walletTopUp);
    });
    expect(outcome).toMatchObject({ status: 'error', error: { code: 'AMOUNT_MISMATCH' } });
    expect(toast.error).toHaveBeenCalledWith('The amount must be ₹99.', expect.anything());
    expect(FakeCheckout.last).toBeNull();
  });
});

describe('useCheckout when the SDK cannot load', () => {
  it('adds the provider script and shows the SDK-failed alert when it fails to load', async () => {
    paymentsApi();
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const appended: HTMLScriptElement[] = [];
    vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T) => {
      appended.push(node as unknown as HTMLScriptElement);
      queueMicrotask(() => node.dispatchEvent(new Event('error')));
      return node;
    });
    const { result } = renderCheckout();
    let outcome!: CheckoutOutcome;
    await act(async () => {
      outcome = await result.current.pay(walletTopUp);
    });

    expect(appended[0]?.src).toContain('/api/payments/sandbox/checkout.js');
    expect(alert).toHaveBeenCalledWith(messages.paymentSdkFailed);
    expect(outcome).toEqual({ status: 'error' });
    expect(result.current.isPending).toBe(false);
  });

  it('loads the script once and then opens the checkout it defines', async () => {
    paymentsApi();
    vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T) => {
      queueMicrotask(() => {
        window.Razorpay = FakeCheckout;
        node.dispatchEvent(new Event('load'));
      });
      return node;
    });
    const { result } = renderCheckout();
    await startPayment(result);
    expect(document.head.appendChild).toHaveBeenCalledTimes(1);
  });
});

describe('the sandbox checkout while a payment settles', () => {
  function openSandbox(settle: () => Promise<Response>) {
    new Function(sandboxCheckoutScript)();
    const fetchMock = vi.fn(settle);
    vi.stubGlobal('fetch', fetchMock);
    const handler = vi.fn();
    const ondismiss = vi.fn();
    const checkout = new window.Razorpay!({ key: 'key_sandbox', amount: 49_900, currency: 'INR', name: 'Parley', description: 'Wallet', order_id: 'order_1', prefill: {}, notes: {}, handler, modal: { ondismiss } });
    checkout.open();
    return { fetchMock, handler, ondismiss };
  }

  it('says it is paying, keeps focus on Pay, and neither a second press nor Escape or Close does anything until it is settled', async () => {
    let answer!: (response: Response) => void;
    const { fetchMock, handler, ondismiss } = openSandbox(() => new Promise<Response>((resolve) => (answer = resolve)));
    const pay = screen.getByTestId('sandbox-pay');
    expect(pay).toHaveFocus();
    fireEvent.click(pay);
    expect(pay).toHaveTextContent('Paying…');
    expect(pay).toHaveAttribute('aria-disabled', 'true');
    expect(pay).toHaveFocus();
    expect(screen.getByRole('dialog', { name: 'Sandbox checkout' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Processing the payment…');

    fireEvent.click(pay);
    fireEvent.click(screen.getByTestId('sandbox-fail'));
    fireEvent.keyDown(pay, { key: 'Escape' });
    fireEvent.click(screen.getByTestId('sandbox-close'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(ondismiss).not.toHaveBeenCalled();
    expect(screen.getByTestId('sandbox-checkout')).toBeInTheDocument();

    answer(Response.json({ ok: true, razorpay_payment_id: 'pay_1', razorpay_order_id: 'order_1', razorpay_signature: 'sig' }));
    await waitFor(() => expect(handler).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('sandbox-checkout')).not.toBeInTheDocument();
  });

  it('when the sandbox cannot be reached, says so and offers Pay again', async () => {
    const { fetchMock } = openSandbox(() => Promise.reject(new TypeError('Failed to fetch')));
    const pay = screen.getByTestId('sandbox-pay');
    fireEvent.click(pay);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Could not reach the sandbox. Try again.'));
    expect(pay).toHaveTextContent('Pay ₹499.00');
    expect(pay).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('dialog', { name: 'Sandbox checkout' })).not.toHaveAttribute('aria-busy');
    fireEvent.click(screen.getByTestId('sandbox-close'));
    expect(screen.queryByTestId('sandbox-checkout')).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('the sandbox checkout over the dialog that opened it', () => {
  it('closes on Escape without closing that dialog, which answers Escape again once the checkout is gone', () => {
    const closeDialog = vi.fn();
    render(
      <Modal open onClose={closeDialog} title="Gift this course">
        <input aria-label="Recipient email" defaultValue="friend@example.com" />
      </Modal>,
    );
    new Function(sandboxCheckoutScript)();
    const ondismiss = vi.fn();
    const checkout = new window.Razorpay!({ key: 'key_sandbox', amount: 49_900, currency: 'INR', name: 'Parley', description: 'Gift', order_id: 'order_1', prefill: {}, notes: {}, handler: vi.fn(), modal: { ondismiss } });
    checkout.open();
    expect(screen.getByTestId('sandbox-checkout')).toContainElement(document.activeElement as HTMLElement);

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(ondismiss).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('sandbox-checkout')).not.toBeInTheDocument();
    expect(closeDialog).not.toHaveBeenCalled();

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(closeDialog).toHaveBeenCalledTimes(1);
    expect(ondismiss).toHaveBeenCalledTimes(1);
  });
});
