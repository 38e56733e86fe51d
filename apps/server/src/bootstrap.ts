import path from 'node:path';
import { pino } from 'pino';
import type { Config } from './config';
import type { AppContext } from './context';
import { openDatabase, type Database } from './db/client';
import { migrateDatabase } from './db/migrate';
import { createTokens } from './http/auth';
import { createThrottle } from './http/throttle';
import { createJobQueue } from './jobs/queue';
import { createOutboxOnlyTransport, createSmtpTransport } from './mail/mail-transport';
import { createOutboxOnlySms, createTwilioSms } from './sms/sms-transport';
import { createLocalMediaStore, type MediaStore } from './media/media-store';
import { createSandboxPayouts } from './payments/payout-provider';
import { createRazorpayProvider } from './payments/razorpay';
import { createRazorpayXPayouts } from './payments/razorpayx-payouts';
import { createSandboxProvider } from './payments/sandbox';
import { hmacSha256Hex } from './payments/signature';
import { createPublisher, scheduleChannel } from './realtime/publisher';
import { createInvalidatingCache } from './lib/invalidating-cache';
import { openRedis } from './lib/redis';
// The composition root: the caches load through the owning features' services.
import { findLiveSession } from './features/auth/auth.service';
import { createTutorCache } from './features/schedule/schedule.service';
import { favouriteTutorIds } from './features/tutors/tutors.service';

const LOGIN_THROTTLE_WINDOW_MS = 15 * 60 * 1000;
const SESSION_CACHE_TTL_MS = 5_000;
const TUTOR_CACHE_TTL_MS = 60_000;

/** Opens the database (migrated), Redis when configured, and assembles the app context. */
export async function createContext(config: Config, database?: Database): Promise<AppContext> {
  const db =
    database ??
    (await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') }));
  if (!database) await migrateDatabase(db);
  const redisLog = pino({ level: config.logLevel, name: 'redis' });
  const redis = config.redisUrl ? await openRedis(config.redisUrl, redisLog) : undefined;
  // Every process runs the queue on the same database; features define their handlers on it.
  const jobs = createJobQueue({
    database: db,
    pollIntervalSeconds: config.jobsPollIntervalSeconds,
    logger: pino({ level: config.logLevel, name: 'jobs' }),
  });
  await jobs.start();
  const sandbox = config.razorpay
    ? undefined
    : createSandboxProvider({
        db: db.db,
        // Derived from the token secret: stable across restarts, never sent to a browser.
        keySecret: hmacSha256Hex(config.tokenSecret, 'sandbox-key-secret'),
        webhookSecret: hmacSha256Hex(config.tokenSecret, 'sandbox-webhook-secret'),
        log: pino({ level: config.logLevel, name: 'sandbox' }),
      });
  const realtime = createPublisher();
  return {
    config,
    database: db,
    db: db.db,
    tokens: createTokens(config.tokenSecret),
    // Logout invalidates on every node through Redis; without Redis there is one node.
    sessionCache: createInvalidatingCache({
      ttlMs: SESSION_CACHE_TTL_MS,
      maxEntries: 50_000,
      redis,
      log: redisLog,
      channel: `${config.redisKeyPrefix}:session-revoked`,
      load: (sessionId) => findLiveSession(db.db, sessionId, new Date()),
    }),
    tutorCache: createTutorCache({
      db: db.db,
      ttlMs: TUTOR_CACHE_TTL_MS,
      redis,
      log: redisLog,
      channel: `${config.redisKeyPrefix}:tutor-changed`,
      // Each node tells its own watchers after dropping its own copy, so their next ask is answered afresh.
      onDropped: (tutorId) => realtime.emitHere([scheduleChannel(tutorId)], 'schedule_changed', { tutorId }),
    }),
    favouritesCache: createInvalidatingCache({
      ttlMs: TUTOR_CACHE_TTL_MS,
      maxEntries: 50_000,
      redis,
      log: redisLog,
      channel: `${config.redisKeyPrefix}:favourites-changed`,
      load: (viewerId) => favouriteTutorIds(db.db, viewerId),
    }),
    loginThrottle: createThrottle({ windowMs: LOGIN_THROTTLE_WINDOW_MS, redis, log: redisLog, prefix: `${config.redisKeyPrefix}:login-fail` }),
    redis,
    payments: config.razorpay ? createRazorpayProvider(config.razorpay) : sandbox!,
    sandbox,
    payouts: config.razorpay ? createRazorpayXPayouts(config.razorpay) : createSandboxPayouts(),
    realtime,
    jobs,
    media: await openMediaStore(config),
    mail: config.mail.smtpUrl ? createSmtpTransport({ url: config.mail.smtpUrl, from: config.mail.from }) : createOutboxOnlyTransport(),
    sms: config.sms.provider === 'twilio' ? createTwilioSms(config.sms) : createOutboxOnlySms(),
    now: () => new Date(),
  };
}

/** Files in DATA_DIR/media, or a bucket; the S3 SDK is loaded only when it is configured. */
async function openMediaStore(config: Config): Promise<MediaStore> {
  if (config.media.store === 'local') return createLocalMediaStore(path.join(config.dataDir, 'media'));
  const { createS3Client, createS3MediaStore } = await import('./media/s3-media-store');
  return createS3MediaStore({ client: createS3Client(config.media.s3), bucket: config.media.s3.bucket });
}

export async function closeContext(ctx: AppContext): Promise<void> {
  ctx.sandbox?.stopRetries();
  await ctx.sandbox?.flushWebhooks();
  await ctx.jobs.stop();
  await ctx.sessionCache.close();
  await ctx.tutorCache.close();
  await ctx.favouritesCache.close();
  await ctx.redis?.quit();
  await ctx.database.close();
}
