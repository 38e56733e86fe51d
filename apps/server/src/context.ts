import type { Redis } from 'ioredis';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { AuthContext, Tokens } from './http/auth';
import type { Throttle } from './http/throttle';
import type { JobQueue } from './jobs/queue';
import type { MailTransport } from './mail/mail-transport';
import type { SmsTransport } from './sms/sms-transport';
import type { MediaStore } from './media/media-store';
import type { PayoutProvider } from './payments/payout-provider';
import type { PaymentProvider } from './payments/provider';
import type { SandboxProvider } from './payments/sandbox';
import type { Publisher } from './realtime/publisher';
import type { InvalidatingCache } from './lib/invalidating-cache';
import type { TutorCache } from './features/schedule/schedule.service';

/** What every feature's routes receive: explicit dependencies, no container. */
export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  tokens: Tokens;
  loginThrottle: Throttle;
  /** Live sessions by id (5 s), so an authenticated request skips a database round trip. */
  sessionCache: InvalidatingCache<AuthContext | undefined>;
  tutorCache: TutorCache;
  /** Each viewer's favourite tutor ids. */
  favouritesCache: InvalidatingCache<Set<string>>;
  redis: Redis | undefined;
  payments: PaymentProvider;
  /** Set when the built-in sandbox is the provider: its checkout routes are served then. */
  sandbox: SandboxProvider | undefined;
  /** Affiliate payouts: the sandbox pays at once; with Razorpay, RazorpayX Payouts. */
  payouts: PayoutProvider;
  realtime: Publisher;
  /** Retried background work; features define their handlers at build time. */
  jobs: JobQueue;
  /** Uploaded media (course videos, PDFs, covers, bonus files): local files or S3. */
  media: MediaStore;
  /** Where queued e-mail goes after the outbox: nowhere (development) or SMTP. */
  mail: MailTransport;
  /** Where queued text messages go after the outbox: nowhere (development) or the SMS provider. */
  sms: SmsTransport;
  now: () => Date;
};
