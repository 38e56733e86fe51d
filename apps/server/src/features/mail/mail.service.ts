import { DEV_OUTBOX_LIMIT, type OutboxMessage } from '@parley/domain/mail';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import * as repo from './mail.repository';

export const MAIL_SEND_JOB = 'mail-send';
/** Retries after the first failed try, from 30 s apart and doubling with jitter (two to four hours in all); then the message is marked failed. */
export const MAIL_RETRY_LIMIT = 8;
const LAST_ERROR_MAX = 500;
/**
 * Messages each process hands to the transport at once: reminders come in bursts (every session
 * at one hour has its reminders at the same minutes), and one at a time a burst of thousands
 * would go out many minutes late. nodemailer's SMTP pool bounds the connections on its side.
 */
const MAIL_CONCURRENCY = 20;

export type OutgoingMail = { to: string; subject: string; text: string; html?: string; topic?: string };

/** Writes the message to the outbox in the caller's transaction; send it with sendQueuedMail after the commit. */
export async function queueMail(tx: Db, message: OutgoingMail): Promise<string> {
  return repo.insertOutbox(tx, message);
}

/**
 * Writes a text message to the outbox (channel 'sms') in the caller's transaction; the same job
 * sends it through the SMS transport. Send it with sendQueuedMail after the commit.
 */
export async function queueSms(tx: Db, message: { to: string; text: string; topic?: string }): Promise<string> {
  return repo.insertOutbox(tx, { channel: 'sms', to: message.to, subject: '', text: message.text, topic: message.topic });
}

/** What a text message's stored body becomes once a real provider has sent it: its codes are not kept. */
const SENT_SMS_BODY = 'Sent by SMS; the text is not kept after sending.';

/** Hands a committed outbox message to the mail job, which retries until it is delivered. */
export async function sendQueuedMail(ctx: AppContext, outboxId: string): Promise<void> {
  await ctx.jobs.send(MAIL_SEND_JOB, { outboxId });
}

/** Where work after a commit reports a failure it does not pass on: the request's log, or the app's. */
export type AfterCommitLog = { error(details: object, message: string): void };

/**
 * sendQueuedMail after the commit of what the message reports: that stands whatever happens here,
 * so a failure to reach the job queue is logged, never answered; the message stays queued in the
 * outbox, and the start-up re-queue sends it.
 */
export async function sendAfterCommit(ctx: AppContext, outboxId: string, log: AfterCommitLog): Promise<void> {
  try {
    await sendQueuedMail(ctx, outboxId);
  } catch (error) {
    log.error({ err: error, outboxId }, 'could not queue a committed e-mail; it is sent at the next start');
  }
}

/**
 * A message left `sending` this long was being sent by a process that died: it is queued again at
 * start-up, and the queue's retry of its job (after pg-boss's 15-minute expiry) may claim it.
 */
export const MAIL_STUCK_SENDING_MS = 10 * 60 * 1000;

/**
 * The mail job: passes a queued message to its channel's transport (SMTP or the SMS provider →
 * sent; outbox only → kept).
 * The message is first claimed (queued → sending, one statement), so two jobs for one message
 * (the start-up re-queue beside a pending retry) cannot both send it; it is sent outside any
 * transaction, so a slow mail server holds no lock. A failed try records its error and queues
 * the message again, then throws so the queue retries; after the last retry it is failed. A
 * message already sent is never sent again. The body is never logged.
 */
export async function deliverQueuedMail(ctx: AppContext, outboxId: string): Promise<void> {
  const now = ctx.now();
  const row = await repo.claimQueued(ctx.db, outboxId, now, new Date(now.getTime() - MAIL_STUCK_SENDING_MS));
  if (!row) return;
  const transportKind = row.channel === 'sms' ? ctx.sms.kind : ctx.mail.kind;
  try {
    if (row.channel === 'sms') await ctx.sms.send({ to: row.toAddress, text: row.textBody });
    else await ctx.mail.send({ to: row.toAddress, subject: row.subject, text: row.textBody, html: row.htmlBody ?? undefined });
  } catch (error) {
    const giveUp = row.attempts > MAIL_RETRY_LIMIT;
    await repo.recordFailure(ctx.db, outboxId, { lastError: errorText(error), giveUp });
    if (giveUp) return;
    throw error;
  }
  const sent = transportKind !== 'outbox';
  await repo.markDelivered(ctx.db, outboxId, sent ? 'sent' : 'kept', ctx.now(), sent && row.channel === 'sms' ? SENT_SMS_BODY : undefined);
}

/** Runs mail jobs in this process (every node does), and queues again any message a crash left without a job. */
export async function registerMailJob(ctx: AppContext): Promise<void> {
  await ctx.jobs.define<{ outboxId: string }>(MAIL_SEND_JOB, ({ outboxId }) => deliverQueuedMail(ctx, outboxId), {
    retryLimit: MAIL_RETRY_LIMIT,
    retryDelaySeconds: 30,
    retryBackoff: true,
    concurrency: MAIL_CONCURRENCY,
  });
  await repo.requeueStuckSending(ctx.db, new Date(ctx.now().getTime() - MAIL_STUCK_SENDING_MS));
  for (const outboxId of await repo.queuedIdsWithoutJob(ctx.db, MAIL_SEND_JOB)) await sendQueuedMail(ctx, outboxId);
}

/** The development outbox: the latest messages, or one address's. */
export async function devOutbox(db: Db, to: string | undefined): Promise<OutboxMessage[]> {
  const rows = await repo.latestOutbox(db, DEV_OUTBOX_LIMIT, to);
  return rows.map((row) => ({ _id: row.id, channel: row.channel, to: row.toAddress, subject: row.subject, text: row.textBody, status: row.status, createdAt: row.createdAt.toISOString() }));
}

/** What the mail server said, never what the message said. */
function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, LAST_ERROR_MAX) || 'unknown error';
}
