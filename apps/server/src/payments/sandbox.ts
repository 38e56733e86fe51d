import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import { messages } from '@parley/domain/messages';
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
  /**
   * Sends again every kept webhook Parley has not taken yet (at start, once the app is ready).
   * Resolves once each was offered once (a refused one is tried again later); never rejects.
   */
  sendUnsentWebhooks(): Promise<void>;
  /** Resolves when every webhook the sandbox has sent so far was delivered (tests). */
  flushWebhooks(): Promise<void>;
  /** Drops the retries waiting on timers (at shutdown): the next start sends what they would have. */
  stopRetries(): void;
};

export type SandboxSettlement =
  | { ok: true; razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }
  | { ok: false; error: { code: string; description: string; reason: string; metadata: { order_id: string; payment_id: string } } };

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('base64url')}`;

/** How long the sandbox waits before sending a refused webhook again, try after try (Razorpay retries for a day); after the last, the next start sends it. */
export const SANDBOX_WEBHOOK_RETRY_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000] as const;

/**
 * The built-in provider: offline, yet it signs exactly as the real one does (HMAC-SHA256 of
 * `orderId|paymentId` under the key secret) and sends signed webhooks for captured and failed
 * payments, so the code that verifies them is the production code. As the real provider does, it
 * keeps each webhook until Parley took it (a 200): one refused is sent again later with the same
 * event id, and one a crash cut off is sent again when the server starts (`sendUnsentWebhooks`).
 */
export function createSandboxProvider(options: {
  db: Db;
  keySecret: string;
  webhookSecret: string;
  retryDelaysMs?: readonly number[];
  log?: { warn(details: object, message: string): void };
}): SandboxProvider {
  const { db, keySecret, webhookSecret, retryDelaysMs = SANDBOX_WEBHOOK_RETRY_MS } = options;
  let sink: WebhookSink | undefined;
  const pending = new Set<Promise<void>>();
  const retries = new Set<NodeJS.Timeout>();

  // A delivery runs in the background: its failure (the database gone while it marks the row) is
  // logged, and the row stays unsent for the next start.
  const track = (delivery: Promise<void>) => {
    const tracked = delivery
      .catch((error: unknown) => options.log?.warn({ err: error }, 'a sandbox webhook could not be recorded; it is sent again at the next start'))
      .finally(() => pending.delete(tracked));
    pending.add(tracked);
  };

  /** Whether the row still holds this event: a Fail then Pay settles one order twice, and only the last event counts. */
  const stillCurrent = async (orderId: string, eventId: string) => {
    const [row] = await db.select({ eventId: sandboxOrders.webhookEventId }).from(sandboxOrders).where(eq(sandboxOrders.id, orderId));
    return row?.eventId === eventId;
  };

  const deliver = async (orderId: string, rawBody: string, eventId: string, attempt: number): Promise<void> => {
    if (!sink) return; // sent once a sink is set, at start
    if (attempt > 0 && !(await stillCurrent(orderId, eventId))) return;
    const headers = { 'content-type': 'application/json', 'x-razorpay-signature': hmacSha256Hex(webhookSecret, rawBody), 'x-razorpay-event-id': eventId };
    try {
      await sink(rawBody, headers);
    } catch {
      const delay = retryDelaysMs[attempt];
      if (delay === undefined) return;
      const timer = setTimeout(() => {
        retries.delete(timer);
        track(deliver(orderId, rawBody, eventId, attempt + 1));
      }, delay);
      timer.unref();
      retries.add(timer);
      return;
    }
    await db
      .update(sandboxOrders)
      .set({ webhookDeliveredAt: new Date() })
      .where(and(eq(sandboxOrders.id, orderId), eq(sandboxOrders.webhookEventId, eventId)));
  };

  /** Settles a created order once (a second Pay at the same moment finds it settled) and keeps its webhook before sending it. */
  const settleOnce = async (order: { id: string }, change: { status: 'paid' | 'failed'; paymentId: string; event: string; entity: Record<string, unknown> }) => {
    const rawBody = JSON.stringify({ event: change.event, payload: { payment: { entity: change.entity } } });
    const eventId = id('evt');
    const [settled] = await db
      .update(sandboxOrders)
      .set({ status: change.status, paymentId: change.paymentId, webhookBody: rawBody, webhookEventId: eventId, webhookDeliveredAt: null })
      .where(and(eq(sandboxOrders.id, order.id), ne(sandboxOrders.status, 'paid')))
      .returning({ id: sandboxOrders.id });
    if (settled) track(deliver(order.id, rawBody, eventId, 0));
    return Boolean(settled);
  };

  /** The order cannot take a payment: it is paid already (`invalid_order`, which the web's checkout reads as such), or unknown. */
  const refused = (orderId: string, paymentId: string, why: 'paid' | 'unknown'): SandboxSettlement => ({
    ok: false,
    error: {
      code: 'BAD_REQUEST_ERROR',
      description: why === 'paid' ? messages.orderAlreadyPaid : 'No such order.',
      reason: why === 'paid' ? 'invalid_order' : 'invalid_request',
      metadata: { order_id: orderId, payment_id: paymentId },
    },
  });

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
      if (!order) return refused(orderId, paymentId, 'unknown');
      const entity = { id: paymentId, order_id: orderId, amount: order.amountMinor, currency: order.currency };
      if (result.outcome === 'failure') {
        if (!(await settleOnce(order, { status: 'failed', paymentId, event: 'payment.failed', entity: { ...entity, status: 'failed', error_code: result.errorCode } }))) {
          return refused(orderId, paymentId, 'paid');
        }
        return { ok: false, error: { code: result.errorCode, description: result.description, reason: 'payment_failed', metadata: { order_id: orderId, payment_id: paymentId } } };
      }
      if (!(await settleOnce(order, { status: 'paid', paymentId, event: 'payment.captured', entity: { ...entity, status: 'captured' } }))) return refused(orderId, paymentId, 'paid');
      return { ok: true, razorpay_payment_id: paymentId, razorpay_order_id: orderId, razorpay_signature: hmacSha256Hex(keySecret, `${orderId}|${paymentId}`) };
    },
    setWebhookSink(next) {
      sink = next;
    },
    sendUnsentWebhooks() {
      // Webhooks a crash (or a run of refusals) left unsent go out now, with their first event ids.
      const sending = (async () => {
        const unsent = await db
          .select({ id: sandboxOrders.id, body: sandboxOrders.webhookBody, eventId: sandboxOrders.webhookEventId })
          .from(sandboxOrders)
          .where(and(isNotNull(sandboxOrders.webhookBody), isNull(sandboxOrders.webhookDeliveredAt)));
        for (const row of unsent) if (row.body && row.eventId) await deliver(row.id, row.body, row.eventId, 0);
      })();
      track(sending);
      return sending.catch(() => undefined);
    },
    async flushWebhooks() {
      while (pending.size) await Promise.allSettled([...pending]);
    },
    stopRetries() {
      for (const timer of retries) clearTimeout(timer);
      retries.clear();
    },
  };
}
