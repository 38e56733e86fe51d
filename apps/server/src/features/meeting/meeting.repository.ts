import { and, asc, desc, eq, isNull, notInArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { liveSessions, meetingMessages, sessionPresence, users } from '../../db/schema';

export type MeetingSide = (typeof sessionPresence.$inferSelect)['side'];
export type PresenceRow = typeof sessionPresence.$inferSelect;

const learnerUser = alias(users, 'learner_user');
const tutorUser = alias(users, 'tutor_user');

/** A session with the two people in it: the learner (or kid, with its parent) and the tutor. */
export async function findSessionWithPeople(db: Db, sessionId: string) {
  const [row] = await db
    .select({
      session: liveSessions,
      learner: { name: learnerUser.name, role: learnerUser.role, avatar: learnerUser.avatar, parentId: learnerUser.parentId },
      tutorName: tutorUser.name,
    })
    .from(liveSessions)
    .innerJoin(learnerUser, eq(learnerUser.id, liveSessions.learnerId))
    .innerJoin(tutorUser, eq(tutorUser.id, liveSessions.teacherId))
    .where(eq(liveSessions.id, sessionId));
  return row;
}
export type SessionWithPeople = NonNullable<Awaited<ReturnType<typeof findSessionWithPeople>>>;

export async function findTimezone(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ timezone: users.timezone }).from(users).where(eq(users.id, userId));
  return row?.timezone;
}

/** Opens a stretch for this connection unless it already has one open in this session. */
export async function openPresence(db: Db, stretch: { sessionId: string; userId: string; side: MeetingSide; connectionId: string; joinedAt: Date }) {
  const [open] = await db
    .select({ id: sessionPresence.id })
    .from(sessionPresence)
    .where(and(eq(sessionPresence.connectionId, stretch.connectionId), eq(sessionPresence.sessionId, stretch.sessionId), isNull(sessionPresence.leftAt)));
  if (!open) await db.insert(sessionPresence).values(stretch);
}

/** Closes a connection's open stretches (in one session, or all of them); returns what it closed. */
export function closeConnectionPresence(db: Db, connectionId: string, leftAt: Date, sessionId?: string) {
  return db
    .update(sessionPresence)
    .set({ leftAt })
    .where(and(eq(sessionPresence.connectionId, connectionId), isNull(sessionPresence.leftAt), sessionId ? eq(sessionPresence.sessionId, sessionId) : undefined))
    .returning({ sessionId: sessionPresence.sessionId, side: sessionPresence.side });
}

/** Closes a session's open stretches whose connection is gone (a node that crashed never closed them). */
export async function closePresenceOfGoneConnections(db: Db, sessionId: string, liveConnectionIds: string[], leftAt: Date) {
  await db
    .update(sessionPresence)
    .set({ leftAt })
    .where(
      and(
        eq(sessionPresence.sessionId, sessionId),
        isNull(sessionPresence.leftAt),
        liveConnectionIds.length ? notInArray(sessionPresence.connectionId, liveConnectionIds) : undefined,
      ),
    );
}

export async function hasOpenPresence(db: Db, sessionId: string, side: MeetingSide): Promise<boolean> {
  const [open] = await db
    .select({ id: sessionPresence.id })
    .from(sessionPresence)
    .where(and(eq(sessionPresence.sessionId, sessionId), eq(sessionPresence.side, side), isNull(sessionPresence.leftAt)))
    .limit(1);
  return Boolean(open);
}

export function listPresence(db: Db, sessionId: string): Promise<PresenceRow[]> {
  return db.select().from(sessionPresence).where(eq(sessionPresence.sessionId, sessionId)).orderBy(asc(sessionPresence.joinedAt), asc(sessionPresence.id));
}

const messageColumns = {
  id: meetingMessages.id,
  sessionId: meetingMessages.sessionId,
  senderId: meetingMessages.senderId,
  senderName: users.name,
  message: meetingMessages.message,
  createdAt: meetingMessages.createdAt,
};
export type MeetingMessageRow = { id: string; sessionId: string; senderId: string; senderName: string; message: string; createdAt: Date };

export async function insertMessage(db: Db, message: { sessionId: string; senderId: string; message: string; createdAt: Date }): Promise<MeetingMessageRow> {
  const [row] = await db.insert(meetingMessages).values(message).returning();
  const [sender] = await db.select({ name: users.name }).from(users).where(eq(users.id, message.senderId));
  return { ...row!, senderName: sender?.name ?? '' };
}

/** The latest `limit` messages of a session, oldest first. */
export async function listMessages(db: Db, sessionId: string, limit: number): Promise<MeetingMessageRow[]> {
  const rows = await db
    .select(messageColumns)
    .from(meetingMessages)
    .innerJoin(users, eq(users.id, meetingMessages.senderId))
    .where(eq(meetingMessages.sessionId, sessionId))
    .orderBy(desc(meetingMessages.createdAt), desc(meetingMessages.id))
    .limit(limit);
  return rows.reverse();
}
