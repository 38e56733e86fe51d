import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sandboxOrders } from '../db/schema';
import type { PaymentProvider } from './provider';
import { hmacSha256Hex, signaturesMatch } from './signature';
import { toProviderEvent } from './webhook-event';

export type WebhookSink = (rawBody: string, headers: Record<string, string>) => Promise<void>;

export type SandboxPayOutcome =
  | { outcome: 'success' }
  | { outcome: 'failure'; errorCode: string; description: string };

export type SandboxProvider = PaymentProvider & {
  /** The in-page checkout's Pay / Fail buttons: settles the order like the real provider would. */
  settle(orderId: string, result: SandboxPayOutcome): Promise<SandboxSettlement>;
  setWebhookSink(sink: WebhookSink): void;
  /** Resolves when every webhook the sandbox has sent so far was delivered (tests). */
  flushWebhooks(): Promise<void>;
};

export type SandboxSettlement =
  | { ok: true; razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }
  | { ok: false; error: { code: string; description: string; reason: string; metadata: { order_id: string; payment_id: string } } };

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('base64url')}`;

/**
 * The built-in provider: offline, yet it signs exactly as the real one does (HMAC-SHA256 of
 * `orderId|paymentId` under the key secret) and sends signed webhooks for captured and failed
 * payments, so the code that verifies them is the production code.
 */
export function createSandboxProvider(options: { db: Db; keySecret: string; webhookSecret: string }): SandboxProvider {
  const { db, keySecret, webhookSecret } = options;
  let sink: WebhookSink | undefined;
  const pending = new Set<Promise<void>>();

  const sendWebhook = (event: string, entity: Record<string, unknown>) => {
    if (!sink) return;
    const rawBody = JSON.stringify({ event, payload: { payment: { entity } } });
    const headers = {
      'content-type': 'application/json',
      'x-razorpay-signature': hmacSha256Hex(webhookSecret, rawBody),
      'x-razorpay-event-id': id('evt'),
    };
    const delivery = sink(rawBody, headers).finally(() => pending.delete(delivery));
    pending.add(delivery);
  };

  return {
    name: 'sandbox',
    keyId: 'rzp_test_parley_sandbox',
    checkoutScriptUrl: '/api/payments/sandbox/checkout.js',
    async createOrder(order) {
      const [row] = await db
        .insert(sandboxOrders)
        .values({ id: id('order'), amountMinor: order.amountMinor, currency: order.currency })
        .returning();
      return { id: row!.id, amountMinor: row!.amountMinor, currency: row!.currency };
    },
    verifyPayment(orderId, paymentId, signature) {
      return signaturesMatch(hmacSha256Hex(keySecret, `${orderId}|${paymentId}`), signature);
    },
    parseWebhook(rawBody, signatureHeader, eventIdHeader) {
      if (!signatureHeader || !eventIdHeader) return null;
      if (!signaturesMatch(hmacSha256Hex(webhookSecret, rawBody), signatureHeader)) return null;
      return toProviderEvent(rawBody, eventIdHeader);
    },
    async settle(orderId, result) {
      const [order] = await db.select().from(sandboxOrders).where(eq(sandboxOrders.id, orderId));
      const paymentId = id('pay');
      if (!order || order.status === 'paid') {
        const description = order ? 'This order is already paid.' : 'No such order.';
        return { ok: false, error: { code: 'BAD_REQUEST_ERROR', description, reason: 'invalid_order', metadata: { order_id: orderId, payment_id: paymentId } } };
      }
      const entity = { id: paymentId, order_id: orderId, amount: order.amountMinor, currency: order.currency };
      if (result.outcome === 'failure') {
        await db.update(sandboxOrders).set({ status: 'failed' }).where(eq(sandboxOrders.id, orderId));
        sendWebhook('payment.failed', { ...entity, status: 'failed', error_code: result.errorCode });
        return { ok: false, error: { code: result.errorCode, description: result.description, reason: 'payment_failed', metadata: { order_id: orderId, payment_id: paymentId } } };
      }
      await db.update(sandboxOrders).set({ status: 'paid', paymentId }).where(eq(sandboxOrders.id, orderId));
      sendWebhook('payment.captured', { ...entity, status: 'captured' });
      return { ok: true, razorpay_payment_id: paymentId, razorpay_order_id: orderId, razorpay_signature: hmacSha256Hex(keySecret, `${orderId}|${paymentId}`) };
    },
    setWebhookSink(next) {
      sink = next;
    },
    async flushWebhooks() {
      while (pending.size) await Promise.allSettled([...pending]);
    },
  };
}
