import { useId, useRef, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SessionItem } from '@parley/domain/booking';
import { sessionSubjectText } from '@parley/domain/sessions';
import { formatCalendarDate, formatInstant, formatSessionRange } from '../../../shared/lib/calendar-date';
import { Badge } from '../../../shared/ui/badge';
import { CancelSessionDialog } from '../../../shared/ui/cancel-session-dialog';
import { ClockShiftNote } from '../../../shared/ui/clock-shift-note';
import { JoinSessionLink, startsInText, useSessionClock } from '../../../shared/ui/join-session-link';
import { PastSessionOutcome } from '../../../shared/ui/past-session-outcome';
import { tutorSessionsKey } from '../api/get-tutor-sessions';
import { useFocusHandOff } from '../../../shared/lib/use-focus-hand-off';
import { useSessionDialog } from '../../../shared/ui/use-session-dialog';


/** `sessionExtra`: more about one session from another feature (a curriculum session's topic and mark), composed by the route. */
export type SessionExtra = (session: SessionItem) => ReactNode;
type Props = { items: SessionItem[]; timeZone: string; label?: string; when?: 'upcoming' | 'past'; sessionExtra?: SessionExtra; empty: ReactNode };

/**
 * The tutor's sessions: learner, subject, type, and date and time in the tutor's timezone; an
 * upcoming one has its countdown, Join and Cancel, a past one what it came to and the minutes.
 * `empty` is said instead when there are none.
 */
export function TutorSessionList({ items, timeZone, label = 'Upcoming sessions', when = 'upcoming', sessionExtra, empty }: Props) {
  const queryClient = useQueryClient();
  const now = useSessionClock(items);
  const { dialog, open, close, home } = useSessionDialog<'cancel'>('teacher', items);
  const session = dialog?.session;
  return (
    <div ref={home}>
      {items.length === 0 ? (
        empty
      ) : (
        <ul aria-label={label} className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100">
          {items.map((session) => (
            <li key={session._id} data-testid="tutor-session-row" className="space-y-3 px-4 py-3">
              <div className="flex items-center gap-3">
                <div className="min-w-0 flex-1 sm:flex sm:flex-wrap sm:items-center sm:gap-x-4 sm:gap-y-1">
                  <div className="min-w-0 sm:flex-[1_1_10rem]">
                    <p className="font-medium wrap-anywhere">{session.learner.name}</p>
                    <p className="text-sm text-base-content/70">
                      {sessionSubjectText(session.subject, session.forKids)}
                    </p>
                    {session.ieltsGoal ? (
                      <p className="text-sm text-base-content/70" data-testid="ielts-goal">
                        {ieltsGoalText(session.ieltsGoal)}
                      </p>
                    ) : null}
                  </div>
                  <div className="text-sm sm:text-right">
                    <p className="font-medium">
                      <time dateTime={session.startAt}>{formatInstant(session.startAt, timeZone, 'EEE, d MMM yyyy')}</time>
                    </p>
                    <p className="text-base-content/70">
                      {formatSessionRange(session.startAt, session.endAt, timeZone)}
                    </p>
                  </div>
                </div>
                <Badge variant={session.type === 'Demo' ? 'accent' : 'neutral'}>{session.type}</Badge>
              </div>
              {sessionExtra?.(session)}
              {when === 'upcoming' ? <UpcomingActions session={session} timeZone={timeZone} now={now} onCancel={() => open('cancel', session)} /> : <PastSessionOutcome session={session} side="tutor" timeZone={timeZone} />}
            </li>
          ))}
        </ul>
      )}
      {session ? (
        <CancelSessionDialog
          as="teacher"
          sessionId={session._id}
          open
          onClose={close}
          summary={sessionSummary(session, timeZone)}
          demo={session.type === 'Demo'}
          // The server's preview says the learner gets the session back; this says only what it does not.
          note="The learner is notified when you cancel."
          onCancelled={() => void queryClient.invalidateQueries({ queryKey: tutorSessionsKey })}
        />
      ) : null}
    </div>
  );
}

/** The session in words, for its Cancel: 'English with Rohan Sharma on Tue, 12 Mar 2030 at 10:00 AM.' */
function sessionSummary(session: SessionItem, timeZone: string): string {
  const when = `${formatInstant(session.startAt, timeZone, 'EEE, d MMM yyyy')} at ${formatInstant(session.startAt, timeZone, 'h:mm a')}`;
  return `${session.subject} with ${session.learner.name} on ${when}.`;
}

/** 'Goal: band 6.5 · test on 15 Feb 2027': what an IELTS learner aims for, as far as they set it. */
function ieltsGoalText(goal: NonNullable<SessionItem['ieltsGoal']>): string {
  const parts = [goal.band !== null ? `band ${goal.band.toFixed(1)}` : null, goal.testDate ? `test on ${formatCalendarDate(goal.testDate, 'd MMM yyyy')}` : null];
  return `Goal: ${parts.filter(Boolean).join(' · ')}`;
}

/** Countdown, Join, and Cancel until the start (a tutor's cancellation always gives the learner the session back). */
function UpcomingActions({ session, timeZone, now, onCancel }: { session: SessionItem; timeZone: string; now: Date; onCancel: () => void }) {
  const started = now.getTime() >= new Date(session.startAt).getTime();
  // Every row has its own Cancel: the session it acts on is its description.
  const summaryId = useId();
  // A cancelled session leaves the list: its Cancel button's focus goes to the list, not to <body>.
  const actions = useRef<HTMLDivElement>(null);
  useFocusHandOff(actions);
  return (
    <div ref={actions} className="flex flex-wrap items-center gap-2">
      <span id={summaryId} hidden>
        {sessionSummary(session, timeZone)}
      </span>
      <ClockShiftNote shift={session.clockShift} />
      <p className="mr-auto w-full text-sm font-medium text-base-content/70 sm:w-auto" data-testid="session-countdown">
        {startsInText(now, new Date(session.startAt), new Date(session.endAt), timeZone)}
      </p>
      <JoinSessionLink sessionId={session._id} startAt={session.startAt} endAt={session.endAt} timeZone={timeZone} now={now} withWhom={session.learner.name} />
      {!started ? (
        <button type="button" className="btn btn-ghost btn-sm text-error" aria-haspopup="dialog" aria-describedby={summaryId} onClick={onCancel}>
          Cancel
        </button>
      ) : null}
    </div>
  );
}

/** Said in place of the list when the tutor has no sessions to show. */
export function NoSessionsNote({ text }: { text: string }) {
  return <p className="rounded-box border border-dashed border-base-300 bg-base-100 px-4 py-8 text-center text-sm text-base-content/70">{text}</p>;
}
