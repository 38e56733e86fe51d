import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';

export type OutboxRow = typeof mailOutbox.$inferSelect;

export async function insertOutbox(
  tx: Db,
  message: { channel?: 'mail' | 'sms'; to: string; subject: string; text: string; html?: string | undefined; topic?: string | undefined },
): Promise<string> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({ channel: message.channel ?? 'mail', toAddress: message.to, subject: message.subject, textBody: message.text, htmlBody: message.html ?? null, topic: message.topic ?? null })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

/*
 * While a message is `sending`, `sent_at` holds when that try began (there is no column of its
 * own for it); a try that succeeds sets it to the time it was sent, and `kept` clears it.
 */

/**
 * Claims a message for one try, in one statement: it becomes `sending` and its attempts count the
 * try. A message is claimable when queued, or when its last try began before `stuckBefore` and
 * never finished (the process sending it died; the queue's retry of that job lands here). None
 * when it is sent, kept, failed, or another job is sending it now.
 */
export async function claimQueued(db: Db, id: string, at: Date, stuckBefore: Date): Promise<OutboxRow | undefined> {
  const [row] = await db
    .update(mailOutbox)
    .set({ status: 'sending', attempts: sql`${mailOutbox.attempts} + 1`, sentAt: at })
    .where(and(eq(mailOutbox.id, id), or(eq(mailOutbox.status, 'queued'), and(eq(mailOutbox.status, 'sending'), lt(mailOutbox.sentAt, stuckBefore)))))
    .returning();
  return row;
}

/** `redactedText`: what the stored body becomes once sent (a one-time code is not kept after it left). */
export async function markDelivered(db: Db, id: string, status: 'sent' | 'kept', at: Date, redactedText?: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status, sentAt: status === 'sent' ? at : null, lastError: null, ...(redactedText === undefined ? {} : { textBody: redactedText }) })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'sending')));
}

/** A refused try: queued again for the retry, or failed for good. */
export async function recordFailure(db: Db, id: string, failure: { lastError: string; giveUp: boolean }): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: failure.giveUp ? 'failed' : 'queued', lastError: failure.lastError, sentAt: null })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'sending')));
}

/** Messages whose try began before `before` and never finished (the process died while sending) are queued again. */
export async function requeueStuckSending(db: Db, before: Date): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'queued', sentAt: null })
    .where(and(eq(mailOutbox.status, 'sending'), lt(mailOutbox.sentAt, before)));
}

/**
 * Queued messages with no job waiting for them: a crash came between the commit and the job. One
 * whose job waits for its next try is left to it, or every start would use up one of its tries.
 * Reads pg-boss's own job table (schema `pgboss`, the default jobs/queue.ts keeps).
 */
export async function queuedIdsWithoutJob(db: Db, jobName: string): Promise<string[]> {
  // The pending jobs are read once (the queue's completed jobs stay in the table for days).
  const pending = (await db.execute(
    sql`select j.data ->> 'outboxId' as id from pgboss.job j where j.name = ${jobName} and j.state in ('created', 'retry', 'active')`,
  )) as unknown as { rows: { id: string | null }[] };
  const waiting = new Set(pending.rows.map((row) => row.id));
  const rows = await db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.status, 'queued')).orderBy(mailOutbox.createdAt);
  return rows.map((row) => row.id).filter((id) => !waiting.has(id));
}

/** Newest first; one recipient's (any letter case) when `to` is given. */
export async function latestOutbox(db: Db, limit: number, to?: string): Promise<OutboxRow[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(to === undefined ? undefined : sql`lower(${mailOutbox.toAddress}) = ${to.toLowerCase()}`)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
}
