import { avatarPath } from '@parley/domain/avatar';
import { kidAvatars } from '@parley/domain/kids';
import {
  formatSessionTime,
  JOIN_OPENS_BEFORE_MIN,
  joinOpensAt,
  joinWindow,
  minutesPresent,
  type MeetingAttendance,
  type MeetingInfo,
  type MeetingMessage,
  type Presence,
} from '@parley/domain/live-sessions';
import type { Role } from '@parley/domain/roles';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import { iceServersFor } from '../../realtime/ice-servers';
import * as repo from './meeting.repository';

// The live classroom: who may enter a session's class and when, the presence stretches that
// attendance is decided from, the in-call chat, and the ICE servers each browser gets.

export type MeetingSide = repo.MeetingSide;

/** Every socket in a class; the side channels carry what only the other side should get. */
export const meetingChannel = (sessionId: string) => `meeting:${sessionId}`;
export const meetingSideChannel = (sessionId: string, side: MeetingSide) => `meeting:${sessionId}:${side}`;
export const otherSide = (side: MeetingSide): MeetingSide => (side === 'learner' ? 'tutor' : 'learner');
/** Only learners, kids (and parents acting as learners) and tutors are ever admitted. */
export const sideOfRole = (role: Role): MeetingSide => (role === 'teacher' ? 'tutor' : 'learner');

/**
 * One connection per person per class: the connections a joining one replaces are the same
 * person's on the same side (another tab, window or device), so the other side only ever has
 * one connection to call. A parent and the kid they switched to are two people.
 */
export function replacedConnections<C extends { id: string; data: { auth: AuthContext } }>(joining: { id: string; auth: AuthContext }, side: MeetingSide, inClass: C[]): C[] {
  return inClass.filter((c) => c.id !== joining.id && c.data.auth.userId === joining.auth.userId && sideOfRole(c.data.auth.role) === side);
}

/** How many in-call messages a join brings back, and how many the stored chat shows. */
const MESSAGES_ON_JOIN = 100;
const MESSAGES_KEPT_SHOWN = 1_000;

export const meetingRefusals = {
  notPart: 'You are not part of this session.',
  cancelled: 'This session was cancelled.',
  ended: 'This session has ended.',
  joinFirst: 'Join the class first.',
} as const;

/**
 * The session if the caller is its learner, the parent of its kid (signed in as a learner) or
 * its tutor, with the caller's side; anyone else gets the same 404 as for a session that does
 * not exist.
 */
async function memberSession(ctx: AppContext, auth: AuthContext, sessionId: string) {
  const row = await repo.findSessionWithPeople(ctx.db, sessionId);
  if (!row) return null;
  const { session, learner } = row;
  if (auth.role === 'teacher') return session.teacherId === auth.userId ? { row, side: 'tutor' as const } : null;
  const ownSession = (auth.role === 'learner' || auth.role === 'kid') && session.learnerId === auth.userId;
  const kidsParent = auth.role === 'learner' && learner.role === 'kid' && learner.parentId === auth.userId;
  return ownSession || kidsParent ? { row, side: 'learner' as const } : null;
}

async function requireMember(ctx: AppContext, auth: AuthContext, sessionId: string) {
  const member = await memberSession(ctx, auth, sessionId);
  if (!member) throw notFound('Session not found');
  return member;
}

/** GET /api/meeting/:sessionId: what the classroom needs before joining. */
export async function meetingInfo(ctx: AppContext, auth: AuthContext, sessionId: string): Promise<MeetingInfo> {
  const { row, side } = await requireMember(ctx, auth, sessionId);
  const { session, learner, tutorName } = row;
  const now = ctx.now();
  return {
    sessionId: session.id,
    subject: session.subject,
    startAt: session.startAt.toISOString(),
    endAt: session.endAt.toISOString(),
    side,
    peer: side === 'learner' ? { name: tutorName, image: avatarPath(session.teacherId) } : { name: learner.name, image: learnerImage(session.learnerId, learner) },
    joinWindow: joinWindow(now, session.startAt, session.endAt),
    joinOpensAt: joinOpensAt(session.startAt).toISOString(),
    status: session.status,
    iceServers: iceServersFor(ctx.config.ice, auth.userId, now, session.endAt),
  };
}

/**
 * Whether the caller may be in the class now: a member, the session still booked, and within
 * its join window. Each refusal says why. Checked on every event, not only on joining.
 */
export async function admitToMeeting(ctx: AppContext, auth: AuthContext, sessionId: string): Promise<{ side: MeetingSide }> {
  const member = await memberSession(ctx, auth, sessionId);
  if (!member) throw new AppError('NOT_FOUND', meetingRefusals.notPart);
  const { session } = member.row;
  if (session.status === 'cancelled') throw new AppError('CONFLICT', meetingRefusals.cancelled);
  const window = joinWindow(ctx.now(), session.startAt, session.endAt);
  if (window === 'ended') throw new AppError('CONFLICT', meetingRefusals.ended);
  if (window === 'too-early') {
    const timeZone = (await repo.findTimezone(ctx.db, auth.userId)) ?? 'UTC';
    throw new AppError('CONFLICT', `This session starts at ${formatSessionTime(session.startAt, timeZone)}; you can join from ${JOIN_OPENS_BEFORE_MIN} minutes before.`);
  }
  return { side: member.side };
}

/**
 * Opens a presence stretch for a connection that joined. Stretches a crashed node left open
 * (their connection is in no node's class any more) are closed first, at the latest moment
 * the server can vouch for: now.
 */
export async function openPresence(ctx: AppContext, auth: AuthContext, stretch: { sessionId: string; side: MeetingSide; connectionId: string; liveConnectionIds: string[] }) {
  const now = ctx.now();
  await repo.closePresenceOfGoneConnections(ctx.db, stretch.sessionId, stretch.liveConnectionIds, now);
  await repo.openPresence(ctx.db, { sessionId: stretch.sessionId, userId: auth.userId, side: stretch.side, connectionId: stretch.connectionId, joinedAt: now });
}

/** Ends a connection's open stretches (one session's on leave, all of them on disconnect). */
export function closePresence(ctx: AppContext, connectionId: string, sessionId?: string) {
  return repo.closeConnectionPresence(ctx.db, connectionId, ctx.now(), sessionId);
}

/** Whether any connection of that side is still in the class (stale stretches are closed on every join). */
export const sideStillPresent = (ctx: AppContext, sessionId: string, side: MeetingSide) => repo.hasOpenPresence(ctx.db, sessionId, side);

/** The latest in-call messages, oldest first, for a caller who was admitted. */
export async function recentMessages(ctx: AppContext, sessionId: string): Promise<MeetingMessage[]> {
  return (await repo.listMessages(ctx.db, sessionId, MESSAGES_ON_JOIN)).map(toMessage);
}

/** GET /api/meeting/:sessionId/messages: the chat kept with the session, for its members at any time. */
export async function meetingMessages(ctx: AppContext, auth: AuthContext, sessionId: string): Promise<{ items: MeetingMessage[] }> {
  await requireMember(ctx, auth, sessionId);
  return { items: (await repo.listMessages(ctx.db, sessionId, MESSAGES_KEPT_SHOWN)).map(toMessage) };
}

/** Stores an in-call message, then sends it to everyone in the class: an acknowledged message is kept. */
export async function sendMeetingMessage(ctx: AppContext, auth: AuthContext, sessionId: string, text: string): Promise<MeetingMessage> {
  await admitToMeeting(ctx, auth, sessionId);
  const message = toMessage(await repo.insertMessage(ctx.db, { sessionId, senderId: auth.userId, message: text.trim(), createdAt: ctx.now() }));
  ctx.realtime.emit([meetingChannel(sessionId)], 'meeting:message', message);
  return message;
}

/** GET /api/meeting/:sessionId/attendance: each side's stretches and minutes, and the outcome once decided. */
export async function meetingAttendance(ctx: AppContext, auth: AuthContext, sessionId: string): Promise<MeetingAttendance> {
  const { row } = await requireMember(ctx, auth, sessionId);
  const { session } = row;
  const stretches = await repo.listPresence(ctx.db, sessionId);
  const now = ctx.now();
  const sideOf = (side: MeetingSide) => {
    const own = stretches.filter((s) => s.side === side);
    // A stretch still open counts up to now while the session runs (up to the end after it).
    const counted: Presence[] = own.map((s) => ({ joinedAt: s.joinedAt, leftAt: s.leftAt ?? (now < session.endAt ? now : null) }));
    return {
      minutes: minutesPresent(counted, session.startAt, session.endAt),
      stretches: own.map((s) => ({ joinedAt: s.joinedAt.toISOString(), leftAt: s.leftAt?.toISOString() ?? null })),
    };
  };
  return { learner: sideOf('learner'), tutor: sideOf('tutor'), outcome: session.outcome };
}

function toMessage(row: repo.MeetingMessageRow): MeetingMessage {
  return { _id: row.id, sessionId: row.sessionId, senderId: row.senderId, senderName: row.senderName, message: row.message, createdAt: row.createdAt.toISOString() };
}

/** A kid's picture is the animal they chose; anyone else's is their own avatar or their initials. */
function learnerImage(learnerId: string, learner: repo.SessionWithPeople['learner']): string {
  if (learner.role === 'kid') return avatarPath(kidAvatars.find((animal) => animal === learner.avatar) ?? learnerId);
  return learner.avatar ?? avatarPath(learnerId);
}
