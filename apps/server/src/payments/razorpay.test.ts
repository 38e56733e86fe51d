import { describe, expect, it } from 'vitest';
import { createRazorpayProvider } from './razorpay';
import { hmacSha256Hex } from './signature';

const options = { keyId: 'rzp_test_key', keySecret: 'key-secret', webhookSecret: 'hook-secret' };

describe('Razorpay adapter', () => {
  it('creates orders with basic auth and the amount in minor units', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const fakeFetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify({ id: 'order_123', amount: 9900, currency: 'INR' }), { status: 200 });
    }) as unknown as typeof fetch;
    const provider = createRazorpayProvider({ ...options, fetch: fakeFetch });
    const order = await provider.createOrder({ amountMinor: 9900, currency: 'INR', receipt: 'Demo-1', notes: { type: 'Demo' } });
    expect(order).toEqual({ id: 'order_123', amountMinor: 9900, currency: 'INR' });
    expect(calls[0]!.url).toBe('https://api.razorpay.com/v1/orders');
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(headers.authorization).toBe(`Basic ${Buffer.from('rzp_test_key:key-secret').toString('base64')}`);
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ amount: 9900, currency: 'INR', receipt: 'Demo-1', payment_capture: 1, notes: { type: 'Demo' } });
  });

  it('fails loudly when the provider refuses the order', async () => {
    const provider = createRazorpayProvider({ ...options, fetch: (async () => new Response('{}', { status: 401 })) as unknown as typeof fetch });
    await expect(provider.createOrder({ amountMinor: 100, currency: 'USD', receipt: 'r', notes: {} })).rejects.toThrow(/401/);
  });

  it('verifies payment signatures over orderId|paymentId with the key secret', () => {
    const provider = createRazorpayProvider(options);
    const signature = hmacSha256Hex('key-secret', 'order_1|pay_1');
    expect(provider.verifyPayment('order_1', 'pay_1', signature)).toBe(true);
    expect(provider.verifyPayment('order_1', 'pay_2', signature)).toBe(false);
    expect(provider.verifyPayment('order_1', 'pay_1', hmacSha256Hex('other', 'order_1|pay_1'))).toBe(false);
    expect(provider.verifyPayment('order_1', 'pay_1', 'short')).toBe(false);
  });

  it('verifies webhooks over the raw body with the webhook secret', () => {
    const provider = createRazorpayProvider(options);
    const raw = JSON.stringify({ event: 'payment.captured', payload: { payment: { entity: { id: 'pay_1', order_id: 'order_1', amount: 500, currency: 'USD' } } } });
    expect(provider.parseWebhook(raw, hmacSha256Hex('hook-secret', raw), 'evt_1')).toEqual({
      id: 'evt_1',
      type: 'payment.captured',
      orderId: 'order_1',
      paymentId: 'pay_1',
      amountMinor: 500,
      currency: 'USD',
    });
    expect(provider.parseWebhook(raw, hmacSha256Hex('key-secret', raw), 'evt_1')).toBeNull();
    expect(provider.parseWebhook(raw.replace('500', '50000'), hmacSha256Hex('hook-secret', raw), 'evt_1')).toBeNull();
    expect(provider.parseWebhook(raw, undefined, 'evt_1')).toBeNull();
  });
});
