import { DEV_OUTBOX_LIMIT, type OutboxMessage } from '@parley/domain/mail';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import * as repo from './mail.repository';

export const MAIL_SEND_JOB = 'mail-send';
/** Retries after the first failed try, from 30 s apart and doubling with jitter (two to four hours in all); then the message is marked failed. */
export const MAIL_RETRY_LIMIT = 8;
const LAST_ERROR_MAX = 500;

export type OutgoingMail = { to: string; subject: string; text: string; html?: string; topic?: string };

/** Writes the message to the outbox in the caller's transaction; send it with sendQueuedMail after the commit. */
export async function queueMail(tx: Db, message: OutgoingMail): Promise<string> {
  return repo.insertOutbox(tx, message);
}

/** Hands a committed outbox message to the mail job, which retries until it is delivered. */
export async function sendQueuedMail(ctx: AppContext, outboxId: string): Promise<void> {
  await ctx.jobs.send(MAIL_SEND_JOB, { outboxId });
}

/**
 * The mail job: passes a queued message to the transport (SMTP → sent; outbox only → kept).
 * A failed try records its error and throws, so the queue retries; a message already sent is
 * never sent again. The row stays locked while it is sent, so two jobs for one message (the
 * start-up re-queue beside a pending retry) cannot both send it. The body is never logged.
 */
export async function deliverQueuedMail(ctx: AppContext, outboxId: string): Promise<void> {
  const failure = await ctx.db.transaction(async (tx) => {
    const row = await repo.lockQueued(tx, outboxId);
    if (!row) return undefined;
    try {
      await ctx.mail.send({ to: row.toAddress, subject: row.subject, text: row.textBody, html: row.htmlBody ?? undefined });
    } catch (error) {
      const attempts = row.attempts + 1;
      const giveUp = attempts > MAIL_RETRY_LIMIT;
      await repo.recordFailure(tx, outboxId, { attempts, lastError: errorText(error), giveUp });
      return giveUp ? undefined : error;
    }
    await repo.markDelivered(tx, outboxId, ctx.mail.kind === 'smtp' ? 'sent' : 'kept', ctx.now());
    return undefined;
  });
  if (failure) throw failure;
}

/** Runs mail jobs in this process (every node does), and queues again any message a crash left unsent. */
export async function registerMailJob(ctx: AppContext): Promise<void> {
  await ctx.jobs.define<{ outboxId: string }>(MAIL_SEND_JOB, ({ outboxId }) => deliverQueuedMail(ctx, outboxId), {
    retryLimit: MAIL_RETRY_LIMIT,
    retryDelaySeconds: 30,
    retryBackoff: true,
  });
  for (const outboxId of await repo.queuedIds(ctx.db)) await sendQueuedMail(ctx, outboxId);
}

/** The development outbox: the latest messages, or one address's. */
export async function devOutbox(db: Db, to: string | undefined): Promise<OutboxMessage[]> {
  const rows = await repo.latestOutbox(db, DEV_OUTBOX_LIMIT, to);
  return rows.map((row) => ({ _id: row.id, to: row.toAddress, subject: row.subject, text: row.textBody, status: row.status, createdAt: row.createdAt.toISOString() }));
}

/** What the mail server said, never what the message said. */
function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, LAST_ERROR_MAX) || 'unknown error';
}
