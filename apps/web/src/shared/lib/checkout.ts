import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { PAYMENT_CAPTURE } from '@parley/domain/constants';
import { messages } from '@parley/domain/messages';
import type { Money } from '@parley/domain/money';
import {
  captureResponse,
  statusForFailure,
  verifyPaymentResponse,
  type CapturePayload,
  type OrderPurpose,
  type PaymentPurpose,
} from '@parley/domain/payments';
import type { UserRecord } from '@parley/domain/user';
import { meQueryOptions } from '../api/get-current-user';
import { http, isApiError, type ApiError } from './http';
import { getItem, setItem } from './storage';
import { notify } from './toast';

// The payment provider's checkout for a demo payment, a wallet top-up or a plan, shared by
// the wallet top-up, the demo payment and plan purchases. One path for the sandbox and the real
// provider: both scripts define window.Razorpay with the same client interface.

/** What the provider's checkout hands to options.handler after a successful payment. */
export type CheckoutSuccess = { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
/** The payload of the checkout's 'payment.failed' event. */
export type CheckoutFailure = {
  error?: { code?: string; description?: string; reason?: string; metadata?: { order_id?: string; payment_id?: string } };
};

export type CheckoutOptions = {
  key: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  order_id: string;
  prefill: { name?: string; email?: string; contact?: string };
  notes: Record<string, string>;
  handler: (response: CheckoutSuccess) => void;
  modal: { ondismiss: () => void };
};

export type CheckoutInstance = {
  on(event: 'payment.failed', callback: (response: CheckoutFailure) => void): void;
  open(): void;
};
export type CheckoutConstructor = new (options: CheckoutOptions) => CheckoutInstance;

declare global {
  interface Window {
    Razorpay?: CheckoutConstructor;
  }
}

// ---- the SDK loader ------------------------------------------------------------------------

const providerConfigSchema = z.object({ key_id: z.string(), provider: z.string(), checkoutScriptUrl: z.string().min(1) });
export type ProviderConfig = z.infer<typeof providerConfigSchema>;
export type CheckoutSdk = { config: ProviderConfig; Checkout: CheckoutConstructor };

export class CheckoutSdkError extends Error {
  override readonly name = 'CheckoutSdkError';
  constructor() {
    super(messages.paymentSdkFailed);
  }
}

const SCRIPT_LOAD_TIMEOUT_MS = 20_000;
let sdkPromise: Promise<CheckoutSdk> | null = null;

/** GET /api/images (the public key id and where the checkout script lives), then the script itself. */
export function loadCheckoutSdk(): Promise<CheckoutSdk> {
  sdkPromise ??= (async () => {
    try {
      const config = await http.get('/api/images', { parse: (data) => providerConfigSchema.parse(data) });
      if (!window.Razorpay) await injectScript(config.checkoutScriptUrl);
      if (!window.Razorpay) throw new CheckoutSdkError();
      return { config, Checkout: window.Razorpay };
    } catch {
      // Forget the failure so the next attempt (back online) tries again.
      sdkPromise = null;
      throw new CheckoutSdkError();
    }
  })();
  return sdkPromise;
}

/** Test support: forget a loaded SDK. */
export function resetCheckoutSdk(): void {
  sdkPromise = null;
}

function injectScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    const timer = setTimeout(() => fail(), SCRIPT_LOAD_TIMEOUT_MS);
    const fail = () => {
      clearTimeout(timer);
      script.remove();
      reject(new CheckoutSdkError());
    };
    script.addEventListener('load', () => {
      clearTimeout(timer);
      resolve();
    });
    script.addEventListener('error', fail);
    document.head.appendChild(script);
  });
}

// ---- the payment calls ---------------------------------------------------------------------

/** A provider order: its id, currency and amount in minor units. */
export type Order = z.infer<typeof captureResponse>['data'];

/**
 * Whose session pays: a learner's, or a peer-only account's (spec §6), which has no wallet and
 * buys only Peer Learning plans at the checkout. Every call of one checkout acts as the same one.
 */
export type CheckoutBuyer = 'learner' | 'peer';

/** POST /api/{provider}/capture: creates an order for the amount the server prices itself. */
export function captureOrder(provider: string, payload: CapturePayload, as: CheckoutBuyer = 'learner'): Promise<Order> {
  return http.post(`/api/${encodeURIComponent(provider)}/capture`, payload, {
    role: as,
    actAs: as,
    parse: (data) => captureResponse.parse(data).data,
  });
}

/** POST /api/payments/verify with the handler's ids and signature. */
export function verifyPayment(response: CheckoutSuccess, as: CheckoutBuyer = 'learner'): Promise<z.infer<typeof verifyPaymentResponse>> {
  return http.post(
    '/api/payments/verify',
    { orderId: response.razorpay_order_id, paymentId: response.razorpay_payment_id, signature: response.razorpay_signature },
    { actAs: as, parse: (data) => verifyPaymentResponse.parse(data) },
  );
}

/** POST /api/payments/order-status: Failed (with the failure code) or canceled. */
export function updateOrderStatus(body: { orderid: string; status: 'Failed' | 'canceled'; failureCode?: string }, as: CheckoutBuyer = 'learner', { keepalive = false } = {}): Promise<unknown> {
  return http.post('/api/payments/order-status', body, { actAs: as, keepalive });
}

// ---- the flow --------------------------------------------------------------------------------

export type CheckoutRequest = {
  purpose: PaymentPurpose;
  /** What the user is paying, in minor units; the server checks it against its own price. */
  amount: Money;
  /** Demo: subject; Plan: planId and the live plan the page showed (currentSubscriptionId); Wallet: coupon. */
  paymentDetails?: { subject?: string; planId?: string; currentSubscriptionId?: string | null; coupon?: string };
  cashBackAmountMinor?: number;
  /** Shown in the checkout and sent as txndesc. */
  description: string;
};

export type CheckoutOutcome =
  | { status: 'paid'; message: string }
  | { status: 'failed'; message: string }
  | { status: 'dismissed' }
  /** The SDK did not load or the order could not be created (`error`: the server's refusal); the user was told why. */
  | { status: 'error'; error?: unknown };

const paymentFailedText = 'Payment failed';
const paymentCancelledText = 'Payment cancelled';
/** The provider's reason when the order cannot take a payment because it is paid already (another tab paid it). */
const orderPaidReason = 'invalid_order';

/** The server answered the verify call and turned the payment down (4xx), as opposed to not answering it. */
const isRefusal = (error: unknown): error is ApiError => isApiError(error) && error.status >= 400 && error.status < 500;

export function capturePayloadFor(request: CheckoutRequest, user: UserRecord): CapturePayload {
  return {
    amount: request.amount.amountMinor,
    payment_capture: PAYMENT_CAPTURE,
    currency: request.amount.currency,
    prefill: {
      Name: user.name.slice(0, 80),
      ...(user.phoneNumber ? { Number: user.phoneNumber.slice(0, 20) } : {}),
      ...(user.email ? { Email: user.email.slice(0, 120) } : {}),
    },
    notes: {
      type: request.purpose,
      learnerID: user._id,
      amount: request.amount.amountMinor,
      source: 'web',
      paymentDetails: request.paymentDetails ?? {},
      ...(request.cashBackAmountMinor ? { cashBackAmount: request.cashBackAmountMinor } : {}),
    },
    txndesc: request.description.slice(0, 200),
  };
}

/**
 * Capture (or take the order a course purchase created) → open the checkout → on success verify
 * (then refetch the wallet and the user; when verify cannot be reached, say the payment is not
 * confirmed yet and refetch them too); on payment.failed record Failed (the server keeps
 * PAYMENT_CANCELLED as canceled) and toast the error, unless the order was paid meanwhile (then
 * it is paid: said so, and refetched as after a payment); on close record canceled. The SDK failing
 * to load shows an alert. `as: 'peer'` runs it all in a peer-only account's session (USER then
 * holds the peer record, as the sign-in left it).
 */
export function useCheckout({ as = 'learner', staysWhenPaid = false }: { as?: CheckoutBuyer; staysWhenPaid?: boolean } = {}) {
  const queryClient = useQueryClient();
  const [isPending, setPending] = useState(false);
  const busy = useRef(false);
  /** The control focused when the checkout opened, to be focused again once it is enabled. */
  const returnFocusTo = useRef<HTMLElement | null>(null);

  // The checkout took focus and its own dialog is gone: without this, focus falls to <body>
  // while the dialog that opened the checkout stays open (WCAG 2.4.3). Run after the render
  // that ends the busy state, as the opener (Next) is marked busy until then.
  useEffect(() => {
    if (isPending) return;
    const target = returnFocusTo.current;
    returnFocusTo.current = null;
    if (target?.isConnected) target.focus();
  }, [isPending]);

  const afterPaid = useCallback(async () => {
    // The payments list (GET /api/payments/mine) gains this one.
    await Promise.all([as === 'learner' ? queryClient.invalidateQueries({ queryKey: ['wallet'] }) : null, queryClient.invalidateQueries({ queryKey: ['payments'] })]);
    try {
      const user = await queryClient.fetchQuery({ ...meQueryOptions(as), staleTime: 0 });
      setItem('USER', user);
    } catch {
      // The payment is done; a failed refresh only delays the new flags until the next load.
    }
  }, [queryClient, as]);

  /** Loads the SDK, gets the order from `makeOrder`, opens the checkout and follows it to its outcome. */
  const run = useCallback(
    async (request: { purpose: OrderPurpose; description: string }, makeOrder: (sdk: CheckoutSdk, user: UserRecord) => Promise<Order>): Promise<CheckoutOutcome> => {
      if (busy.current) return { status: 'error' };
      const user = getItem('USER');
      if (!user) {
        notify.error('Please log in to continue.');
        return { status: 'error' };
      }
      busy.current = true;
      setPending(true);
      const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      /**
       * Ends the busy state; focus goes back to the opener, unless paid on a page that then moves
       * on (its next page's heading takes focus). `staysWhenPaid`: the page stays (a plans page).
       */
      const done = (outcome: CheckoutOutcome) => {
        if (outcome.status !== 'paid' || staysWhenPaid) returnFocusTo.current = opener;
        busy.current = false;
        setPending(false);
      };

      let sdk: CheckoutSdk;
      try {
        sdk = await loadCheckoutSdk();
      } catch {
        done({ status: 'error' });
        window.alert(messages.paymentSdkFailed);
        return { status: 'error' };
      }

      let order: Order;
      try {
        order = await makeOrder(sdk, user);
      } catch (error) {
        done({ status: 'error' });
        notify.failure(error);
        return { status: 'error', error };
      }

      return new Promise<CheckoutOutcome>((resolve) => {
        let settled = false;
        let failed = false;
        // The page left with the checkout open (a reload, or Back out of the app) closes it as × does.
        const onLeave = () => void updateOrderStatus({ orderid: order.id, status: 'canceled' }, as, { keepalive: true }).catch(() => undefined);
        window.addEventListener('pagehide', onLeave, { once: true });
        const finish = (outcome: CheckoutOutcome) => {
          window.removeEventListener('pagehide', onLeave);
          if (settled) return;
          settled = true;
          done(outcome);
          resolve(outcome);
        };

        const checkout = new sdk.Checkout({
          key: sdk.config.key_id,
          amount: order.amount,
          currency: order.currency,
          name: 'Parley',
          description: request.description,
          order_id: order.id,
          prefill: { name: user.name, email: user.email ?? undefined, contact: user.phoneNumber ?? undefined },
          notes: { type: request.purpose, learnerID: user._id },
          handler: (response) => {
            void (async () => {
              try {
                const verified = await verifyPayment(response, as);
                notify.success(verified.message);
                await afterPaid();
                finish({ status: 'paid', message: verified.message });
              } catch (error) {
                if (isRefusal(error)) {
                  notify.failure(error);
                  finish({ status: 'failed', message: error.message });
                  return;
                }
                // The provider took the payment and only its confirmation was lost (offline, a timeout, a
                // server error): the webhook may have applied it, so say so and show what it changed. Not
                // awaited: the refetch may wait on the same bad network, and the learner should not.
                notify.error(messages.paymentNotConfirmed);
                void afterPaid();
                finish({ status: 'failed', message: messages.paymentNotConfirmed });
              }
            })();
          },
          modal: {
            ondismiss: () => {
              window.removeEventListener('pagehide', onLeave);
              // The server keeps Failed if this order already failed.
              updateOrderStatus({ orderid: order.id, status: 'canceled' }, as).catch(() => undefined);
              if (!failed) finish({ status: 'dismissed' });
            },
          },
        });
        checkout.on('payment.failed', (response) => {
          failed = true;
          // An order already paid (another tab paid the same open order) is not a failure: nothing
          // to record, and the page shows what that payment did (the new plan, the wallet) without a reload.
          if (response.error?.reason === orderPaidReason) {
            const message = messages.orderAlreadyPaid;
            notify.success(message);
            void afterPaid().then(() => finish({ status: 'paid', message }));
            return;
          }
          const code = response.error?.code;
          updateOrderStatus({ orderid: order.id, status: 'Failed', ...(code ? { failureCode: code.slice(0, 64) } : {}) }, as).catch(() => undefined);
          // The payer's own cancel is no failure to them: said as such (the server keeps it as canceled).
          if (statusForFailure(code) === 'canceled') {
            notify.info(paymentCancelledText);
            finish({ status: 'failed', message: paymentCancelledText });
            return;
          }
          const reason = response.error?.description;
          const message = reason ? `${paymentFailedText}: ${reason}` : paymentFailedText;
          notify.error(message);
          finish({ status: 'failed', message });
        });
        checkout.open();
      });
    },
    [afterPaid, as, staysWhenPaid],
  );

  /** Capture an order for `request` (a wallet top-up, a demo or a plan) and pay it. */
  const pay = useCallback(
    (request: CheckoutRequest) => run(request, (sdk, user) => captureOrder(sdk.config.provider, capturePayloadFor(request, user), as)),
    [run, as],
  );

  /** Pay an order another call already created (a course purchase answers one) through the same checkout. */
  const payOrder = useCallback((order: Order, request: { purpose: OrderPurpose; description: string }) => run(request, () => Promise.resolve(order)), [run]);

  return { pay, payOrder, isPending };
}
