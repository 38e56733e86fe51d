import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';

export type OutboxRow = typeof mailOutbox.$inferSelect;

export async function insertOutbox(tx: Db, message: { to: string; subject: string; text: string; html?: string | undefined; topic?: string | undefined }): Promise<string> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({ toAddress: message.to, subject: message.subject, textBody: message.text, htmlBody: message.html ?? null, topic: message.topic ?? null })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

/** The message while it is handed over; none when it is no longer queued or another node holds it. */
export async function lockQueued(tx: Db, id: string): Promise<OutboxRow | undefined> {
  const [row] = await tx
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'queued')))
    .for('update', { skipLocked: true });
  return row;
}

export async function markDelivered(tx: Db, id: string, status: 'sent' | 'kept', at: Date): Promise<void> {
  await tx
    .update(mailOutbox)
    .set({ status, sentAt: status === 'sent' ? at : null, lastError: null })
    .where(eq(mailOutbox.id, id));
}

export async function recordFailure(tx: Db, id: string, failure: { attempts: number; lastError: string; giveUp: boolean }): Promise<void> {
  await tx
    .update(mailOutbox)
    .set({ attempts: failure.attempts, lastError: failure.lastError, ...(failure.giveUp ? { status: 'failed' as const } : {}) })
    .where(eq(mailOutbox.id, id));
}

export async function queuedIds(db: Db): Promise<string[]> {
  const rows = await db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.status, 'queued')).orderBy(mailOutbox.createdAt);
  return rows.map((row) => row.id);
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
