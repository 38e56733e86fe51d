import { z } from 'zod';
import { providerIdSchema, singleLineText } from '@parley/domain/text';
import type { ProviderEvent } from './provider';

type WebhookBody = { event?: unknown; payload?: { payment?: { entity?: unknown }; refund?: { entity?: unknown } } };

// Signed, yet still read as untrusted input: a field that could never be real (an id that is
// not a token, an amount no order column can hold) makes the event one we ignore.
const paymentEntity = z.object({
  id: providerIdSchema,
  order_id: providerIdSchema,
  // Orders keep amounts in a Postgres integer: a larger amount is no order's amount.
  amount: z.number().int().min(0).max(2_147_483_647).nullish(),
  currency: z.string().nullish(),
  // Razorpay sends error_code: null on a captured payment.
  error_code: singleLineText(64).nullish(),
});

const refundEntity = z.object({
  id: providerIdSchema,
  payment_id: providerIdSchema,
  amount: z.number().int().min(1).max(2_147_483_647),
  currency: z.enum(['INR', 'USD']),
});

/** Reads Razorpay's webhook body shape, which the sandbox sends too; null when it is not an event at all. */
export function toProviderEvent(rawBody: string, eventId: string): ProviderEvent | null {
  if (!providerIdSchema.safeParse(eventId).success) return null;
  let body: WebhookBody | null;
  try {
    body = JSON.parse(rawBody) as WebhookBody | null;
  } catch {
    return null;
  }
  if (body?.event === 'refund.processed') {
    const refund = refundEntity.safeParse(body.payload?.refund?.entity);
    if (!refund.success) return { id: eventId, type: 'other' };
    return { id: eventId, type: 'refund.processed', refundId: refund.data.id, paymentId: refund.data.payment_id, amountMinor: refund.data.amount, currency: refund.data.currency };
  }
  const parsed = paymentEntity.safeParse(body?.payload?.payment?.entity);
  if (!parsed.success) return { id: eventId, type: 'other' };
  const payment = parsed.data;
  if (body?.event === 'payment.captured' && typeof payment.amount === 'number' && (payment.currency === 'INR' || payment.currency === 'USD')) {
    return { id: eventId, type: 'payment.captured', orderId: payment.order_id, paymentId: payment.id, amountMinor: payment.amount, currency: payment.currency };
  }
  if (body?.event === 'payment.failed') {
    return { id: eventId, type: 'payment.failed', orderId: payment.order_id, paymentId: payment.id, errorCode: payment.error_code ?? undefined };
  }
  return { id: eventId, type: 'other' };
}
