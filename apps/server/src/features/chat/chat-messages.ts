import type { ChatMessage } from '@parley/domain/chat';
import type { ChatSessionStatus } from '@parley/domain/chat-slots';
import { formatSessionTime } from '@parley/domain/live-sessions';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { roomChannel, userChannel } from '../../realtime/publisher';
import { notify, pushNoticesRead, settleNotice, type NotificationRow } from '../notifications/notifications.service';
import * as repo from './chat.repository';

// A stored chat message as the wire shows it, and how it reaches both members live. Shared by
// the chat service and the request expiry job (chat-request-jobs.ts).

export type RoomMembers = Pick<repo.RoomRow, 'id' | 'learnerId' | 'teacherId'>;

/** The tutor's bell notice of a session request: its link opens the room and names the request, so answering it settles that notice. */
export const REQUEST_NOTICE_KIND = 'session_requested';
export const requestNoticeLink = (room: RoomMembers, requestId: string) => `/teacher/chat?room=${room.id}&request=${requestId}`;

/** The request is answered (booked, rejected or expired): its notice no longer waits in the tutor's bell. */
export function settleRequestNotice(tx: Db, room: RoomMembers, requestId: string, at: Date): Promise<void> {
  return settleNotice(tx, room.teacherId, REQUEST_NOTICE_KIND, requestNoticeLink(room, requestId), at);
}

/**
 * The learner who asked (a kid, and the kid's parent) hears that the tutor declined the request or
 * did not answer it in time, in the caller's transaction; push the rows after the commit.
 */
export async function noticeRequestClosed(tx: Db, request: repo.MessageRow, room: RoomMembers, outcome: 'expired' | 'rejected'): Promise<NotificationRow[]> {
  const people = new Map((await repo.findPeople(tx, [room.learnerId, room.teacherId])).map((p) => [p.id, p]));
  const learner = people.get(room.learnerId);
  if (!learner) return [];
  const [parent] = learner.parentId ? await repo.findPeople(tx, [learner.parentId]) : [];
  const tutorName = people.get(room.teacherId)?.name ?? 'Your tutor';
  const recipients = parent ? [learner, parent] : [learner];
  return Promise.all(
    recipients.map((person) => {
      const isParent = person.id === parent?.id;
      const whose = isParent ? `${learner.name}’s` : 'your';
      const what = `${whose} ${request.subject ? `${request.subject} session request` : 'session request'} for ${formatSessionTime(request.sessionStartAt!, person.timezone)}`;
      const Whose = isParent ? whose : 'Your';
      return notify(tx, person.id, {
        kind: outcome === 'expired' ? 'chat_request_expired' : 'chat_request_rejected',
        title: outcome === 'expired' ? `${Whose} session request expired` : `${Whose} session request was declined`,
        body: `${tutorName} ${outcome === 'expired' ? `did not answer ${what} in time` : `cannot take ${what}`}. Ask for another time in the chat.`,
        link: chatPath(learner, room.teacherId, request.id),
      });
    }),
  );
}

/**
 * The chat with the tutor: the learner's chat is on the /learner pages, a kid's on the kids' pages
 * (naming the kid, as the parent may have another open); `?chat=` opens it on that tutor, and
 * `&request=` brings that request into view.
 */
const chatPath = (learner: { id: string; role: string }, tutorId: string, requestId: string) =>
  `${learner.role === 'kid' ? `/kids/dashboard?kid=${learner.id}&` : '/learner?'}chat=${tutorId}&request=${requestId}`;

/** After the commit that answered a request: the updated request reaches both members, and the tutor's bells drop its notice. */
export function publishAnsweredRequest(ctx: Pick<AppContext, 'realtime'>, room: RoomMembers, message: ChatMessage) {
  publishMessage(ctx, room, message, 'message_updated');
  pushNoticesRead(ctx, room.teacherId);
}

export function publishMessage(ctx: Pick<AppContext, 'realtime'>, room: RoomMembers, message: ChatMessage, event: 'new_message' | 'message_updated') {
  // One emit to several channels reaches each socket once (socket.io de-duplicates).
  ctx.realtime.emit([roomChannel(room.id), userChannel(room.learnerId), userChannel(room.teacherId)], event, message);
  return message;
}

/** A Booked request follows its session: Cancelled once that is, or Rescheduled when it moved to another time. */
function shownStatus(m: repo.MessageRow & Partial<repo.BookedSessionState>): ChatSessionStatus | null {
  if (m.status === 'Booked' && m.bookedSessionStatus === 'cancelled') return m.bookedSessionMovedTo ? 'Rescheduled' : 'Cancelled';
  return m.status;
}

export function toMessage(m: repo.MessageRow & Partial<repo.BookedSessionState>, room: RoomMembers): ChatMessage {
  return {
    _id: m.id,
    seq: m.seq,
    room: m.roomId,
    type: m.type,
    message: m.message,
    createdAt: m.createdAt.toISOString(),
    learner: m.senderRole === 'Learner' ? room.learnerId : null,
    teacher: m.senderRole === 'Teacher' ? room.teacherId : null,
    status: shownStatus(m),
    sessionDate: m.sessionDate,
    sessionTime: m.sessionTime,
    sessionStartAt: m.sessionStartAt?.toISOString() ?? null,
    subject: m.subject,
    topic: m.topic ?? null,
    forKids: m.forKids,
    file: m.filePath ? { url: `/room/v1/files/${m.id}`, name: m.fileName!, mime: m.fileMime!, size: m.fileSize! } : null,
    clientMessageId: m.clientMessageId,
  };
}
