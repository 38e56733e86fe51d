import type { Currency } from '@parley/domain/money';
import type { PaymentProvider, ProviderOrder } from './provider';
import { createRazorpayHttp, type RazorpayHttpOptions } from './razorpay-http';
import { hmacSha256Hex, signaturesMatch } from './signature';
import { toProviderEvent } from './webhook-event';

export type RazorpayOptions = RazorpayHttpOptions & { webhookSecret: string };

/** The real provider: orders through its REST API, signatures as its docs define them. */
export function createRazorpayProvider(options: RazorpayOptions): PaymentProvider {
  const http = createRazorpayHttp(options);
  return {
    name: 'razorpay',
    keyId: options.keyId,
    checkoutScriptUrl: 'https://checkout.razorpay.com/v1/checkout.js',
    async createOrder(order): Promise<ProviderOrder> {
      const body = await http<{ id: string; amount: number; currency: Currency }>({
        method: 'POST',
        path: '/orders',
        body: { amount: order.amountMinor, currency: order.currency, receipt: order.receipt, payment_capture: 1, notes: order.notes },
        what: 'order creation',
      });
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
