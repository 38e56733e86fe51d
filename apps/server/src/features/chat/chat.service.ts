import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { avatarPath } from '@parley/domain/avatar';
import { BoundedMap } from '@parley/domain/bounded-map';
import { CHAT_FILE_MAX_BYTES, CHAT_FILE_NAME_MAX, chatFileTypes, ROOM_THREAD_PAGE, type ChatMessage, type ChatroomMessage, type ChatRoom } from '@parley/domain/chat';
import { chatRequestProblem, displayStatus, listsChatSlot, type ChatSessionStatus } from '@parley/domain/chat-slots';
import { CHAT_DATE_WINDOW_DAYS, REQUEST_EXPIRY_BEFORE_START_MIN } from '@parley/domain/constants';
import { CURRICULUM_SUBJECT } from '@parley/domain/curriculum';
import { messages } from '@parley/domain/messages';
import { teachesKids } from '@parley/domain/kids';
import { withArticle } from '@parley/domain/plural';
import { chatAccess, noSessionsLeftText, totalSessions } from '@parley/domain/sessions';
import { formatHourMinute24, isoDateInZone, MS_PER_MINUTE, offsetMin, wallMinuteInZone, zonedWallTimeToInstant } from '@parley/domain/zoned-time';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import { roomChannel, userChannel } from '../../realtime/publisher';
import { nameWithExtension } from '../../lib/file-names';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../lib/pg-errors';
import { formatSessionTime } from '@parley/domain/live-sessions';
import { createLiveSession } from '../booking/booking.service';
import type { AfterCommitLog } from '../mail/mail.service';
import { notify, pushNotifications, type NotificationRow } from '../notifications/notifications.service';
import { requestableTopic } from '../curriculum/curriculum.service';
import { kidBalances, kidSessionsAvailable } from '../kids/kids.service';
import { assertTeaches, bookedIntervals, classDurationFor, findTutor, type TutorRow } from '../schedule/schedule.service';
import { activeSubscriptions, hasLivePlanFor, isOutOfSessions } from '../subscriptions/subscriptions.service';
import { noticeRequestClosed, publishAnsweredRequest, publishMessage, REQUEST_NOTICE_KIND, requestNoticeLink, settleRequestNotice, toMessage, type RoomMembers } from './chat-messages';
import { scheduleRequestExpiry } from './chat-request-jobs';
import * as repo from './chat.repository';

const side = (actor: AuthContext) => (actor.role === 'teacher' ? 'Teacher' : 'Learner');

/** Chat opens only with a session left: a subscription's available session, or a kid's (bought for it, or on the parent's plan). */
async function assertChatAccess(ctx: AppContext, actor: AuthContext) {
  const isKid = actor.role === 'kid';
  const kidTotal = isKid ? await kidSessionsAvailable(ctx.db, actor.userId, ctx.now()) : 0;
  // A session left on any live plan opens chat (a learner may have plans in several subjects).
  const plans = isKid ? [] : await activeSubscriptions(ctx.db, actor.userId, ctx.now());
  const availableSession = plans.reduce((sum, plan) => sum + plan.availableSession, 0);
  const access = chatAccess({ isKid, availableSession, kidSessionsAvailable: kidTotal });
  if (access === 'SUBSCRIBE') throw new AppError('NOT_SUBSCRIBED', messages.subscribeToChat);
  if (access === 'BUY_SESSION') throw new AppError('BUY_SESSIONS', messages.buySessionToChat);
}

/**
 * The room's tutor, unless a moderator has blocked them: then nothing more is said either way (the
 * history stays readable). Read fresh on every send, so a block stops sockets already joined, on
 * every node, at their next message.
 */
async function chattingTutor(ctx: AppContext, actor: AuthContext, tutorId: string): Promise<TutorRow> {
  const tutor = await findTutor(ctx.db, tutorId);
  if (!tutor) throw notFound('Tutor not found');
  if (tutor.isBlocked) throw new AppError('FORBIDDEN', actor.role === 'teacher' ? messages.blockedTutorCannotChat : messages.tutorNotChatting);
  return tutor;
}

export async function initiateRoom(ctx: AppContext, actor: AuthContext, tutorId: string): Promise<ChatRoom> {
  const tutor = await chattingTutor(ctx, actor, tutorId);
  if (actor.role === 'kid' && !teachesKids(tutor.subjects)) throw new AppError('TUTOR_DOES_NOT_TEACH', messages.tutorDoesNotTeachKids(tutor.name));
  await assertChatAccess(ctx, actor);
  const room = await repo.findOrCreateRoom(ctx.db, actor.userId, tutorId);
  return toRoom(room, await repo.roomNames(ctx.db, room), null);
}

export async function listRooms(ctx: AppContext, actor: AuthContext): Promise<ChatRoom[]> {
  const rows = await repo.listRooms(ctx.db, actor.userId, actor.role === 'teacher' ? 'teacher' : 'learner');
  return rows.map((r) => toRoom(r.room, r, r.recent));
}

/**
 * A page of the room's thread, oldest first: the latest messages, or the ones just before
 * `before` (Load older); `hasOlder` says whether any come before the page.
 */
export async function roomMessages(ctx: AppContext, actor: AuthContext, roomId: string, before: number | undefined) {
  const room = await memberRoom(ctx, actor, roomId);
  // Reading changes nothing: the room is marked read by the `read` event. One more than the page,
  // at its old end, says whether older messages are left.
  const rows = await repo.listMessages(ctx.db, room.id, { beforeSeq: before ?? null }, ROOM_THREAD_PAGE + 1);
  const page = rows.slice(-ROOM_THREAD_PAGE);
  return { room: toRoom(room, await repo.roomNames(ctx.db, room), null), messages: page.map((m) => toMessage(m, room)), hasOlder: rows.length > ROOM_THREAD_PAGE };
}

/** What a reader who holds the room up to `afterSeq` missed (a reconnect), oldest first, a page at most. */
export async function missedMessages(ctx: AppContext, actor: AuthContext, roomId: string, afterSeq: number): Promise<ChatMessage[]> {
  const room = await memberRoom(ctx, actor, roomId);
  return (await repo.listMessages(ctx.db, room.id, { afterSeq }, ROOM_THREAD_PAGE)).map((m) => toMessage(m, room));
}

export async function markRoomRead(ctx: AppContext, actor: AuthContext, roomId: string) {
  const room = await memberRoom(ctx, actor, roomId);
  await repo.markRead(ctx.db, room.id, side(actor));
  // The reader's other tabs and devices hear it too (their unread counts), in the room or not.
  ctx.realtime.emit([roomChannel(room.id), userChannel(actor.userId)], 'read', { chatroomId: room.id, by: side(actor) });
}

export async function memberRoom(ctx: AppContext, actor: AuthContext, roomId: string) {
  const room = await repo.findRoomOfMember(ctx.db, roomId, actor.userId);
  if (!room) throw notFound('Conversation not found');
  return room;
}

/** A room's two members never change, so sending looks a room up once per process. */
const ROOMS_KEPT = 10_000;
const knownRooms = new BoundedMap<string, RoomMembers>(ROOMS_KEPT);

async function roomForSending(ctx: AppContext, actor: AuthContext, roomId: string): Promise<RoomMembers> {
  const known = knownRooms.get(roomId);
  if (known) {
    if (known.learnerId !== actor.userId && known.teacherId !== actor.userId) throw notFound('Conversation not found');
    return known;
  }
  const { id, learnerId, teacherId } = await memberRoom(ctx, actor, roomId);
  knownRooms.set(id, { id, learnerId, teacherId });
  return { id, learnerId, teacherId };
}

/** Stores the message first, then broadcasts it: an acknowledged message is never lost. */
export async function sendMessage(ctx: AppContext, actor: AuthContext, input: ChatroomMessage): Promise<ChatMessage> {
  const room = await roomForSending(ctx, actor, input.chatroomId);
  const tutor = await chattingTutor(ctx, actor, room.teacherId);
  // Access is checked on every message, not only when the room opened: a plan can run out mid-chat.
  if (actor.role !== 'teacher') await assertChatAccess(ctx, actor);
  const base = { roomId: room.id, senderId: actor.userId, senderRole: side(actor), message: input.message.trim() } as const;
  if (input.msgType === 'Text') return sendText(ctx, room, { ...base, type: 'Text', clientMessageId: input.clientMessageId ?? null });
  const request = await sessionRequest(ctx, actor, room, tutor, input);
  // The request and the tutor's bell notice of it are stored together.
  const { row, notice } = await ctx.db
    .transaction(async (tx) => {
      const row = await repo.insertMessage(tx, { ...base, type: 'Session', ...request });
      return { row, notice: await noticeSessionRequested(tx, room, row, request.subject, tutor) };
    })
    .catch((error: unknown) => {
      if (pgErrorCode(error) === UNIQUE_VIOLATION) throw new AppError('CONFLICT', 'You have already asked for this time. Wait for the tutor to answer.');
      throw error;
    });
  const message = publishMessage(ctx, room, toMessage(row, room), 'new_message');
  pushNotifications(ctx, [notice]);
  // The request stands whatever happens here: a job the queue could not store is scheduled at the next start.
  await scheduleRequestExpiry(ctx, row).catch(() => undefined);
  return message;
}

/**
 * A text message sent again with its `clientMessageId` (its first answer was lost, and the first
 * send may yet have arrived) is answered with the stored one, told to nobody a second time.
 */
async function sendText(ctx: AppContext, room: RoomMembers, message: repo.NewMessage): Promise<ChatMessage> {
  const row = await repo.insertMessageOnce(ctx.db, message);
  if (row) return publishMessage(ctx, room, toMessage(row, room), 'new_message');
  const earlier = await repo.findByClientId(ctx.db, message.senderId, message.clientMessageId!);
  if (!earlier || earlier.roomId !== room.id || earlier.message !== message.message) {
    throw new AppError('CONFLICT', 'This message id was already used for another message. Send it again.');
  }
  return toMessage(earlier, room);
}

/** The tutor hears of a learner's (or kid's) session request in the bell, in their own time zone, wherever they are. */
async function noticeSessionRequested(tx: Db, room: RoomMembers, row: repo.MessageRow, subject: string, tutor: TutorRow): Promise<NotificationRow> {
  const learner = await repo.findUser(tx, row.senderId);
  const when = formatSessionTime(row.sessionStartAt!, tutor.timezone);
  const body = `${learner?.name ?? 'A learner'} asked for ${withArticle(subject)} session on ${when}. Answer in the chat.`;
  return notify(tx, tutor.id, { kind: REQUEST_NOTICE_KIND, title: 'New session request', body, link: requestNoticeLink(room, row.id) });
}

/** The instant of a proposed date and time in the learner's zone: the one the form sent, when it names that date and time. */
function requestedInstant(input: { sessionDate: string; sessionTime: string; sessionStartAt?: string | undefined }, timeZone: string): Date {
  if (!input.sessionStartAt) return zonedWallTimeToInstant(input.sessionDate, Number(input.sessionTime.slice(0, 2)) * 60 + Number(input.sessionTime.slice(3)), timeZone);
  const startAt = new Date(input.sessionStartAt);
  const wallTime = formatHourMinute24(wallMinuteInZone(startAt.getTime(), offsetMin(timeZone, startAt.getTime())));
  if (isoDateInZone(startAt, timeZone) !== input.sessionDate || wallTime !== input.sessionTime) {
    throw new AppError('VALIDATION_FAILED', 'The time does not match the date and time asked for.', { sessionStartAt: 'Not the date and time asked for' });
  }
  return startAt;
}

/**
 * A learner's proposed time: a date and time the form lists (spec §5), not already expiring, not
 * clashing with a booked session; and its topic, if any, as the curriculum names it.
 */
async function sessionRequest(ctx: AppContext, actor: AuthContext, room: RoomMembers, tutor: TutorRow, input: Extract<ChatroomMessage, { msgType: 'Session' }>) {
  if (actor.role === 'teacher') throw new AppError('FORBIDDEN', 'Only learners request sessions.');
  const timeZone = (await repo.findUser(ctx.db, actor.userId))!.timezone;
  const now = ctx.now();
  const forKids = actor.role === 'kid';
  const startAt = requestedInstant(input, timeZone);
  const problem = chatRequestProblem({ sessionDate: input.sessionDate, sessionStartAt: startAt, now, timeZone });
  if (problem === 'OUTSIDE_WINDOW') {
    throw new AppError('VALIDATION_FAILED', `Pick a date within the next ${CHAT_DATE_WINDOW_DAYS} days.`, { sessionDate: `Outside the ${CHAT_DATE_WINDOW_DAYS}-day window` });
  }
  if (problem === 'TOO_SOON') {
    throw new AppError('VALIDATION_FAILED', `Pick a time more than ${REQUEST_EXPIRY_BEFORE_START_MIN} minutes from now.`, { sessionTime: 'Too soon' });
  }
  assertTeaches(tutor, input.subject, forKids);
  await assertSessionToSpend(ctx, actor, input.subject, now);
  const durationMin = await classDurationFor(ctx.db, { learnerId: actor.userId, forKids }, input.subject, { isChatBooking: true, now });
  if (!listsChatSlot({ date: input.sessionDate, startAt, now, timeZone, classDurationMin: durationMin })) {
    throw new AppError('VALIDATION_FAILED', 'That time is not one of the slots. Please pick a time from the list.', { sessionTime: 'Not a slot' });
  }
  const endAt = new Date(startAt.getTime() + durationMin * MS_PER_MINUTE);
  if ((await bookedIntervals(ctx.db, room.teacherId, startAt, endAt)).length) throw new AppError('SLOT_TAKEN', messages.slotTaken);
  return {
    status: 'Requested' as const,
    sessionDate: input.sessionDate,
    sessionTime: input.sessionTime,
    sessionStartAt: startAt,
    subject: input.subject,
    topic: await requestedTopic(ctx, actor, tutor, input.topic),
    forKids,
  };
}

/**
 * The tutor's Book spends one of the learner's sessions in the subject (a chat booking is never the
 * demo): a request nothing could pay for is refused when it is made, in the learner's words, not
 * left for the tutor to find unbookable.
 */
async function assertSessionToSpend(ctx: AppContext, actor: AuthContext, subject: string, now: Date) {
  if (actor.role === 'kid') {
    const { subjects } = await kidBalances(ctx, actor, actor.userId);
    if (!subjects.some((s) => s.subject === subject && s.sessionsAvailable > 0)) throw new AppError('BUY_SESSIONS', messages.buySessionToBook);
    return;
  }
  const plan = (await activeSubscriptions(ctx.db, actor.userId, now)).find((p) => p.subjects.includes(subject));
  if (!plan) throw new AppError('NOT_SUBSCRIBED', messages.planDoesNotCover(subject));
  if (totalSessions(plan) <= 0) throw new AppError('NO_SESSIONS_LEFT', noSessionsLeftText(plan));
}

/** A topic is named by its id only: the learner's next curriculum step, with a tutor who teaches the curriculum. Kids have none. */
async function requestedTopic(ctx: AppContext, actor: AuthContext, tutor: TutorRow, ref: { id: string; kind: 'topic' | 'certificate' } | null | undefined) {
  if (!ref) return null;
  if (actor.role === 'kid') throw new AppError('VALIDATION_FAILED', 'Kids’ sessions have no curriculum topic.', { topic: 'Not for kids' });
  assertTeaches(tutor, CURRICULUM_SUBJECT);
  return requestableTopic(ctx, actor.userId, ref);
}

/** A session booked outside the chat, as the learner's Booked Session message in the room with its tutor. */
export type BookedSessionNote = { room: repo.RoomRow; row: repo.MessageRow };

/**
 * Records a session booked outside the chat (a curriculum topic or level test) as a Booked Session
 * message from the learner, with its topic block, in the booking's transaction; the tutor sees the
 * topic in the chat. Pass the answer to publishBookedSession after the commit.
 */
export async function recordBookedSession(
  tx: Db,
  booked: { learnerId: string; tutorId: string; sessionId: string; startAt: Date; timeZone: string; subject: string; topic: NonNullable<ChatMessage['topic']>; message: string },
): Promise<BookedSessionNote> {
  const room = await repo.findOrCreateRoom(tx, booked.learnerId, booked.tutorId);
  const minute = wallMinuteInZone(booked.startAt.getTime(), offsetMin(booked.timeZone, booked.startAt.getTime()));
  const row = await repo.insertMessage(tx, {
    roomId: room.id,
    senderId: booked.learnerId,
    senderRole: 'Learner',
    type: 'Session',
    message: booked.message,
    status: 'Booked',
    sessionDate: isoDateInZone(booked.startAt, booked.timeZone),
    sessionTime: formatHourMinute24(minute),
    sessionStartAt: booked.startAt,
    subject: booked.subject,
    topic: booked.topic,
    bookedSessionId: booked.sessionId,
  });
  return { room, row };
}

/** After the commit: both members' chats get the message live. */
export function publishBookedSession(ctx: AppContext, note: BookedSessionNote): void {
  publishMessage(ctx, note.room, toMessage(note.row, note.room), 'new_message');
}

/** Tutor only: Book creates a Regular session, then the request shows Booked; Reject only answers it. */
export async function updateMessageStatus(ctx: AppContext, actor: AuthContext, input: { messageId: string; status: 'Booked' | 'Rejected' }, log: AfterCommitLog) {
  const message = await repo.findMessage(ctx.db, input.messageId);
  const room = message ? await repo.findRoomOfMember(ctx.db, message.roomId, actor.userId) : undefined;
  if (!message || !room) throw notFound('Message not found');
  if (actor.role !== 'teacher' || room.teacherId !== actor.userId) throw new AppError('FORBIDDEN', 'Only the tutor can book or reject a request.');
  if (message.type !== 'Session' || !message.sessionStartAt || !message.subject) throw new AppError('BAD_REQUEST', 'This message is not a session request.');
  const now = ctx.now();
  // Expired by the clock even before the expiry job has stored it.
  const status = displayStatus({ status: message.status ?? 'Requested', sessionStartAt: message.sessionStartAt, now });
  if (status !== 'Requested') throw requestClosed(status);
  if (input.status === 'Rejected') {
    const notices = await ctx.db.transaction(async (tx) => {
      if (!(await repo.settleRequest(tx, message.id, 'Rejected', null))) throw await requestClosedNow(tx, message.id);
      await settleRequestNotice(tx, room, message.id, now);
      return noticeRequestClosed(tx, message, room, 'rejected');
    });
    pushNotifications(ctx, notices);
  } else {
    await bookRequest(ctx, room, message, now, log);
  }
  const updated = toMessage((await repo.findMessage(ctx.db, message.id))!, room);
  publishAnsweredRequest(ctx, room, updated);
  return { message: updated, toast: input.status === 'Booked' ? messages.sessionIsBooked : messages.sessionIsRejected };
}

async function bookRequest(ctx: AppContext, room: repo.RoomRow, message: repo.MessageRow, now: Date, log: AfterCommitLog) {
  const learner = (await repo.findUser(ctx.db, room.learnerId))!;
  try {
    await bookRequestFor(ctx, room, message, learner.role === 'kid', now, log);
  } catch (error) {
    // The learner's own "subscribe" / "buy sessions" prompt would tell the tutor to pay.
    if (isOutOfSessions(error)) {
      throw new AppError('CONFLICT', `${learner.name} has no ${message.subject} session left to book. Reject the request, or book it once they have bought more.`);
    }
    throw error;
  }
}

async function bookRequestFor(ctx: AppContext, room: repo.RoomRow, message: repo.MessageRow, forKids: boolean, now: Date, log: AfterCommitLog) {
  const durationMin = await classDurationFor(ctx.db, { learnerId: room.learnerId, forKids }, message.subject!, { isChatBooking: true, now });
  const startAt = message.sessionStartAt!;
  await createLiveSession(
    ctx,
    { userId: room.learnerId, role: forKids ? 'kid' : 'learner' },
    {
      teacherId: room.teacherId,
      subject: message.subject!,
      startAt,
      endAt: new Date(startAt.getTime() + durationMin * MS_PER_MINUTE),
      forKids,
      isChatBooking: true,
      topicId: message.topic?.kind === 'topic' ? message.topic.id : null,
      certificateId: message.topic?.kind === 'certificate' ? message.topic.id : null,
      level: message.topic?.level ?? null,
    },
    {
      allowDemo: false,
      now,
      log,
      bookedByTutor: true,
      alongside: async (tx, sessionId) => {
        if (!(await repo.settleRequest(tx, message.id, 'Booked', sessionId))) throw await requestClosedNow(tx, message.id);
        await settleRequestNotice(tx, room, message.id, now);
      },
    },
  );
}

/** Why the tutor can no longer answer a request. */
function requestClosed(status: Exclude<ChatSessionStatus, 'Requested'>): AppError {
  if (status === 'Expired') {
    return new AppError('CONFLICT', `This request has expired: requests close ${REQUEST_EXPIRY_BEFORE_START_MIN} minutes before the session starts.`);
  }
  return new AppError('CONFLICT', `This request is already ${status.toLowerCase()}.`);
}

/** The request left Requested since it was read (the other tab answered, or the expiry job ran). */
async function requestClosedNow(db: Db, messageId: string): Promise<AppError> {
  const status = (await repo.findMessage(db, messageId))?.status;
  return requestClosed(status && status !== 'Requested' ? status : 'Booked');
}

/** IELTS learners (and their tutors) only: a file message with its type, size and content checked here. */
export async function sendFile(ctx: AppContext, actor: AuthContext, input: { chatroomId: string; fileName: string; mime: string; data: Buffer }) {
  const room = await memberRoom(ctx, actor, input.chatroomId);
  await chattingTutor(ctx, actor, room.teacherId);
  if (actor.role !== 'teacher') await assertChatAccess(ctx, actor);
  // Files are for IELTS: the room's learner (whoever sends) must be on an IELTS plan; a kid never is.
  if (!(await hasLivePlanFor(ctx.db, room.learnerId, 'IELTS', ctx.now()))) throw new AppError('FORBIDDEN', 'File sharing is available for IELTS learners.');
  const extension = chatFileTypes[input.mime];
  if (!extension) throw new AppError('VALIDATION_FAILED', 'Send a PDF, image, Word document or audio file.', { chatFile: 'Type not allowed' });
  if (input.data.length > CHAT_FILE_MAX_BYTES) throw new AppError('VALIDATION_FAILED', 'Files can be at most 5 MB.', { chatFile: 'Too large' });
  // The declared type is the sender's word; the bytes must agree (an .exe renamed .pdf is refused).
  const detected = await fileTypeFromBuffer(input.data);
  if (detected?.ext !== extension && !(extension === 'm4a' && detected?.ext === 'mp4')) {
    throw new AppError('VALIDATION_FAILED', 'This file’s content does not match its type.', { chatFile: 'Content does not match the type' });
  }
  const relative = path.join('chat', room.id, `${randomUUID()}.${extension}`);
  const absolute = path.join(ctx.config.dataDir, 'uploads', relative);
  await mkdir(path.dirname(absolute), { recursive: true });
  await writeFile(absolute, input.data);
  const name = nameWithExtension(path.basename(input.fileName) || 'file', extension, CHAT_FILE_NAME_MAX);
  const row = await repo.insertMessage(ctx.db, {
    roomId: room.id,
    senderId: actor.userId,
    senderRole: side(actor),
    type: 'File',
    message: name,
    fileName: name,
    fileMime: input.mime,
    fileSize: input.data.length,
    filePath: relative,
  });
  return publishMessage(ctx, room, toMessage(row, room), 'new_message');
}

export async function fileOfMessage(ctx: AppContext, actor: AuthContext, messageId: string) {
  const message = await repo.findMessage(ctx.db, messageId);
  if (!message?.filePath || !(await repo.findRoomOfMember(ctx.db, message.roomId, actor.userId))) throw notFound('File not found');
  // A name stored before names took their type's extension gets it here.
  const name = nameWithExtension(message.fileName!, chatFileTypes[message.fileMime!] ?? 'bin', CHAT_FILE_NAME_MAX);
  return { absolutePath: path.join(ctx.config.dataDir, 'uploads', message.filePath), name, mime: message.fileMime! };
}

function toRoom(room: repo.RoomRow, names: { learnerName: string; learnerRole: string; tutorName: string; tutorSubjects: string[] }, recent: Pick<repo.MessageRow, 'type' | 'message'> | null): ChatRoom {
  return {
    _id: room.id,
    teacher: { _id: room.teacherId, name: names.tutorName, subjects: names.tutorSubjects },
    teacherImage: avatarPath(room.teacherId),
    learner: { _id: room.learnerId, name: names.learnerName },
    recentMessage: recent !== null && room.lastMessageAt ? { type: recent.type, message: recent.message, createdAt: room.lastMessageAt.toISOString() } : null,
    learnerUnread: room.learnerUnread,
    teacherUnread: room.teacherUnread,
    forKids: names.learnerRole === 'kid',
  };
}
