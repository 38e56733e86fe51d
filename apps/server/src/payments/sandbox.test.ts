import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxOrders } from '../db/schema';
import { createTestApp, type TestApp } from '../test/harness';
import { balanceOf, capture, newLearner } from '../test/wallet-money';
import { createSandboxProvider } from './sandbox';
import { hmacSha256Hex } from './signature';

// The sandbox keeps every webhook it sends until Parley took it, as the real provider does: a
// webhook a crash cut off goes out at the next start, a refused one goes out again later with the
// same event id, and an order is paid once however many Pay presses arrive at once.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Another process's sandbox on the same database: the one that was running before a crash. */
function otherProcessSandbox(retryDelaysMs?: readonly number[]) {
  return createSandboxProvider({
    db: t.ctx.db,
    keySecret: hmacSha256Hex(t.ctx.config.tokenSecret, 'sandbox-key-secret'),
    webhookSecret: hmacSha256Hex(t.ctx.config.tokenSecret, 'sandbox-webhook-secret'),
    ...(retryDelaysMs ? { retryDelaysMs } : {}),
  });
}

type Sent = { body: { event: string; payload: { payment: { entity: { order_id: string } } } }; eventId: string };
const recorder = (answers: ('ok' | 'refuse')[] = []) => {
  const sent: Sent[] = [];
  const sink = async (rawBody: string, headers: Record<string, string>) => {
    sent.push({ body: JSON.parse(rawBody), eventId: headers['x-razorpay-event-id']! });
    if (answers.shift() === 'refuse') throw new Error('answered 500');
  };
  return { sent, sink };
};
const rowOf = async (orderId: string) => (await t.ctx.db.select().from(sandboxOrders).where(eq(sandboxOrders.id, orderId)))[0]!;

describe('the sandbox’s webhooks', () => {
  it('applies a top-up whose webhook a crash cut off when the server starts again, once', async () => {
    const { c } = await newLearner(t, 'crash-topup@example.com');
    const orderId = (await c.post('/api/sandbox/capture', capture(30_000, 'Wallet'))).json().data.id as string;
    // The process that took the Pay press died before its webhook reached Parley.
    const died = otherProcessSandbox();
    expect((await died.settle(orderId, { outcome: 'success' })).ok).toBe(true);
    expect(await balanceOf(c)).toBe(0);
    expect(await rowOf(orderId)).toMatchObject({ status: 'paid', webhookDeliveredAt: null });

    // The start waits for it: the first answer after the start shows the money.
    await t.ctx.sandbox!.sendUnsentWebhooks();
    expect(await balanceOf(c)).toBe(30_000);
    expect((await rowOf(orderId)).webhookDeliveredAt).not.toBeNull();
    // Started again: nothing is left to send for it.
    const next = otherProcessSandbox();
    const restarted = recorder();
    next.setWebhookSink(restarted.sink);
    next.sendUnsentWebhooks();
    await next.flushWebhooks();
    expect(restarted.sent.filter((s) => s.body.payload.payment.entity.order_id === orderId)).toEqual([]);
    expect(await balanceOf(c)).toBe(30_000);
  });

  it('sends a refused webhook again after a wait, with the same event id, until it is taken', async () => {
    const { c } = await newLearner(t, 'refused-webhook@example.com');
    const orderId = (await c.post('/api/sandbox/capture', capture(20_000, 'Wallet'))).json().data.id as string;
    const sandbox = otherProcessSandbox([20, 20]);
    const { sent, sink } = recorder(['refuse', 'refuse', 'ok']);
    sandbox.setWebhookSink(sink);
    await sandbox.settle(orderId, { outcome: 'success' });
    await expect.poll(() => sent.length, { timeout: 2_000 }).toBe(3);
    await sandbox.flushWebhooks();
    expect(new Set(sent.map((s) => s.eventId)).size).toBe(1);
    expect(sent[0]!.body).toMatchObject({ event: 'payment.captured', payload: { payment: { entity: { order_id: orderId } } } });
    expect((await rowOf(orderId)).webhookDeliveredAt).not.toBeNull();
  });

  it('after its last retry leaves the webhook for the next start', async () => {
    const { c } = await newLearner(t, 'given-up-webhook@example.com');
    const orderId = (await c.post('/api/sandbox/capture', capture(20_000, 'Wallet'))).json().data.id as string;
    const sandbox = otherProcessSandbox([10]);
    const { sent, sink } = recorder(['refuse', 'refuse']);
    sandbox.setWebhookSink(sink);
    await sandbox.settle(orderId, { outcome: 'success' });
    await expect.poll(() => sent.length, { timeout: 2_000 }).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toHaveLength(2);
    expect((await rowOf(orderId)).webhookDeliveredAt).toBeNull();
    const next = otherProcessSandbox();
    const restarted = recorder();
    next.setWebhookSink(restarted.sink);
    next.sendUnsentWebhooks();
    await next.flushWebhooks();
    expect(restarted.sent.filter((s) => s.body.payload.payment.entity.order_id === orderId).map((s) => s.eventId)).toEqual([sent[0]!.eventId]);
  });

  it('after Fail then Pay, the failure’s late delivery does not pass for the capture’s', async () => {
    const { c } = await newLearner(t, 'fail-then-pay@example.com');
    const orderId = (await c.post('/api/sandbox/capture', capture(10_000, 'Wallet'))).json().data.id as string;
    const sandbox = otherProcessSandbox([5_000]);
    let releaseFailure!: () => void;
    const failureHeld = new Promise<void>((resolve) => (releaseFailure = resolve));
    const sent: string[] = [];
    sandbox.setWebhookSink(async (rawBody) => {
      const { event } = JSON.parse(rawBody) as { event: string };
      sent.push(event);
      if (event === 'payment.failed') await failureHeld; // taken, but slowly
      else throw new Error('answered 500'); // the capture is refused this time
    });
    await sandbox.settle(orderId, { outcome: 'failure', errorCode: 'BAD_REQUEST_ERROR', description: 'Declined' });
    await sandbox.settle(orderId, { outcome: 'success' });
    releaseFailure();
    await sandbox.flushWebhooks();
    sandbox.stopRetries();
    expect(sent).toEqual(['payment.failed', 'payment.captured']);
    expect(await rowOf(orderId)).toMatchObject({ status: 'paid', webhookDeliveredAt: null });
  });

  it('pays an order once when Pay is pressed twice at the same moment', async () => {
    const { c } = await newLearner(t, 'pay-twice@example.com');
    const orderId = (await c.post('/api/sandbox/capture', capture(10_000, 'Wallet'))).json().data.id as string;
    const sandbox = otherProcessSandbox();
    const results = await Promise.all([sandbox.settle(orderId, { outcome: 'success' }), sandbox.settle(orderId, { outcome: 'success' })]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ ok: false, error: { description: 'This order is already paid.' } });
  });
});
