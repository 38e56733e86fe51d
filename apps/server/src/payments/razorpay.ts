import type { Currency } from '@parley/domain/money';
import type { PaymentProvider, ProviderOrder } from './provider';
import { hmacSha256Hex, signaturesMatch } from './signature';
import { toProviderEvent } from './webhook-event';

export type RazorpayOptions = {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Injected so tests can check the requests without the network. */
  fetch?: typeof fetch;
  apiBase?: string;
};

/** The real provider: orders through its REST API, signatures as its docs define them. */
export function createRazorpayProvider(options: RazorpayOptions): PaymentProvider {
  const doFetch = options.fetch ?? fetch;
  const apiBase = options.apiBase ?? 'https://api.razorpay.com/v1';
  const authorization = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;
  return {
    name: 'razorpay',
    keyId: options.keyId,
    checkoutScriptUrl: 'https://checkout.razorpay.com/v1/checkout.js',
    async createOrder(order): Promise<ProviderOrder> {
      const res = await doFetch(`${apiBase}/orders`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ amount: order.amountMinor, currency: order.currency, receipt: order.receipt, payment_capture: 1, notes: order.notes }),
      });
      if (!res.ok) throw new Error(`Razorpay order creation failed with ${res.status}`);
      const body = (await res.json()) as { id: string; amount: number; currency: Currency };
      return { id: body.id, amountMinor: body.amount, currency: body.currency };
    },
    verifyPayment(orderId, paymentId, signature) {
      return signaturesMatch(hmacSha256Hex(options.keySecret, `${orderId}|${paymentId}`), signature);
    },
    parseWebhook(rawBody, signatureHeader, eventIdHeader) {
      if (!signatureHeader || !eventIdHeader) return null;
      if (!signaturesMatch(hmacSha256Hex(options.webhookSecret, rawBody), signatureHeader)) return null;
      return toProviderEvent(rawBody, eventIdHeader);
    },
  };
}
