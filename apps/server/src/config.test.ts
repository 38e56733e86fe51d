import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const base = { TOKEN_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/parley-config-test' };

describe('payment provider', () => {
  it('is the sandbox by default outside production, for the one-command demo', () => {
    expect(loadConfig({ ...base }).paymentProvider).toBe('sandbox');
  });

  it('refuses to start in production unless a provider is named', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrow(/PAYMENT_PROVIDER/);
    expect(loadConfig({ ...base, NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' }).paymentProvider).toBe('sandbox');
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', PAYMENT_PROVIDER: 'razorpay' })).toThrow(/RAZORPAY_KEY_ID/);
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default', () => {
    expect(loadConfig({ ...base }).trustProxy).toBe(false);
  });

  it('takes true, a hop count or proxy addresses', () => {
    expect(loadConfig({ ...base, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    const hops = loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy as (address: string, hop: number) => boolean;
    expect([hops('10.0.0.1', 0), hops('10.0.0.1', 1), hops('10.0.0.1', 2)]).toEqual([true, true, false]);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8, 127.0.0.1');
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });
});
