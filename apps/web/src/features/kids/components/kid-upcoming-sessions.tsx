import { useId, useRef, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { bookingSubjectSchema, type BookingSubject, type SessionItem } from '@parley/domain/booking';
import { formatInstant, formatSessionRange } from '../../../shared/lib/calendar-date';
import { Badge } from '../../../shared/ui/badge';
import { CancelSessionDialog } from '../../../shared/ui/cancel-session-dialog';
import { Icon } from '../../../shared/ui/icon';
import { ClockShiftNote } from '../../../shared/ui/clock-shift-note';
import { JoinSessionLink, startsInText, useSessionClock } from '../../../shared/ui/join-session-link';
import { useKidUpcomingSessions } from '../api/get-kid-upcoming-sessions';
import { refreshKidClasses, useKidSessionsRealtime } from '../lib/use-kid-sessions-realtime';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { useFocusHandOff } from '../../../shared/lib/use-focus-hand-off';
import { useSessionDialog, type OpenSessionDialog } from '../../../shared/ui/use-session-dialog';

/** 'Mon, 12 May · 4:30 PM – 4:55 PM' in the viewer's timezone. */
export function formatClassTime(startAt: string, endAt: string, timeZone: string): string {
  return `${formatInstant(startAt, timeZone, 'EEE, d MMM')} · ${formatSessionRange(startAt, endAt, timeZone)}`;
}

/** The class in words, as the cancel dialog and the buttons' names say it: 'English with Ananya Iyer on Mon, 13 May 2030 at 4:30 PM'. */
export function classInWords(session: Pick<SessionItem, 'subject' | 'teacher' | 'startAt'>, timeZone: string): string {
  return `${session.subject} with ${session.teacher.name} on ${formatInstant(session.startAt, timeZone, 'EEE, d MMM yyyy')} at ${formatInstant(session.startAt, timeZone, 'h:mm a')}`;
}

/** The dialog that moves one of the kid's classes to another time (the booking feature's), composed by the route. */
export type RescheduleClass = (props: { kidId: string; session: SessionItem; subject: BookingSubject; timeZone: string; onClose: () => void }) => ReactNode;

type Props = { kidId: string; timeZone: string; subject?: BookingSubject; emptyText: string; rescheduleClass?: RescheduleClass };

/**
 * The active kid's next classes (asked as the kid), soonest first as the server orders them, each
 * with its countdown, Join, Reschedule and Cancel; refreshed live (sessions_changed).
 */
export function KidUpcomingSessions({ kidId, timeZone, subject, emptyText, rescheduleClass }: Props) {
  const queryClient = useQueryClient();
  const classes = useKidUpcomingSessions(kidId, subject);
  useKidSessionsRealtime(kidId);
  // Asked as the kid (x-parley-as: kid): the parent cancels through the kid's session, as on the kid's sessions page.
  const { dialog, open, close, home } = useSessionDialog<'cancel' | 'reschedule'>('kid', classes.data?.items);
  const session = dialog?.session;
  const subjectOfOpen = session ? bookingSubjectSchema.safeParse(session.subject) : null;
  return (
    <div ref={home}>
      <Classes timeZone={timeZone} emptyText={emptyText} classes={classes} reschedulable={rescheduleClass !== undefined} onOpen={open} />
      {session && dialog.kind === 'cancel' ? (
        <CancelSessionDialog
          as="kid"
          sessionId={session._id}
          open
          onClose={close}
          summary={`${classInWords(session, timeZone)}.`}
          demo={session.type === 'Demo'}
          onCancelled={() => refreshKidClasses(queryClient, kidId)}
        />
      ) : null}
      {rescheduleClass && session && dialog.kind === 'reschedule' && subjectOfOpen?.success
        ? rescheduleClass({ kidId, session, subject: subjectOfOpen.data, timeZone, onClose: close })
        : null}
    </div>
  );
}

type OnOpen = OpenSessionDialog<'cancel' | 'reschedule'>;

type ClassesProps = { timeZone: string; emptyText: string; classes: ReturnType<typeof useKidUpcomingSessions>; reschedulable: boolean; onOpen: OnOpen };

/** The classes with their loading, error and empty states. */
function Classes({ timeZone, emptyText, classes, reschedulable, onOpen }: ClassesProps) {
  const { data, isPending, isError, error, refetch, isFetching } = classes;
  const now = useSessionClock(classes.data?.items);
  if (isPending) {
    return (
      <div role="status" aria-label="Loading upcoming classes" className="space-y-2">
        <div className="skeleton h-14 w-full" />
        <div className="skeleton h-14 w-full" />
      </div>
    );
  }
  if (isError) {
    return (
      <RetryAlert message={error.message} onRetry={() => refetch()} retrying={isFetching} />
    );
  }
  if (data.items.length === 0) {
    return <p className="rounded-box border border-dashed border-base-300 bg-base-100 px-4 py-6 text-center text-sm text-base-content/70">{emptyText}</p>;
  }
  return (
    <ul className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100" aria-label="Upcoming classes">
      {data.items.map((session) => (
        <KidClass key={session._id} session={session} timeZone={timeZone} now={now} reschedulable={reschedulable} onOpen={onOpen} />
      ))}
    </ul>
  );
}

type ClassProps = { session: SessionItem; timeZone: string; now: Date; reschedulable: boolean; onOpen: OnOpen };

/** One class: tutor, subject and time, then its countdown, Join, and Reschedule and Cancel until it starts. */
function KidClass({ session, timeZone, now, reschedulable, onOpen }: ClassProps) {
  const subject = bookingSubjectSchema.safeParse(session.subject);
  const titleId = useId();
  const inWords = classInWords(session, timeZone);
  const started = now.getTime() >= new Date(session.startAt).getTime();
  // A cancelled class leaves the list: its Cancel button's focus goes to the list's section, not to <body>.
  const row = useRef<HTMLLIElement>(null);
  useFocusHandOff(row);
  return (
    <li ref={row} data-testid="kid-class" className="space-y-3 px-4 py-3">
      <div className="flex items-center gap-3">
        <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center overflow-hidden rounded-full bg-primary/10 text-primary">
          <img src={session.teacher.image} alt="" className="size-10" loading="lazy" />
        </span>
        <div className="min-w-0 flex-1">
          <p id={titleId} className="font-medium break-words">
            {session.subject} <span className="font-normal text-base-content/70">with {session.teacher.name}</span>
          </p>
          <p className="flex items-center gap-1 text-sm text-base-content/70">
            <Icon name="clock" className="size-4 shrink-0" />
            <time dateTime={session.startAt}>{formatClassTime(session.startAt, session.endAt, timeZone)}</time>
          </p>
        </div>
        {session.type === 'Demo' ? <Badge variant="accent">Demo</Badge> : null}
      </div>
      {/* Named by the class, so a screen reader says which class Join, Reschedule and Cancel are for. */}
      <div role="group" aria-labelledby={titleId} className="flex flex-wrap items-center gap-2 sm:pl-13">
        <ClockShiftNote shift={session.clockShift} />
        <p className="mr-auto w-full text-sm font-medium text-base-content/70 sm:w-auto" data-testid="kid-class-countdown">
          {startsInText(now, new Date(session.startAt), new Date(session.endAt), timeZone)}
        </p>
        <JoinSessionLink
          sessionId={session._id}
          startAt={session.startAt}
          endAt={session.endAt}
          timeZone={timeZone}
          now={now}
          withWhom={session.teacher.name}
          sessionLabel={inWords}
        />
        {/* Reschedule and Cancel go once the class has started: the server refuses them then. */}
        {!started ? (
          <span className="flex gap-2">
            {reschedulable && subject.success ? (
              <button type="button" className="btn btn-outline btn-sm" aria-haspopup="dialog" aria-label={`Reschedule ${inWords}`} onClick={() => onOpen('reschedule', session)}>
                Reschedule
              </button>
            ) : null}
            <button type="button" className="btn btn-ghost btn-sm text-error" aria-haspopup="dialog" aria-label={`Cancel ${inWords}`} onClick={() => onOpen('cancel', session)}>
              Cancel
            </button>
          </span>
        ) : null}
      </div>
    </li>
  );
}
