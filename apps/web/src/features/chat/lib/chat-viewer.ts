import type { BookingSubject } from '@parley/domain/booking';
import type { ChatMessage } from '@parley/domain/chat';
import type { TutorWeek } from '@parley/domain/chat-slots';
import type { SocketRole } from '../../../shared/lib/socket';

/** Who is chatting: a learner, a kid (x-parley-as: kid) or a tutor. */
/** Chat is between learners (or kids) and tutors; peer practice has its own in-call chat. */
export type ChatAs = Exclude<SocketRole, 'peer'>;

export type ChatViewer = {
  as: ChatAs;
  /** The viewer's IANA timezone: times are shown in it and slot requests are made in it. */
  timeZone: string;
  /** Subjects the viewer may request a session in (empty for a tutor). */
  requestSubjects: readonly BookingSubject[];
  /** The subscription plan's classDuration ('25min'), for subjects timed by the plan. */
  planClassDuration: string | null;
  /** File upload only for IELTS learners. */
  canSendFiles: boolean;
  /** The tutor's own week and days off (tutor only, once loaded): a request outside them says so by Book. */
  tutorHours?: TutorWeek | null;
};

/** The chat side the server records for this viewer (learner messages use the role Learner). */
export const sideOf = (as: ChatAs): 'Learner' | 'Teacher' => (as === 'teacher' ? 'Teacher' : 'Learner');

/** Whether this viewer sent the message. */
export function isOwnMessage(message: ChatMessage, as: ChatAs): boolean {
  return as === 'teacher' ? message.teacher !== null : message.learner !== null;
}
