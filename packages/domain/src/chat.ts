import { z } from 'zod';
import { chatSessionStatuses } from './chat-slots';
import type { MeetingMessage, MeetingSignal, Notification } from './live-sessions';
import type { PeerCallEnded, PeerCallMessage, PeerMatched } from './peer';
import { safeText, singleLineText, tooLongMessage, visibleLength } from './text';

// Chat room and chat message, the chat calls and the realtime events, typed once.

export const chatRoles = ['Learner', 'Teacher'] as const;
export const messageTypes = ['Text', 'File', 'Session'] as const;
export const MAX_CHAT_MESSAGE_CHARS = 2000;

/**
 * A chat message's length, as the message box counts it and the server holds it to: in characters
 * (code points), so "😀" is one, not its two UTF-16 halves. Not graphemes: a code point is at most 4
 * bytes, so MAX_CHAT_MESSAGE_CHARS keeps a stored message small, where one grapheme may stack
 * marks without end.
 */
export const chatMessageLength = (text: string) => Array.from(text).length;

/** True when a message shows something: spec §5, "A non-empty message is required." */
export const hasVisibleCharacter = (text: string) => visibleLength(text) > 0;

/**
 * A chat message's text, as the box and the server take it: kept without the spaces around it,
 * which do not count, so its length is checked after the trim, by chatMessageLength (safeText only
 * checks the characters).
 */
const chatMessageText = safeText(Number.POSITIVE_INFINITY)
  .trim()
  .refine(hasVisibleCharacter, { message: 'Type a message' })
  .refine((text) => chatMessageLength(text) <= MAX_CHAT_MESSAGE_CHARS, { message: tooLongMessage(MAX_CHAT_MESSAGE_CHARS) });

/**
 * Messages one person may send at once, then three a second (a chat, a class's chat, a practice
 * call's), whatever number of connections, tabs or devices they send them from: more is a flood,
 * refused.
 */
export const MESSAGE_BURST = 20;
export const MESSAGES_PER_SECOND = 3;
/**
 * Room events (join_room, read) one person may send at once, then five a second. Their own budget:
 * the chat marks the open room read for each message that arrives in it (up to the other side's
 * MESSAGE_BURST at once), which must never hold up a reply, and opening room after room never
 * comes near it.
 */
export const ROOM_EVENT_BURST = 30;
export const ROOM_EVENTS_PER_SECOND = 5;
/** Chat files one person may send in a window (each up to 5 MB, kept on disk): more waits. */
export const CHAT_FILE_LIMIT = { max: 10, windowMin: 10 } as const;

/** Chat files (IELTS only): 5 MB of documents, images or audio. */
export const CHAT_FILE_MAX_BYTES = 5 * 1024 * 1024;
/** A chat file keeps at most this many characters of its name. */
export const CHAT_FILE_NAME_MAX = 120;
export const chatFileTypes: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
};

export const topicSchema = z.object({
  id: singleLineText(64),
  name: singleLineText(120),
  level: singleLineText(32),
  kind: z.enum(['topic', 'certificate']).default('topic'),
});

/**
 * A slot request's topic, by id only: the server names it from the curriculum and takes it only if
 * the learner may ask for it (a name or level sent along is dropped).
 */
export const topicRequestSchema = z.object({ id: z.uuid(), kind: z.enum(['topic', 'certificate']).default('topic') });

export const chatMessageSchema = z.object({
  _id: z.string(),
  seq: z.number().int(),
  room: z.string(),
  type: z.enum(messageTypes),
  message: z.string(),
  createdAt: z.string(),
  /** Set when the learner sent it. */
  learner: z.string().nullable(),
  teacher: z.string().nullable(),
  /** A Session message's status; Expired is stored by the expiry job (spec §4). */
  status: z.enum(chatSessionStatuses).nullable(),
  sessionDate: z.string().nullable(),
  sessionTime: z.string().nullable(),
  sessionStartAt: z.string().nullable(),
  subject: z.string().nullable(),
  topic: topicSchema.nullable(),
  forKids: z.boolean(),
  file: z.object({ url: z.string(), name: z.string(), mime: z.string(), size: z.number().int() }).nullable(),
  /** The id the sender's page gave a text message: its copy coming back tells that page it was stored, answer or not. */
  clientMessageId: z.string().nullable().optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatRoomSchema = z.object({
  _id: z.string(),
  /** The subjects the tutor teaches: a learner requests a slot in one of them. */
  teacher: z.object({ _id: z.string(), name: z.string(), subjects: z.array(z.string()) }),
  teacherImage: z.string(),
  learner: z.object({ _id: z.string(), name: z.string() }),
  recentMessage: z.object({ type: z.enum(messageTypes), message: z.string(), createdAt: z.string() }).nullable(),
  learnerUnread: z.number().int(),
  teacherUnread: z.number().int(),
  forKids: z.boolean(),
});
export type ChatRoom = z.infer<typeof chatRoomSchema>;

/** A conversation's last message as its list shows it: a request or a file says what it is, before its note. */
export function recentMessageText(recent: { type: (typeof messageTypes)[number]; message: string }): string {
  const kind = recent.type === 'Session' ? 'Session request' : recent.type === 'File' ? 'File' : null;
  if (!kind) return recent.message;
  return recent.message ? `${kind}: ${recent.message}` : kind;
}

/** GET /room/v1/{id}: a page of the thread, oldest first: the latest messages, or with `before` a seq the ones just before it (Load older). */
export const roomThreadQuery = z.object({ before: z.coerce.number().int().min(1).optional() });
/** `hasOlder`: messages before the page are left to Load older. */
export const roomThreadResponse = z.object({ room: chatRoomSchema, messages: z.array(chatMessageSchema), hasOlder: z.boolean() });
/** The most messages one page of a thread holds. */
export const ROOM_THREAD_PAGE = 500;

export const initiateRoomPayload = z.object({ teacherId: z.uuid() });
export const updateMessagePayload = z.object({ messageId: z.uuid(), status: z.enum(['Booked', 'Rejected']) });

const dateText = z.iso.date();
const timeText = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

/** chatroom_message. `role` is informative; the server uses the socket's own role. */
export const chatroomMessagePayload = z.discriminatedUnion('msgType', [
  z.object({
    chatroomId: z.uuid(),
    msgType: z.literal('Text'),
    message: chatMessageText,
    role: z.enum(chatRoles).optional(),
    source: singleLineText(40).optional(),
    /**
     * The sender's own id for this message, kept while it is sent again: a send whose answer was
     * lost (a dropped connection) may still arrive, and a second send with the same id is the same
     * message, stored once.
     */
    clientMessageId: z.uuid().optional(),
  }),
  z.object({
    chatroomId: z.uuid(),
    msgType: z.literal('Session'),
    message: chatMessageText,
    role: z.enum(chatRoles).optional(),
    source: singleLineText(40).optional(),
    sessionDate: dateText,
    sessionTime: timeText,
    /** The time's instant: tells apart the two 01:30s of a DST fall-back night (must match the date and time). */
    sessionStartAt: z.iso.datetime().optional(),
    subject: z.enum(['English', 'IELTS', 'Financial Education']),
    topic: topicRequestSchema.nullish(),
    forKids: z.boolean().default(false),
  }),
]);
export type ChatroomMessagePayload = z.input<typeof chatroomMessagePayload>;
export type ChatroomMessage = z.infer<typeof chatroomMessagePayload>;

export type Ack<T> = (result: { ok: true; data: T } | { ok: false; message: string }) => void;

export interface ClientToServerEvents {
  join_room: (payload: { chatroomId: string; afterSeq?: number }, ack?: Ack<{ missed: ChatMessage[] }>) => void;
  read: (payload: { chatroomId: string }) => void;
  chatroom_message: (payload: ChatroomMessagePayload, ack?: Ack<ChatMessage>) => void;
  /** The classroom: join records presence and answers whether the other side is there. */
  'meeting:join': (payload: { sessionId: string }, ack?: Ack<{ side: 'learner' | 'tutor'; peerPresent: boolean; messages: MeetingMessage[] }>) => void;
  'meeting:signal': (payload: { sessionId: string; signal: MeetingSignal }) => void;
  'meeting:message': (payload: { sessionId: string; message: string }, ack?: Ack<MeetingMessage>) => void;
  'meeting:leave': (payload: { sessionId: string }) => void;
  /** A peer call: join records presence (the call starts when both sides are in) and answers whether the partner is there. */
  'peer:join': (payload: { callId: string }, ack?: Ack<{ partnerPresent: boolean; startedAt: string | null; endsAt: string | null; messages: PeerCallMessage[] }>) => void;
  'peer:signal': (payload: { callId: string; signal: MeetingSignal }) => void;
  'peer:message': (payload: { callId: string; message: string }, ack?: Ack<PeerCallMessage>) => void;
  /** Leaves the call's page without ending it (a reload, a dropped tab): the reconnect grace applies. */
  'peer:leave': (payload: { callId: string }) => void;
  /** Ends the call for both sides; answers what it cost the caller. */
  'peer:hangup': (payload: { callId: string }, ack?: Ack<PeerCallEnded>) => void;
  /** A learner or kid has this tutor's schedule open (one at a time a connection): tell it when the schedule changes. */
  'schedule:watch': (payload: { tutorId: string }) => void;
  'schedule:unwatch': (payload: { tutorId: string }) => void;
  /** A learner or kid has a tutor list open: tell it when a tutor joins or leaves the lists. */
  'tutors:watch': () => void;
  'tutors:unwatch': () => void;
}

export interface ServerToClientEvents {
  connected: (payload: { userId: string; role: string }) => void;
  new_message: (message: ChatMessage) => void;
  message_updated: (message: ChatMessage) => void;
  read: (payload: { chatroomId: string; by: 'Learner' | 'Teacher' }) => void;
  error_message: (payload: { message: string }) => void;
  /** The other side joined or left the class. */
  'meeting:peer': (payload: { sessionId: string; present: boolean }) => void;
  /** The same person joined the class from another tab, window or device: this connection is out of it. */
  'meeting:replaced': (payload: { sessionId: string }) => void;
  'meeting:signal': (payload: { sessionId: string; signal: MeetingSignal }) => void;
  'meeting:message': (message: MeetingMessage) => void;
  /** A new in-app notification for the bell. */
  notification: (notification: Notification) => void;
  /** Some of this user's notices became read without them (a request answered elsewhere, or expired): the bell asks again. */
  notifications_read: () => void;
  /** A session of this user was booked, cancelled or rescheduled: lists refresh. */
  sessions_changed: (payload: { sessionId: string }) => void;
  /** The watched tutor's schedule changed (a booking, a cancellation, their hours or profile): it is asked again. */
  schedule_changed: (payload: { tutorId: string }) => void;
  /** A moderator blocked or unblocked a tutor: open tutor lists are asked again. */
  tutors_changed: (payload: { tutorId: string }) => void;
  /** "Practise now" found a partner: open the call. */
  'peer:matched': (payload: PeerMatched) => void;
  /** The partner joined or left the call's page. */
  'peer:presence': (payload: { callId: string; present: boolean }) => void;
  /** The same person joined the call from another tab, window or device: this connection is out of it. */
  'peer:replaced': (payload: { callId: string }) => void;
  /** Both sides are in: the server's clock for the call starts, and it ends itself at endsAt. */
  'peer:started': (payload: { callId: string; startedAt: string; endsAt: string }) => void;
  'peer:signal': (payload: { callId: string; signal: MeetingSignal }) => void;
  'peer:message': (message: PeerCallMessage) => void;
  /** The call is over (hung up, minutes ran out, a side dropped, reported): with the receiver's own charge. */
  'peer:ended': (payload: PeerCallEnded) => void;
}
