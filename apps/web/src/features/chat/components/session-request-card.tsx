import { useId, useMemo, useRef } from 'react';
import type { ChatMessage } from '@parley/domain/chat';
import { sessionSubjectText } from '@parley/domain/sessions';
import { displayStatus, requestAgainstHours, requestExpiresAt, showsBookAndReject, type HoursNote, type TutorWeek } from '@parley/domain/chat-slots';
import { useFocusWhenGone } from '../../../shared/lib/use-focus-hand-off';
import { useNow } from '../../../shared/lib/use-now';
import { ZoneNote } from '../../../shared/ui/zone-note';
import type { MessageDecision } from '../api/update-message-status';
import { formatChatDate, formatClock12 } from '../lib/chat-time';
import type { ChatAs } from '../lib/chat-viewer';
import { SessionStatusBadge } from './session-status-badge';

type SessionRequestCardProps = {
  message: ChatMessage;
  as: ChatAs;
  timeZone: string;
  now: Date;
  /** Tutor only: Book or Reject the request. */
  onDecide?: (message: ChatMessage, status: MessageDecision) => void;
  /** The decision in flight for this message, if any. */
  deciding?: MessageDecision | null;
  /** Tutor only: their week, so a request outside it says so before Book. */
  tutorHours?: TutorWeek | null;
};

/** How often a thread looks at the clock (its messages' times). */
const THREAD_CLOCK_TICK_MS = 30_000;

/**
 * The clock a thread shows: every 30 s, and at the instant each Requested request expires, so its
 * card turns Expired (and the tutor's Book and Reject go) on time.
 */
export function useRequestClock(messages: readonly ChatMessage[] | undefined): Date {
  const expiries = useMemo(
    () => (messages ?? []).flatMap((m) => (m.status === 'Requested' && m.sessionStartAt ? [requestExpiresAt(new Date(m.sessionStartAt)).getTime()] : [])),
    [messages],
  );
  return useNow(THREAD_CLOCK_TICK_MS, expiries);
}

const hoursNoteText: Record<HoursNote, string> = {
  'day-off': 'This is one of your days off.',
  'outside-hours': 'This is outside your weekly hours.',
};

/** Topic or certificate details: topicName and level, or certificateName and level. */
function topicText(topic: NonNullable<ChatMessage['topic']>): string {
  const name = topic.kind === 'certificate' ? `Certificate: ${topic.name}` : topic.name;
  return topic.level ? `${name} · Level ${topic.level}` : name;
}

/**
 * A Session chat message: date, time, subject, topic and its status badge. A
 * Requested request reads Expired from 5 minutes before its start. Only the tutor sees Book
 * and Reject, and only while the learner's request still shows Requested.
 */
export function SessionRequestCard({ message, as, timeZone, now, onDecide, deciding = null, tutorHours = null }: SessionRequestCardProps) {
  const startAt = message.sessionStartAt ? new Date(message.sessionStartAt) : null;
  const status = startAt ? displayStatus({ status: message.status ?? 'Requested', sessionStartAt: startAt, now }) : (message.status ?? 'Requested');
  const canDecide =
    startAt !== null &&
    onDecide !== undefined &&
    showsBookAndReject({ viewerIsTeacher: as === 'teacher' && message.learner !== null, status: message.status ?? 'Requested', sessionStartAt: startAt, now });

  // A request may ask for any listed time; the tutor decides, told first when it is outside their week.
  const hoursNote = canDecide && tutorHours && startAt ? requestAgainstHours({ startAt, ...tutorHours }) : null;

  // Each request's Book and Reject are described by it (several may be open at once).
  const summaryId = useId();
  const dateText = startAt ? formatChatDate(startAt, timeZone) : message.sessionDate;
  const timeText = startAt ? formatClock12(startAt, timeZone) : message.sessionTime;
  // A kid's request is for a kids' session, said as the sessions lists say it.
  const subjectText = message.subject ? sessionSubjectText(message.subject, Boolean(message.forKids)) : message.subject;
  const summary = ['Session request:', [dateText, timeText, subjectText].filter(Boolean).join(', ')].join(' ');

  // Decided, the buttons go: the focus one of them held goes to the request, now showing its new status.
  const title = useRef<HTMLParagraphElement>(null);
  useFocusWhenGone(canDecide, title);

  return (
    <div className="space-y-2">
      <span id={summaryId} hidden>
        {summary}
      </span>
      <div className="flex items-center justify-between gap-3">
        <p ref={title} tabIndex={-1} className="text-sm font-semibold focus:outline-none focus-visible:outline-2">
          Session request
        </p>
        <SessionStatusBadge status={status} />
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-sm">
        <dt className="opacity-70">Date</dt>
        <dd>{dateText}</dd>
        <dt className="opacity-70">Time</dt>
        <dd>{timeText}</dd>
        {message.subject ? (
          <>
            <dt className="opacity-70">Subject</dt>
            <dd>{subjectText}</dd>
          </>
        ) : null}
        {message.topic ? (
          <>
            <dt className="opacity-70">Topic</dt>
            <dd>{topicText(message.topic)}</dd>
          </>
        ) : null}
      </dl>
      {startAt ? <ZoneNote timeZone={timeZone} /> : null}
      {message.message ? <p className="whitespace-pre-wrap break-words text-sm">{message.message}</p> : null}
      {hoursNote ? <p className="rounded-field bg-warning/15 px-2 py-1 text-xs">{hoursNoteText[hoursNote]} Book it only if you can take it.</p> : null}
      {canDecide ? (
        <div className="flex gap-2 pt-1">
          {/* aria-disabled while one is decided, not disabled: the pressed one keeps the focus. */}
          <button type="button" className="btn btn-success btn-sm" aria-disabled={deciding !== null || undefined} aria-describedby={summaryId} onClick={() => deciding ?? onDecide(message, 'Booked')}>
            {deciding === 'Booked' ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
            Book
          </button>
          <button type="button" className="btn btn-outline btn-error btn-sm" aria-disabled={deciding !== null || undefined} aria-describedby={summaryId} onClick={() => deciding ?? onDecide(message, 'Rejected')}>
            {deciding === 'Rejected' ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
            Reject
          </button>
        </div>
      ) : null}
    </div>
  );
}
