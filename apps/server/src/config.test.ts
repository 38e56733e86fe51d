import { mkdtempSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const base = { TOKEN_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/parley-config-test' };
/** Production also needs the bank details key. */
const BANK_DETAILS_KEY = 'ab'.repeat(32);
/** Production with the public address it must be given. */
const production = { ...base, NODE_ENV: 'production', PUBLIC_URL: 'https://parley.example' };

describe('payment provider', () => {
  it('is the sandbox by default outside production, for the one-command demo', () => {
    expect(loadConfig({ ...base }).paymentProvider).toBe('sandbox');
  });

  it('refuses to start in production unless a provider is named', () => {
    expect(() => loadConfig({ ...production })).toThrow(/PAYMENT_PROVIDER/);
    expect(loadConfig({ ...production, PAYMENT_PROVIDER: 'sandbox', BANK_DETAILS_KEY }).paymentProvider).toBe('sandbox');
    expect(() => loadConfig({ ...production, PAYMENT_PROVIDER: 'razorpay' })).toThrow(/RAZORPAY_KEY_ID/);
  });
});

describe('configuration errors', () => {
  it('are said all at once, so one restart fixes them', () => {
    let message = '';
    try {
      loadConfig({ ...base, NODE_ENV: 'production', MEDIA_STORE: 's3' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message.split('\n')[0]).toBe('Invalid configuration:');
    for (const name of ['PUBLIC_URL', 'PAYMENT_PROVIDER', 'BANK_DETAILS_KEY', 'MEDIA_STORE=s3']) expect(message).toContain(name);
    // PAYMENT_PROVIDER is checked twice (the provider, and Razorpay's keys) but said once.
    expect(message.match(/PAYMENT_PROVIDER/g)).toHaveLength(1);
  });
});

describe('demo data', () => {
  it('is seeded into an empty database outside production, never in production unless SEED_DEMO=true', () => {
    expect(loadConfig({ ...base }).seedDemo).toBeUndefined();
    const inProduction = { ...production, PAYMENT_PROVIDER: 'sandbox', BANK_DETAILS_KEY };
    expect(loadConfig(inProduction).seedDemo).toBe(false);
    expect(loadConfig({ ...inProduction, SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });
});

describe('addresses', () => {
  it('refuses a public address, database or Redis URL of another kind', () => {
    expect(() => loadConfig({ ...base, PUBLIC_URL: 'ftp://parley.example' })).toThrow(/PUBLIC_URL: an http:\/\/ or https:\/\/ URL/);
    expect(() => loadConfig({ ...base, DATABASE_URL: 'mysql://db.example/parley' })).toThrow(/DATABASE_URL: a postgres:\/\/ or postgresql:\/\/ URL/);
    expect(() => loadConfig({ ...base, REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL: a redis:\/\/ or rediss:\/\/ URL/);
    const good = loadConfig({ ...base, PUBLIC_URL: 'https://parley.example/', DATABASE_URL: 'postgresql://u@db/parley', REDIS_URL: 'rediss://cache:6380' });
    expect(good).toMatchObject({ publicUrl: 'https://parley.example', databaseUrl: 'postgresql://u@db/parley', redisUrl: 'rediss://cache:6380' });
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

describe('media store', () => {
  const s3 = { MEDIA_STORE: 's3', S3_BUCKET: 'parley-media', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' };

  it('keeps files in the data dir by default', () => {
    expect(loadConfig({ ...base }).media).toEqual({ store: 'local' });
  });

  it('refuses to start on S3 without a bucket and keys', () => {
    expect(() => loadConfig({ ...base, MEDIA_STORE: 's3' })).toThrow(/MEDIA_STORE=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ ...base, ...s3, S3_SECRET_ACCESS_KEY: undefined })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ ...base, MEDIA_STORE: 'ftp' })).toThrow(/MEDIA_STORE/);
  });

  it('takes an S3-compatible endpoint and path-style addressing', () => {
    expect(loadConfig({ ...base, ...s3 }).media).toEqual({
      store: 's3',
      s3: { bucket: 'parley-media', region: 'us-east-1', endpoint: undefined, accessKeyId: 'key', secretAccessKey: 'secret', forcePathStyle: false },
    });
    const minio = loadConfig({ ...base, ...s3, S3_ENDPOINT: 'http://minio.internal:9000', S3_FORCE_PATH_STYLE: 'true', S3_REGION: 'eu-west-1' }).media;
    expect(minio).toMatchObject({ s3: { endpoint: 'http://minio.internal:9000', forcePathStyle: true, region: 'eu-west-1' } });
    expect(() => loadConfig({ ...base, ...s3, S3_ENDPOINT: 'minio' })).toThrow(/S3_ENDPOINT/);
  });
});

describe('sms', () => {
  it('keeps text messages in the outbox unless Twilio is configured, and Twilio needs all three settings', () => {
    expect(loadConfig({ ...base }).sms).toEqual({ provider: 'outbox' });
    const twilio = { SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`, TWILIO_AUTH_TOKEN: 'a-long-auth-token', SMS_FROM: '+15005550006' };
    expect(loadConfig({ ...base, ...twilio }).sms).toEqual({ provider: 'twilio', accountSid: `AC${'0'.repeat(32)}`, authToken: 'a-long-auth-token', from: '+15005550006' });
    expect(() => loadConfig({ ...base, ...twilio, SMS_FROM: undefined })).toThrow(/SMS_PROVIDER=twilio needs SMS_FROM/);
    expect(() => loadConfig({ ...base, ...twilio, SMS_FROM: '15005550006' })).toThrow(/SMS_FROM/);
  });
});

describe('mail', () => {
  it('keeps mail in the outbox unless SMTP is configured', () => {
    expect(loadConfig({ ...base }).mail).toEqual({ smtpUrl: undefined, from: 'Parley <no-reply@localhost>' });
    expect(loadConfig({ ...base, SMTP_URL: 'smtp://user:pass@mail.internal:587', MAIL_FROM: 'Parley <hello@parley.example>' }).mail).toEqual({
      smtpUrl: 'smtp://user:pass@mail.internal:587',
      from: 'Parley <hello@parley.example>',
    });
  });

  it('refuses a URL that is not SMTP', () => {
    expect(() => loadConfig({ ...base, SMTP_URL: 'https://mail.example.com' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ ...base, MAIL_FROM: 'a\nBcc: b@example.com' })).toThrow(/MAIL_FROM/);
  });
});

describe('ICE servers (WebRTC)', () => {
  it('has none by default: host candidates only, enough on one machine or network', () => {
    expect(loadConfig({ ...base }).ice).toEqual({ servers: [], turn: undefined });
  });

  it('takes a JSON array of STUN and TURN servers', () => {
    const servers = [{ urls: 'stun:stun.example.org:3478' }, { urls: ['turn:turn.example.org:3478?transport=udp', 'turns:turn.example.org:5349'], username: 'u', credential: 'p' }];
    expect(loadConfig({ ...base, ICE_SERVERS: JSON.stringify(servers) }).ice.servers).toEqual(servers);
  });

  it('refuses to start on bad JSON, a bad URL or a TURN server without credentials', () => {
    expect(() => loadConfig({ ...base, ICE_SERVERS: '[{urls: stun:x}]' })).toThrow(/ICE_SERVERS: not valid JSON/);
    expect(() => loadConfig({ ...base, ICE_SERVERS: '{"urls":"stun:x"}' })).toThrow(/ICE_SERVERS/);
    expect(() => loadConfig({ ...base, ICE_SERVERS: '[{"urls":"https://stun.example.org"}]' })).toThrow(/ICE_SERVERS\.0\.urls: a stun:, stuns:, turn: or turns: URL/);
    expect(() => loadConfig({ ...base, ICE_SERVERS: '[{"urls":"turn:turn.example.org:3478"}]' })).toThrow(/a TURN server needs a username and a credential/);
    expect(() => loadConfig({ ...base, ICE_SERVERS: '[{"url":"stun:stun.example.org"}]' })).toThrow(/ICE_SERVERS/);
  });

  it('takes coturn’s shared secret with its TURN URLs, never one without the other', () => {
    const turn = { TURN_SECRET: 's'.repeat(32), TURN_URLS: 'turn:turn.example.org:3478?transport=udp, turns:turn.example.org:5349' };
    expect(loadConfig({ ...base, ...turn }).ice.turn).toEqual({ secret: 's'.repeat(32), urls: ['turn:turn.example.org:3478?transport=udp', 'turns:turn.example.org:5349'] });
    expect(() => loadConfig({ ...base, TURN_SECRET: turn.TURN_SECRET })).toThrow(/TURN_SECRET and TURN_URLS go together/);
    expect(() => loadConfig({ ...base, TURN_URLS: turn.TURN_URLS })).toThrow(/TURN_SECRET and TURN_URLS go together/);
    expect(() => loadConfig({ ...base, ...turn, TURN_URLS: 'stun:stun.example.org' })).toThrow(/TURN_URLS/);
    expect(() => loadConfig({ ...base, ...turn, TURN_SECRET: 'short' })).toThrow(/TURN_SECRET/);
  });
});

describe('PUBLIC_URL', () => {
  it('is required in production: login links, certificate links and Secure cookies depend on it', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox', BANK_DETAILS_KEY })).toThrow(/PUBLIC_URL: required in production/);
    expect(loadConfig({ ...production, PAYMENT_PROVIDER: 'sandbox', BANK_DETAILS_KEY })).toMatchObject({ publicUrl: 'https://parley.example', secureCookies: true });
    expect(() => loadConfig({ ...production, PUBLIC_URL: 'parley.example', PAYMENT_PROVIDER: 'sandbox', BANK_DETAILS_KEY })).toThrow(/PUBLIC_URL/);
  });

  it('is this machine outside production, and is kept without a trailing slash', () => {
    expect(loadConfig({ ...base, PORT: '4000' })).toMatchObject({ publicUrl: 'http://localhost:4000', secureCookies: false });
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://parley.example/' }).publicUrl).toBe('https://parley.example');
  });
});

describe('BANK_DETAILS_KEY', () => {
  it('is required in production', () => {
    expect(() => loadConfig({ ...production, PAYMENT_PROVIDER: 'sandbox' })).toThrow(/BANK_DETAILS_KEY: required in production/);
  });

  it('takes 32 bytes as hex or base64, and nothing shorter', () => {
    expect(loadConfig({ ...base, BANK_DETAILS_KEY }).bankDetailsKey).toEqual(Buffer.from(BANK_DETAILS_KEY, 'hex'));
    const base64 = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ ...base, BANK_DETAILS_KEY: base64 }).bankDetailsKey).toEqual(Buffer.alloc(32, 7));
    expect(() => loadConfig({ ...base, BANK_DETAILS_KEY: 'ab'.repeat(16) })).toThrow(/BANK_DETAILS_KEY/);
  });

  it('is generated once into DATA_DIR outside production, and the same key is read back', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-bank-key-'));
    const first = loadConfig({ ...base, DATA_DIR: dataDir }).bankDetailsKey;
    expect(first).toHaveLength(32);
    expect(loadConfig({ ...base, DATA_DIR: dataDir }).bankDetailsKey).toEqual(first);
    expect(statSync(path.join(dataDir, 'bank-details-key')).mode & 0o777).toBe(0o600);
  });
});
