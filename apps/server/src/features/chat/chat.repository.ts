import { and, asc, desc, eq, getTableColumns, gt, inArray, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { chatMessages, chatRooms, liveSessions, teachers, users } from '../../db/schema';

export type RoomRow = typeof chatRooms.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;

/** How the session a Booked request made stands now (absent where it was not read). */
export type BookedSessionState = { bookedSessionStatus: 'booked' | 'cancelled' | null; bookedSessionMovedTo: string | null };
const messageWithSession = { ...getTableColumns(chatMessages), bookedSessionStatus: liveSessions.status, bookedSessionMovedTo: liveSessions.rescheduledToId };

export async function findUser(db: Db, userId: string) {
  const [row] = await db.select({ name: users.name, timezone: users.timezone, role: users.role }).from(users).where(eq(users.id, userId));
  return row;
}

export async function findOrCreateRoom(db: Db, learnerId: string, tutorId: string): Promise<RoomRow> {
  await db.insert(chatRooms).values({ learnerId, teacherId: tutorId }).onConflictDoNothing();
  const [room] = await db.select().from(chatRooms).where(and(eq(chatRooms.learnerId, learnerId), eq(chatRooms.teacherId, tutorId)));
  return room!;
}

/** The room if `userId` is one of its two members; otherwise undefined (callers answer 404). */
export async function findRoomOfMember(db: Db, roomId: string, userId: string) {
  const [room] = await db
    .select()
    .from(chatRooms)
    .where(and(eq(chatRooms.id, roomId), or(eq(chatRooms.learnerId, userId), eq(chatRooms.teacherId, userId))));
  return room;
}

const learnerUser = alias(users, 'learner_user');
const tutorUser = alias(users, 'tutor_user');
const tutorSubjects = sql<string[]>`coalesce((select t.subjects from ${teachers} t where t.user_id = ${chatRooms.teacherId}), '{}'::text[])`;

export async function listRooms(db: Db, userId: string, side: 'learner' | 'teacher') {
  const recent = sql<Pick<MessageRow, 'type' | 'message'> | null>`(select json_build_object('type', m.type, 'message', m.message) from ${chatMessages} m where m.room_id = ${chatRooms.id} order by m.seq desc limit 1)`;
  return db
    .select({ room: chatRooms, learnerName: learnerUser.name, learnerRole: learnerUser.role, tutorName: tutorUser.name, tutorSubjects, recent })
    .from(chatRooms)
    .innerJoin(learnerUser, eq(learnerUser.id, chatRooms.learnerId))
    .innerJoin(tutorUser, eq(tutorUser.id, chatRooms.teacherId))
    .where(side === 'learner' ? eq(chatRooms.learnerId, userId) : eq(chatRooms.teacherId, userId))
    .orderBy(sql`${chatRooms.lastMessageAt} desc nulls last`, desc(chatRooms.createdAt));
}

export async function roomNames(db: Db, room: RoomRow) {
  const [row] = await db
    .select({ learnerName: learnerUser.name, learnerRole: learnerUser.role, tutorName: tutorUser.name, tutorSubjects })
    .from(chatRooms)
    .innerJoin(learnerUser, eq(learnerUser.id, chatRooms.learnerId))
    .innerJoin(tutorUser, eq(tutorUser.id, chatRooms.teacherId))
    .where(eq(chatRooms.id, room.id));
  return row!;
}

/**
 * A page of the room's messages, oldest first: the first `limit` after `afterSeq`, or the last
 * `limit` before `beforeSeq` (the latest ones when it is null).
 */
export async function listMessages(db: Db, roomId: string, page: { afterSeq: number } | { beforeSeq: number | null }, limit: number): Promise<(MessageRow & BookedSessionState)[]> {
  const query = db.select(messageWithSession).from(chatMessages).leftJoin(liveSessions, eq(liveSessions.id, chatMessages.bookedSessionId));
  if ('afterSeq' in page) return query.where(and(eq(chatMessages.roomId, roomId), gt(chatMessages.seq, page.afterSeq))).orderBy(asc(chatMessages.seq)).limit(limit);
  const before = page.beforeSeq === null ? undefined : lt(chatMessages.seq, page.beforeSeq);
  const newestFirst = await query.where(and(eq(chatMessages.roomId, roomId), before)).orderBy(desc(chatMessages.seq)).limit(limit);
  return newestFirst.reverse();
}

export type NewMessage = typeof chatMessages.$inferInsert;

/** One statement: a trigger (migration 0006) bumps the room's unread count and last message time. */
export async function insertMessage(db: Db, message: NewMessage): Promise<MessageRow> {
  const [row] = await db.insert(chatMessages).values(message).returning();
  return row!;
}

/**
 * A text message with the sender's `clientMessageId` is stored once: sent again (its first answer
 * was lost), nothing is inserted and undefined is returned; `findByClientId` gives the stored one.
 */
export async function insertMessageOnce(db: Db, message: NewMessage): Promise<MessageRow | undefined> {
  const [row] = await db
    .insert(chatMessages)
    .values(message)
    .onConflictDoNothing({ target: [chatMessages.senderId, chatMessages.clientMessageId] })
    .returning();
  return row;
}

export async function findByClientId(db: Db, senderId: string, clientMessageId: string): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.senderId, senderId), eq(chatMessages.clientMessageId, clientMessageId)));
  return row;
}

export async function markRead(db: Db, roomId: string, side: 'Learner' | 'Teacher') {
  await db.update(chatRooms).set(side === 'Learner' ? { learnerUnread: 0 } : { teacherUnread: 0 }).where(eq(chatRooms.id, roomId));
}

export async function findMessage(db: Db, messageId: string) {
  const [row] = await db.select().from(chatMessages).where(eq(chatMessages.id, messageId));
  return row;
}

/** Moves a Requested session message on; false when it was no longer Requested. */
export async function settleRequest(db: Db, messageId: string, status: 'Booked' | 'Rejected', bookedSessionId: string | null) {
  const rows = await db
    .update(chatMessages)
    .set({ status, bookedSessionId })
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.status, 'Requested')))
    .returning({ id: chatMessages.id });
  return rows.length === 1;
}

export async function findRoom(db: Db, roomId: string): Promise<RoomRow | undefined> {
  const [room] = await db.select().from(chatRooms).where(eq(chatRooms.id, roomId));
  return room;
}

/** Requested → Expired; the row when this call changed it, undefined when it was no longer Requested. */
export async function expireRequest(db: Db, messageId: string): Promise<MessageRow | undefined> {
  const [row] = await db
    .update(chatMessages)
    .set({ status: 'Expired' })
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.status, 'Requested')))
    .returning();
  return row;
}

/** Names, timezones and parents of the people an expired request is told to. */
export async function findPeople(db: Db, userIds: string[]) {
  return db
    .select({ id: users.id, name: users.name, role: users.role, timezone: users.timezone, parentId: users.parentId })
    .from(users)
    .where(inArray(users.id, userIds));
}

/**
 * Requested session messages starting after `startsAfter` with no pending expiry job in the
 * queue: sent before the job existed, or whose job could not be stored. One scan of the open
 * requests (the partial index chat_messages_one_open_request holds exactly those).
 * Reads pg-boss's own job table (schema `pgboss`, the default jobs/queue.ts keeps).
 */
export async function requestsMissingExpiryJob(db: Db, jobName: string, startsAfter: Date) {
  const pendingJob = sql`select 1 from pgboss.job j where j.name = ${jobName} and j.state in ('created', 'retry', 'active') and j.data ->> 'messageId' = ${chatMessages.id}::text`;
  return db
    .select({ id: chatMessages.id, sessionStartAt: chatMessages.sessionStartAt })
    .from(chatMessages)
    .where(and(eq(chatMessages.status, 'Requested'), gt(chatMessages.sessionStartAt, startsAfter), sql`not exists (${pendingJob})`));
}
