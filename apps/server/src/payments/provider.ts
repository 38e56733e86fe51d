import type { Currency } from '@parley/domain/money';

export type ProviderOrder = { id: string; amountMinor: number; currency: Currency };

/** A webhook event the provider delivered, after its signature was checked. */
export type ProviderEvent =
  | { id: string; type: 'payment.captured'; orderId: string; paymentId: string; amountMinor: number; currency: Currency }
  | { id: string; type: 'payment.failed'; orderId: string; paymentId: string; errorCode: string | undefined }
  /** A refund of (part of) a captured payment, made at the provider. */
  | { id: string; type: 'refund.processed'; refundId: string; paymentId: string; amountMinor: number; currency: Currency }
  | { id: string; type: 'other' };

/**
 * The payment provider. The sandbox and Razorpay implement it alike,
 * so the rest of the server and the web app have one path.
 */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'razorpay';
  /** Public key id for the checkout; the secret never leaves the server. */
  readonly keyId: string;
  /** URL of the checkout script the web app loads. */
  readonly checkoutScriptUrl: string;
  createOrder(order: { amountMinor: number; currency: Currency; receipt: string; notes: Record<string, string> }): Promise<ProviderOrder>;
  /** HMAC-SHA256 of `orderId|paymentId` under the key secret, compared in constant time. */
  verifyPayment(orderId: string, paymentId: string, signature: string): boolean;
  /** Checks the webhook signature over the raw body; null when it does not verify. */
  parseWebhook(rawBody: string, signatureHeader: string | undefined, eventIdHeader: string | undefined): ProviderEvent | null;
}
