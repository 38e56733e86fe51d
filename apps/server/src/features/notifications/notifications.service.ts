import type { Notification } from '@parley/domain/live-sessions';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { userChannel } from '../../realtime/publisher';
import * as repo from './notifications.repository';

export type { NotificationRow } from './notifications.repository';

export type NewNotification = { kind: string; title: string; body: string; link?: string | null };

/** Stores a notification in the caller's transaction; push it with `pushNotifications` after commit. */
export function notify(tx: Db, userId: string, n: NewNotification): Promise<repo.NotificationRow> {
  return repo.insertNotification(tx, { userId, kind: n.kind, title: n.title, body: n.body, link: n.link ?? null });
}

/**
 * Who hears about a learner's session: the learner and, for a kid, the parent who runs the
 * kid's account.
 */
export async function sessionLearnerRecipients(db: Db, learnerId: string): Promise<string[]> {
  const row = await repo.userAndParent(db, learnerId);
  if (!row) return [];
  return row.parentId ? [row.id, row.parentId] : [row.id];
}

export const toNotification = (row: repo.NotificationRow): Notification => ({
  _id: row.id,
  kind: row.kind,
  title: row.title,
  body: row.body,
  link: row.link,
  readAt: row.readAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** After commit: each stored notification reaches its user's open tabs. */
export function pushNotifications(ctx: Pick<AppContext, 'realtime'>, rows: readonly repo.NotificationRow[]): void {
  for (const row of rows) ctx.realtime.emit([userChannel(row.userId)], 'notification', toNotification(row));
}

/** The user's latest `limit` notifications, newest first, whether there are older ones, and how many of all are unread. */
export async function listNotifications(ctx: AppContext, userId: string, limit: number) {
  const { rows, unread } = await repo.latestNotifications(ctx.db, userId, limit + 1);
  return { items: rows.slice(0, limit).map(toNotification), unread, hasMore: rows.length > limit };
}

export async function markNotificationsRead(ctx: AppContext, userId: string, ids: string[] | undefined): Promise<void> {
  // No ids: all of them; an empty list: none.
  if (ids && !ids.length) return;
  // The user's other tabs show the same bell: they ask for it again.
  if ((await repo.markRead(ctx.db, userId, ids, ctx.now())) > 0) pushNoticesRead(ctx, userId);
}

/**
 * A notice asking for an answer (a session request in the tutor's bell) is read once the thing it
 * links to is settled, whoever or whatever settled it; in the caller's transaction. After commit,
 * `pushNoticesRead` tells the user's open bells.
 */
export function settleNotice(tx: Db, userId: string, kind: string, link: string, at: Date): Promise<void> {
  return repo.markReadByLink(tx, userId, kind, link, at);
}

/** After commit: the user's open bells ask for their list again, as some notices became read. */
export function pushNoticesRead(ctx: Pick<AppContext, 'realtime'>, userId: string): void {
  ctx.realtime.emit([userChannel(userId)], 'notifications_read');
}
