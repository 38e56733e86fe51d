import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { S3Settings } from './media/s3-media-store';

/**
 * apps/server: the nearest folder above this module with a package.json. It is the same folder
 * whether this runs as source (src/ under tsx and the tests) or bundled (dist/main.js), so files
 * read at run time (migrations, the sandbox checkout script, the web build) are found from it,
 * not from the module's own location, which bundling changes.
 */
export const serverRoot = packageRootAbove(import.meta.dirname);

// Every environment variable Parley reads, parsed once. Nowhere else reads process.env.
const booleanText = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'a postgres:// or postgresql:// URL' }).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'a redis:// or rediss:// URL' }).optional(),
  REDIS_KEY_PREFIX: z.string().regex(/^[a-z0-9_-]+$/i).default('parley'),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'razorpay']).optional(),
  /** off (default), true (every hop), a hop count, or comma-separated proxy addresses/CIDRs. */
  TRUST_PROXY: z.string().regex(/^(off|false|true|\d{1,2}|[0-9a-fA-F.:/]+(,\s*[0-9a-fA-F.:/]+)*)$/, 'off, true, a hop count, or proxy addresses').default('off'),
  RAZORPAY_KEY_ID: z.string().optional(),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
  /** The business's RazorpayX account that affiliate payouts are paid from. */
  RAZORPAYX_ACCOUNT_NUMBER: z.string().regex(/^[0-9]{6,32}$/, 'the RazorpayX account number (digits)').optional(),
  /** Where users reach Parley; kept without a trailing slash, since links are built as `${publicUrl}/path`. */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'an http:// or https:// URL' })
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  TOKEN_SECRET: z.string().min(32).optional(),
  /** 32 bytes as 64 hex characters or base64: seals affiliates' bank details (AES-256-GCM). */
  BANK_DETAILS_KEY: z
    .string()
    .transform((text) => (/^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64')))
    .refine((key) => key.length === 32, '32 bytes, as 64 hex characters or base64')
    .optional(),
  SEED_DEMO: booleanText.optional(),
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  ORDER_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  JOBS_POLL_INTERVAL_SECONDS: z.coerce.number().min(0.5).default(2),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default(path.join(serverRoot, '../web/dist')),
  BLOG_DIR: z.string().default(path.join(serverRoot, '../../content/blog')),
  MEDIA_STORE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanText.default(false),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3).regex(/^[^\r\n]+$/, 'one line').default('Parley <no-reply@localhost>'),
  ENQUIRIES_MAIL_TO: z.email().optional(),
  SMS_PROVIDER: z.enum(['outbox', 'twilio']).default('outbox'),
  TWILIO_ACCOUNT_SID: z.string().regex(/^AC[0-9a-fA-F]{32}$/, 'AC followed by 32 hex characters').optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16).optional(),
  SMS_FROM: z.string().regex(/^\+[0-9]{6,15}$/, 'a phone number in E.164 form, e.g. +15005550006').optional(),
  ICE_SERVERS: z.string().default('[]').transform(parseJson).pipe(z.array(iceServerSchema())),
  TURN_SECRET: z.string().min(16).optional(),
  TURN_URLS: z
    .string()
    .transform((text) => text.split(',').map((url) => url.trim()).filter(Boolean))
    .pipe(z.array(z.string().regex(/^turns?:[^\s]+$/, 'turn: or turns: URLs')).min(1))
    .optional(),
});

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Namespaces every Redis key, so several deployments (or test runs) can share one Redis. */
  redisKeyPrefix: string;
  paymentProvider: 'sandbox' | 'razorpay';
  /** Which proxies may set X-Forwarded-For (Fastify's trustProxy): none unless configured. */
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  /** `payoutAccountNumber`: the RazorpayX account affiliate payouts are paid from. */
  razorpay: { keyId: string; keySecret: string; webhookSecret: string; payoutAccountNumber: string } | undefined;
  publicUrl: string;
  tokenSecret: string;
  /** AES-256-GCM key for bank details at rest (generated into DATA_DIR outside production). */
  bankDetailsKey: Buffer;
  /** undefined: seed when the database is empty. */
  seedDemo: boolean | undefined;
  logLevel: string;
  /** Credential requests (login, sign-up, login links) allowed per IP per minute. */
  loginRateLimitPerMinute: number;
  /** Payment orders (each one a call to the provider) created per IP per minute. */
  orderRateLimitPerMinute: number;
  /** How often each job worker asks the queue for work (pg-boss's floor is 0.5 s). */
  jobsPollIntervalSeconds: number;
  webDist: string;
  /** The blog's Markdown files (content/blog), read once at start. */
  blogDir: string;
  /** Cookies get the Secure flag when the public URL is https. */
  secureCookies: boolean;
  /** Uploaded media: files under DATA_DIR/media (one node or a shared volume), or an S3-compatible bucket. */
  media: { store: 'local' } | { store: 's3'; s3: S3Settings };
  /** SMTP when a URL is set; otherwise mail stays in the outbox table. */
  /** `enquiriesTo`: where organization enquiries are e-mailed (none: the moderators' list only). */
  mail: { smtpUrl: string | undefined; from: string; enquiriesTo: string | undefined };
  /** Text messages (phone verification codes): Twilio when configured; otherwise they stay in the outbox table. */
  sms: { provider: 'outbox' } | { provider: 'twilio'; accountSid: string; authToken: string; from: string };
  /**
   * WebRTC: the STUN/TURN servers handed to the classroom (none: host candidates only), and
   * coturn's shared secret (use-auth-secret) when each user gets time-limited TURN credentials.
   */
  ice: { servers: IceServer[]; turn: { secret: string; urls: string[] } | undefined };
};

/** An RTCIceServer as browsers take it. */
export type IceServer = { urls: string | string[]; username?: string | undefined; credential?: string | undefined };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  // The checks across settings each say what is wrong; all of them are said at once, so one
  // restart is enough to fix them.
  const problems = new Set<string>();
  const checked = <T>(check: () => T): T => {
    try {
      return check();
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      for (const problem of error.problems) problems.add(problem);
      return undefined as T;
    }
  };
  const publicUrl = checked(() => publicUrlOf(e)) ?? '';
  const config: Config = {
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    paymentProvider: checked(() => paymentProvider(e)),
    trustProxy: trustProxy(e.TRUST_PROXY),
    razorpay: checked(() => razorpayConfig(e)),
    publicUrl,
    tokenSecret: e.TOKEN_SECRET ?? readOrCreateSecret(dataDir),
    bankDetailsKey: checked(() => bankDetailsKey(e, dataDir)),
    // Production never seeds the demo accounts (their password is in the README) unless asked to.
    seedDemo: e.SEED_DEMO ?? (e.NODE_ENV === 'production' ? false : undefined),
    logLevel: e.LOG_LEVEL,
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
    orderRateLimitPerMinute: e.ORDER_RATE_LIMIT_PER_MINUTE,
    jobsPollIntervalSeconds: e.JOBS_POLL_INTERVAL_SECONDS,
    webDist: e.WEB_DIST,
    blogDir: e.BLOG_DIR,
    secureCookies: publicUrl.startsWith('https://'),
    media: checked(() => mediaConfig(e)),
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, enquiriesTo: e.ENQUIRIES_MAIL_TO },
    sms: checked(() => smsConfig(e)),
    ice: { servers: e.ICE_SERVERS, turn: checked(() => turnConfig(e)) },
  };
  if (problems.size > 0) throw new ConfigError([...problems]);
  return config;
}

/** Settings that stop the start: 'Invalid configuration:' and a line for each problem. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Twilio needs its account, token and sender number; any of them missing stops the server at start. */
function smsConfig(e: z.infer<typeof envSchema>): Config['sms'] {
  if (e.SMS_PROVIDER === 'outbox') return { provider: 'outbox' };
  const missing = (['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'SMS_FROM'] as const).filter((name) => !e[name]);
  if (missing.length > 0) throw new ConfigError([`SMS_PROVIDER=twilio needs ${missing.join(', ')}`]);
  return { provider: 'twilio', accountSid: e.TWILIO_ACCOUNT_SID!, authToken: e.TWILIO_AUTH_TOKEN!, from: e.SMS_FROM! };
}

function parseJson(text: string, ctx: z.RefinementCtx): unknown {
  try {
    return JSON.parse(text);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'not valid JSON (expected an array such as [{"urls":"stun:stun.example.org:3478"}])' });
    return z.NEVER;
  }
}

/** A browser refuses a turn: URL without a username and credential, so the server does too. */
function iceServerSchema() {
  const iceUrl = z.string().regex(/^(stun|stuns|turn|turns):[^\s]+$/, 'a stun:, stuns:, turn: or turns: URL');
  return z
    .object({ urls: z.union([iceUrl, z.array(iceUrl).min(1)]), username: z.string().optional(), credential: z.string().optional() })
    .strict()
    .refine((server) => ![server.urls].flat().some((url) => url.startsWith('turn')) || (server.username !== undefined && server.credential !== undefined), {
      message: 'a TURN server needs a username and a credential',
    });
}

function turnConfig(e: z.infer<typeof envSchema>): Config['ice']['turn'] {
  if (!e.TURN_SECRET && !e.TURN_URLS) return undefined;
  if (!e.TURN_SECRET || !e.TURN_URLS) throw new ConfigError(["TURN_SECRET and TURN_URLS go together (coturn's use-auth-secret and its turn: URLs)"]);
  return { secret: e.TURN_SECRET, urls: e.TURN_URLS };
}

/**
 * Production must be told its public address: links in mail and certificates point at it, and an
 * https:// one is what gives cookies the Secure flag. Elsewhere it is this machine.
 */
function publicUrlOf(e: z.infer<typeof envSchema>): string {
  if (e.PUBLIC_URL) return e.PUBLIC_URL;
  if (e.NODE_ENV === 'production') {
    throw new ConfigError(['PUBLIC_URL: required in production (the address users reach, e.g. https://parley.example.com; https:// makes cookies Secure)']);
  }
  return `http://localhost:${e.PORT}`;
}

/** Production never falls back to the sandbox, where anyone can "pay": it must be asked for. */
function paymentProvider(e: z.infer<typeof envSchema>): Config['paymentProvider'] {
  if (e.PAYMENT_PROVIDER) return e.PAYMENT_PROVIDER;
  if (e.NODE_ENV === 'production') {
    throw new ConfigError(['PAYMENT_PROVIDER: set razorpay for real payments (or sandbox explicitly, to run production on test payments)']);
  }
  return 'sandbox';
}

function trustProxy(value: string): Config['trustProxy'] {
  if (value === 'off' || value === 'false') return false;
  if (value === 'true') return true;
  // A hop count: trust that many proxies in front of the server, counted from the server.
  if (/^\d+$/.test(value)) return (_address, hop) => hop < Number(value);
  return value;
}

function razorpayConfig(e: z.infer<typeof envSchema>): Config['razorpay'] {
  if (paymentProvider(e) !== 'razorpay') return undefined;
  if (!e.RAZORPAY_KEY_ID || !e.RAZORPAY_KEY_SECRET || !e.RAZORPAY_WEBHOOK_SECRET || !e.RAZORPAYX_ACCOUNT_NUMBER) {
    throw new ConfigError(['PAYMENT_PROVIDER=razorpay needs RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET and RAZORPAYX_ACCOUNT_NUMBER (affiliate payouts)']);
  }
  return { keyId: e.RAZORPAY_KEY_ID, keySecret: e.RAZORPAY_KEY_SECRET, webhookSecret: e.RAZORPAY_WEBHOOK_SECRET, payoutAccountNumber: e.RAZORPAYX_ACCOUNT_NUMBER };
}

function mediaConfig(e: z.infer<typeof envSchema>): Config['media'] {
  if (e.MEDIA_STORE === 'local') return { store: 'local' };
  if (!e.S3_BUCKET || !e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError(['MEDIA_STORE=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY']);
  }
  return {
    store: 's3',
    s3: {
      bucket: e.S3_BUCKET,
      region: e.S3_REGION,
      endpoint: e.S3_ENDPOINT,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
    },
  };
}

/**
 * Production must be given the key (a key generated on one node's disk would not open another
 * node's rows, and losing it loses every bank detail); elsewhere one is made once in DATA_DIR.
 */
function bankDetailsKey(e: z.infer<typeof envSchema>, dataDir: string): Buffer {
  if (e.BANK_DETAILS_KEY) return e.BANK_DETAILS_KEY;
  if (e.NODE_ENV === 'production') {
    throw new ConfigError(['BANK_DETAILS_KEY: required in production (32 bytes as 64 hex characters, e.g. openssl rand -hex 32)']);
  }
  return Buffer.from(readOrCreateSecret(dataDir, 'bank-details-key', () => randomBytes(32).toString('hex')), 'hex');
}

/** A secret generated on first start and kept in DATA_DIR, so sessions survive restarts. */
function readOrCreateSecret(dataDir: string, name = 'token-secret', create = () => randomBytes(48).toString('base64url')): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = create();
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function packageRootAbove(dir: string): string {
  for (let current = dir; ; current = path.dirname(current)) {
    if (existsSync(path.join(current, 'package.json'))) return current;
    if (path.dirname(current) === current) throw new Error(`No package.json above ${dir}`);
  }
}
