import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { messages } from '@parley/domain/messages';
import { userRecord } from '../../../test/fixtures';
import { json, mockFetch, renderAt } from '../../../test/render';
import { resetCheckoutSdk, type CheckoutOptions } from '../../../shared/lib/checkout';
import { getItem, setItem } from '../../../shared/lib/storage';
import { BookDemoPage } from './book-demo-page';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), toast) }));

function api(paidUser = userRecord({ isDemoPayed: true })) {
  let paid = false;
  return mockFetch({
    'GET /api/auth/me': () => json({ user: paid ? paidUser : userRecord() }),
    'GET /api/pricing/trial': (url) =>
      json({ price: url.searchParams.get('country') === 'IN' ? { amountMinor: url.searchParams.get('subject') === 'IELTS' ? 49900 : 9900, currency: 'INR' } : { amountMinor: 199, currency: 'USD' } }),
    'GET /api/images': () => json({ key_id: 'k', provider: 'sandbox', checkoutScriptUrl: '/s.js' }),
    'POST /api/sandbox/capture': (_url, init) => {
      const body = JSON.parse(String(init?.body));
      return json({ data: { id: 'order_d', currency: body.currency, amount: body.amount } });
    },
    'POST /api/payments/verify': () => {
      paid = true;
      return json({ status: 'Success', purpose: 'Demo', message: messages.demoPurchased });
    },
  });
}

beforeEach(() => resetCheckoutSdk());
afterEach(() => {
  vi.unstubAllGlobals();
  delete window.Razorpay;
  toast.success.mockClear();
});

describe('/book-demo', () => {
  it('asks a visitor to log in or sign up and remembers to come back', async () => {
    api();
    renderAt(<BookDemoPage />, { route: '/book-demo' });
    const signUp = screen.getByRole('link', { name: 'Sign up' });
    expect(signUp).toHaveAttribute('href', '/login?mode=signup');
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    fireEvent.click(signUp);
    expect(getItem('INTENDED_PATH')).toBe('/book-demo');
  });

  it("shows the trial price for the learner's country and subject", async () => {
    api();
    setItem('TOKEN', 'h');
    setItem('USER', userRecord({ country: 'IN' }));
    renderAt(<BookDemoPage />, { route: '/book-demo' });
    expect(await screen.findByRole('button', { name: 'Pay ₹99' })).toBeEnabled();
    fireEvent.click(screen.getByRole('radio', { name: /IELTS/ }));
    expect(await screen.findByRole('button', { name: 'Pay ₹499' })).toBeInTheDocument();
  });

  it('pays the demo through the checkout, then offers Book your demo', async () => {
    const fetchMock = api();
    setItem('TOKEN', 'h');
    setItem('USER', userRecord({ country: 'IN' }));
    window.Razorpay = class {
      constructor(readonly options: CheckoutOptions) {}
      on() {}
      open() {
        this.options.handler({ razorpay_order_id: this.options.order_id, razorpay_payment_id: 'pay_d', razorpay_signature: 's' });
      }
    };
    renderAt(<BookDemoPage />, { route: '/book-demo' });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay ₹99' }));

    expect(await screen.findByRole('link', { name: 'Book your demo' })).toHaveAttribute('href', '/learner/book-a-session');
    expect(toast.success).toHaveBeenCalledWith(messages.demoPurchased, expect.anything());
    expect(getItem('USER')?.isDemoPayed).toBe(true);
    const capture = fetchMock.mock.calls.find(([url]) => String(url).includes('/api/sandbox/capture'));
    expect(JSON.parse(String(capture![1]!.body))).toMatchObject({ amount: 9900, currency: 'INR', notes: { type: 'Demo', paymentDetails: { subject: 'English' } } });
  });

  it('keeps the focus on Pay while the checkout is open, and opens one checkout for two presses', async () => {
    api();
    setItem('TOKEN', 'h');
    setItem('USER', userRecord({ country: 'IN' }));
    let opened = 0;
    window.Razorpay = class {
      constructor(readonly options: CheckoutOptions) {}
      on() {}
      open() {
        opened += 1;
      }
    };
    renderAt(<BookDemoPage />, { route: '/book-demo' });
    const pay = await screen.findByRole('button', { name: 'Pay ₹99' });
    pay.focus();
    fireEvent.click(pay);
    await waitFor(() => expect(pay).toHaveAttribute('aria-disabled', 'true'));
    expect(pay).toHaveFocus();
    fireEvent.click(pay);
    await waitFor(() => expect(opened).toBe(1));
    expect(pay).toHaveFocus();
  });

  it('links a learner with a paid IELTS demo to the IELTS booking page', async () => {
    setItem('TOKEN', 'h');
    setItem('USER', userRecord({ isIELTSDemoPayed: true }));
    mockFetch({
      'GET /api/auth/me': () => json({ user: userRecord({ isIELTSDemoPayed: true }) }),
      'GET /api/pricing/trial': () => json({ price: { amountMinor: 9900, currency: 'INR' } }),
    });
    renderAt(<BookDemoPage />, { route: '/book-demo?subject=IELTS' });
    await waitFor(() => expect(screen.getByRole('link', { name: 'Book your demo' })).toHaveAttribute('href', '/ielts/book-a-session'));
  });
});
