import { useId, useRef, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { SESSION_LIST_PAGE_SIZE } from '@parley/domain/constants';
import { bookingSubjectSchema, type BookingSubject, type SessionItem } from '@parley/domain/booking';
import { formatInstant, formatSessionRange } from '../../../shared/lib/calendar-date';
import { useSessionDialog, type OpenSessionDialog } from '../../../shared/ui/use-session-dialog';
import { Badge } from '../../../shared/ui/badge';
import { CancelSessionDialog } from '../../../shared/ui/cancel-session-dialog';
import { ClockShiftNote } from '../../../shared/ui/clock-shift-note';
import { JoinSessionLink, startsInText, useSessionClock } from '../../../shared/ui/join-session-link';
import { PastSessionOutcome } from '../../../shared/ui/past-session-outcome';
import { useSessions } from '../api/get-sessions';
import type { BookerAs } from '../lib/booker';
import { refreshSessions } from '../lib/refresh-sessions';
import { useSessionsRealtime } from '../lib/use-sessions-realtime';
import { Pager, usePageTurn } from '../../../shared/ui/pager';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { panelId, TabList, tabId } from '../../../shared/ui/tab-list';
import { RescheduleDialog, sessionWhen } from './reschedule-dialog';
import { useFocusHandOff } from '../../../shared/lib/use-focus-hand-off';
import { ZoneNote } from '../../../shared/ui/zone-note';

const tabs = [
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'past', label: 'Past' },
] as const;
type When = (typeof tabs)[number]['value'];

/** More about one session from another feature (a curriculum session's topic), composed by the route. */
export type SessionExtra = (session: SessionItem) => ReactNode;

type Props = {
  as: BookerAs;
  ownerId: string;
  subject?: BookingSubject;
  timeZone: string;
  /** Where to book one when the upcoming list is empty. */
  bookPath: string | null;
  sessionExtra?: SessionExtra;
};

/** Upcoming / Past tabs, 10 sessions a page; tab and page live in the URL. Lists refresh live (sessions_changed). */
export function SessionList({ as, ownerId, subject, timeZone, bookPath, sessionExtra }: Props) {
  const [params, setParams] = useSearchParams();
  const when: When = params.get('when') === 'past' ? 'past' : 'upcoming';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const sessions = useSessions({ as, ownerId, subject, when, page });
  useSessionsRealtime(as, ownerId);
  const baseId = useId();
  const go = (next: { when?: When; page?: number }) => {
    const search = new URLSearchParams(params);
    search.set('when', next.when ?? when);
    search.set('page', String(next.page ?? 1));
    setParams(search);
  };
  // A new page's rows start in the open panel: focus goes there.
  const { startRef: openPanel, turn } = usePageTurn<HTMLDivElement>((next) => go({ page: next }));

  return (
    <div className="space-y-4">
      <TabList label="Sessions" idBase={baseId} tabs={tabs} selected={when} onSelect={(next) => go({ when: next, page: 1 })} className="tabs-box w-fit" />
      {/* Both panels exist so each tab's aria-controls resolves; only the open one holds the list, and
          it is focusable because its rows are not. */}
      <div>
        {tabs.map((tab) => (
          <div key={tab.value} ref={tab.value === when ? openPanel : undefined} role="tabpanel" id={panelId(baseId, tab.value)} aria-labelledby={tabId(baseId, tab.value)} hidden={tab.value !== when} tabIndex={0}>
            {tab.value === when ? <SessionRows viewer={{ as, ownerId }} sessions={sessions} when={when} bookPath={bookPath} timeZone={timeZone} label="Session list" sessionExtra={sessionExtra} /> : null}
          </div>
        ))}
      </div>
      {sessions.data ? <Pager page={page} total={sessions.data.total} pageSize={SESSION_LIST_PAGE_SIZE} onPage={turn} /> : null}
    </div>
  );
}

/** How many upcoming sessions a home page previews before "See all sessions". */
const PREVIEW_COUNT = 3;

type PreviewProps = { ownerId: string; timeZone: string; sessionsPath: string; bookPath: string | null; subject?: BookingSubject };

/** A home page's next few sessions (of one subject, when given), with a link to the full list; refreshed live (sessions_changed). */
export function UpcomingSessionsPreview({ ownerId, timeZone, sessionsPath, bookPath, subject }: PreviewProps) {
  const sessions = useSessions({ as: 'learner', ownerId, when: 'upcoming', page: 1, subject });
  useSessionsRealtime('learner', ownerId);
  return (
    <section aria-labelledby="upcoming-sessions-heading" className="space-y-3">
      <div className="flex items-center justify-between gap-4">
        <h2 id="upcoming-sessions-heading" className="text-lg font-semibold">
          Upcoming sessions
        </h2>
        {sessions.data && sessions.data.total > 0 ? (
          <Link to={sessionsPath} className="link link-primary text-sm">
            See all sessions{sessions.data.total > PREVIEW_COUNT ? ` (${sessions.data.total})` : ''}
          </Link>
        ) : null}
      </div>
      <SessionRows viewer={{ as: 'learner', ownerId }} sessions={sessions} when="upcoming" bookPath={bookPath} timeZone={timeZone} label="Upcoming sessions" limit={PREVIEW_COUNT} />
      {sessions.data && sessions.data.items.length > 0 ? <ZoneNote timeZone={timeZone} /> : null}
    </section>
  );
}

/** Whose list it is: the learner's, or the active kid's (asked with x-parley-as: kid). */
type Viewer = { as: BookerAs; ownerId: string };

type RowsProps = { viewer: Viewer; sessions: ReturnType<typeof useSessions>; when: When; bookPath: string | null; timeZone: string; label: string; limit?: number; sessionExtra?: SessionExtra };

/** A page of sessions with its loading, error and empty states, and the dialog one of its rows opened. */
function SessionRows(props: RowsProps) {
  const { viewer, sessions, timeZone, limit } = props;
  const queryClient = useQueryClient();
  const { dialog, open, close, home } = useSessionDialog<'cancel' | 'reschedule'>(viewer.as, sessions.data?.items.slice(0, limit));
  const session = dialog?.session;
  const subject = session ? bookingSubjectSchema.safeParse(session.subject) : null;
  return (
    <div ref={home}>
      <RowsOrState {...props} onOpen={open} />
      {session && dialog.kind === 'cancel' ? (
        <CancelSessionDialog
          as={viewer.as}
          sessionId={session._id}
          open
          onClose={close}
          summary={sessionSummary(session, timeZone)}
          demo={session.type === 'Demo'}
          onCancelled={() => refreshSessions(queryClient, viewer.as, viewer.ownerId)}
        />
      ) : null}
      {session && dialog.kind === 'reschedule' && subject?.success ? (
        <RescheduleDialog as={viewer.as} ownerId={viewer.ownerId} session={session} subject={subject.data} timeZone={timeZone} open onClose={close} />
      ) : null}
    </div>
  );
}

/** The session in words, for its dialogs: 'English with Ananya Iyer on Tue, 12 Mar 2030 at 10:00 AM.' */
const sessionSummary = (session: SessionItem, timeZone: string) => `${session.subject} with ${session.teacher.name} on ${sessionWhen(session.startAt, timeZone)}.`;

type OnOpen = OpenSessionDialog<'cancel' | 'reschedule'>;

/** The rows, or the list's loading, error or empty state. */
function RowsOrState({ sessions, when, bookPath, timeZone, label, limit, sessionExtra, onOpen }: RowsProps & { onOpen: OnOpen }) {
  const now = useSessionClock(sessions.data?.items);
  if (sessions.isPending) {
    return (
      <div role="status" aria-label="Loading sessions" className="space-y-2">
        <div className="skeleton h-16" />
        <div className="skeleton h-16" />
        <div className="skeleton h-16" />
      </div>
    );
  }
  if (sessions.isError) return <RetryAlert message={sessions.error.message} onRetry={() => sessions.refetch()} retrying={sessions.isFetching} />;
  if (sessions.data.items.length === 0) return <EmptyList when={when} bookPath={bookPath} />;
  return (
    <ul aria-label={label} className={`divide-y divide-base-300 rounded-box border border-base-300 bg-base-100 ${sessions.isPlaceholderData ? 'opacity-60' : ''}`}>
      {sessions.data.items.slice(0, limit).map((session) => (
        <SessionRow key={session._id} session={session} when={when} timeZone={timeZone} now={now} extra={sessionExtra?.(session)} onOpen={onOpen} />
      ))}
    </ul>
  );
}

type RowProps = { session: SessionItem; when: When; timeZone: string; now: Date; extra?: ReactNode; onOpen: OnOpen };

/**
 * Tutor, subject, type, date and time in the viewer's timezone; an upcoming session has its
 * countdown, Join, Reschedule and Cancel, a past one what it came to (Completed, a no-show, cancelled
 * by whom and whether it was given back) and the minutes attended.
 */
function SessionRow({ session, when, timeZone, now, extra, onOpen }: RowProps) {
  return (
    <li data-testid="session-row" className="space-y-3 px-4 py-3">
      <SessionSummary session={session} timeZone={timeZone} />
      {extra ? <div className="sm:pl-13">{extra}</div> : null}
      {when === 'upcoming' ? <UpcomingActions session={session} timeZone={timeZone} now={now} onOpen={onOpen} /> : <PastSessionOutcome session={session} side="learner" timeZone={timeZone} className="sm:pl-13" />}
    </li>
  );
}

function SessionSummary({ session, timeZone }: { session: SessionItem; timeZone: string }) {
  const time = formatSessionRange(session.startAt, session.endAt, timeZone);
  return (
    <div className="flex items-center gap-3">
      <img src={session.teacher.image} alt="" className="size-10 shrink-0 rounded-full bg-primary/10" loading="lazy" />
      <div className="min-w-0 flex-1 sm:flex sm:flex-wrap sm:items-center sm:gap-x-4 sm:gap-y-1">
        <div className="min-w-0 sm:flex-[1_1_10rem]">
          <p className="font-medium wrap-anywhere">{session.teacher.name}</p>
          <p className="text-sm text-base-content/70">{session.subject}</p>
        </div>
        <div className="text-sm sm:text-right">
          <p className="font-medium">
            <time dateTime={session.startAt}>{formatInstant(session.startAt, timeZone, 'EEE, d MMM yyyy')}</time>
          </p>
          <p className="text-base-content/70">{time}</p>
        </div>
      </div>
      <Badge variant={session.type === 'Demo' ? 'accent' : 'neutral'}>{session.type}</Badge>
    </div>
  );
}

/** The countdown and the actions of a booked session; Cancel and Reschedule go once it has started. */
function UpcomingActions({ session, timeZone, now, onOpen }: { session: SessionItem; timeZone: string; now: Date; onOpen: OnOpen }) {
  const started = now.getTime() >= new Date(session.startAt).getTime();
  const reschedulable = bookingSubjectSchema.safeParse(session.subject).success;
  // Each row has its own Reschedule and Cancel: the session they act on is their description.
  const summaryId = useId();
  // A cancelled session leaves the list: its Cancel button's focus goes to the list, not to <body>.
  const actions = useRef<HTMLDivElement>(null);
  useFocusHandOff(actions);
  return (
    <div ref={actions} className="flex flex-wrap items-center gap-2 sm:pl-13">
      <span id={summaryId} hidden>
        {sessionSummary(session, timeZone)}
      </span>
      <ClockShiftNote shift={session.clockShift} />
      <p className="mr-auto w-full text-sm font-medium text-base-content/70 sm:w-auto" data-testid="session-countdown">
        {startsInText(now, new Date(session.startAt), new Date(session.endAt), timeZone)}
      </p>
      <JoinSessionLink sessionId={session._id} startAt={session.startAt} endAt={session.endAt} timeZone={timeZone} now={now} withWhom={session.teacher.name} />
      {!started ? (
        // Reschedule and Cancel wrap together below Join on a narrow screen.
        <span className="flex gap-2">
          {reschedulable ? (
            <button type="button" className="btn btn-outline btn-sm" aria-haspopup="dialog" aria-describedby={summaryId} onClick={() => onOpen('reschedule', session)}>
              Reschedule
            </button>
          ) : null}
          <button type="button" className="btn btn-ghost btn-sm text-error" aria-haspopup="dialog" aria-describedby={summaryId} onClick={() => onOpen('cancel', session)}>
            Cancel
          </button>
        </span>
      ) : null}
    </div>
  );
}

function EmptyList({ when, bookPath }: { when: When; bookPath: string | null }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-box border border-dashed border-base-300 bg-base-100 px-6 py-12 text-center">
      <p className="font-medium">{when === 'upcoming' ? 'No upcoming sessions' : 'No past sessions yet'}</p>
      <p className="text-sm text-base-content/70">
        {when === 'upcoming' ? 'Sessions you book show here with their tutor, date and time.' : 'Sessions that have ended or were cancelled show here, with what came of them.'}
      </p>
      {when === 'upcoming' && bookPath ? (
        <Link to={bookPath} className="btn btn-primary btn-sm">
          Book a session
        </Link>
      ) : null}
    </div>
  );
}
