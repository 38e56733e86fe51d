import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications, users } from '../../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;

/** Stamped with the clock, not the transaction's start, so several in one transaction keep their order. */
export async function insertNotification(tx: Db, row: Omit<typeof notifications.$inferInsert, 'createdAt'>): Promise<NotificationRow> {
  const [inserted] = await tx
    .insert(notifications)
    .values({ ...row, createdAt: sql`clock_timestamp()` })
    .returning();
  if (!inserted) throw new Error('notification insert returned no row');
  return inserted;
}

export async function latestNotifications(db: Db, userId: string, limit: number) {
  const [rows, [unread]] = await Promise.all([
    db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.createdAt), desc(notifications.seq)).limit(limit),
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt))),
  ]);
  return { rows, unread: unread?.n ?? 0 };
}

/** Marks the user's own unread notifications read: the given ids, or all when none are given; returns how many it marked. */
export async function markRead(db: Db, userId: string, ids: string[] | undefined, at: Date): Promise<number> {
  const own = and(eq(notifications.userId, userId), isNull(notifications.readAt));
  const marked = await db
    .update(notifications)
    .set({ readAt: at })
    .where(ids ? and(own, inArray(notifications.id, ids)) : own)
    .returning({ id: notifications.id });
  return marked.length;
}

/** Marks read the user's unread notifications of a kind that link to `link` (the notice of one thing, settled). */
export async function markReadByLink(db: Db, userId: string, kind: string, link: string, at: Date): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: at })
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind), eq(notifications.link, link), isNull(notifications.readAt)));
}

/** The account and, for a kid, the parent who runs it. */
export async function userAndParent(db: Db, userId: string) {
  const [row] = await db.select({ id: users.id, parentId: users.parentId }).from(users).where(eq(users.id, userId));
  return row;
}
