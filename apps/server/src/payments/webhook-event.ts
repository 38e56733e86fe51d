import type { Currency } from '@parley/domain/money';
import type { ProviderEvent } from './provider';

type PaymentEntity = { id?: string; order_id?: string; amount?: number; currency?: string; error_code?: string };
type WebhookBody = { event?: string; payload?: { payment?: { entity?: PaymentEntity } } };

/** Reads Razorpay's webhook body shape, which the sandbox sends too. */
export function toProviderEvent(rawBody: string, eventId: string): ProviderEvent | null {
  let body: WebhookBody;
  try {
    body = JSON.parse(rawBody) as WebhookBody;
  } catch {
    return null;
  }
  const payment = body.payload?.payment?.entity;
  if (!payment?.id || !payment.order_id) return { id: eventId, type: 'other' };
  if (body.event === 'payment.captured' && Number.isSafeInteger(payment.amount) && (payment.currency === 'INR' || payment.currency === 'USD')) {
    return { id: eventId, type: 'payment.captured', orderId: payment.order_id, paymentId: payment.id, amountMinor: payment.amount!, currency: payment.currency as Currency };
  }
  if (body.event === 'payment.failed') {
    return { id: eventId, type: 'payment.failed', orderId: payment.order_id, paymentId: payment.id, errorCode: payment.error_code };
  }
  return { id: eventId, type: 'other' };
}
