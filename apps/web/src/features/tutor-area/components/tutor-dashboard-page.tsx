import { Link } from 'react-router';
import { useTutorRecord } from '../../../shared/api/get-current-user';
import { PageHeader } from '../../../shared/ui/empty-state';
import { Icon } from '../../../shared/ui/icon';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { useAvailability } from '../api/get-availability';
import { useTutorSessions } from '../api/get-tutor-sessions';
import { useTutorSessionsRealtime } from '../lib/use-tutor-sessions-realtime';
import { useTutorBlockLive } from '../lib/use-tutor-block-live';
import { useTutorTimeZone } from '../lib/use-tutor-time-zone';
import { TutorBlockNotice } from './tutor-block-notice';
import { NoSessionsNote, TutorSessionList } from './tutor-session-list';

const DASHBOARD_NEXT_SESSIONS = 3;

/** /teacher/dashboard: the next sessions, the week's hours, and where to go next. */
export function TutorDashboardPage() {
  const profile = useTutorRecord();
  const timeZone = useTutorTimeZone();
  const sessions = useTutorSessions({ page: 1, limit: DASHBOARD_NEXT_SESSIONS });
  useTutorSessionsRealtime();
  const availability = useAvailability();
  useTutorBlockLive();
  const firstName = profile.data?.name.split(' ')[0];
  const weeklyMinutes = availability.data?.ranges.reduce((sum, r) => sum + (r.endMinute - r.startMinute), 0) ?? 0;
  const daysWithHours = new Set(availability.data?.ranges.map((r) => r.weekday)).size;
  const blocked = Boolean(availability.data?.block);
  return (
    <div className="space-y-6">
      <PageHeader title={firstName ? `Hello, ${firstName}` : 'Tutor dashboard'} subtitle={timeZone ? `Your week at a glance. Times are in ${timeZone}.` : 'Your week at a glance.'} />
      <TutorBlockNotice block={availability.data?.block} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <article className="card border border-base-300 bg-base-100">
          <div className="card-body">
            <h2 className="card-title text-base">Upcoming sessions</h2>
            <p className="text-3xl font-bold" data-testid="upcoming-count">
              {sessions.data?.total ?? '–'}
            </p>
            <p className="text-sm text-base-content/70">booked with you and not yet ended</p>
            <Link to="/teacher/sessions" className="link link-primary text-sm">
              See all sessions
            </Link>
          </div>
        </article>
        <article className="card border border-base-300 bg-base-100">
          <div className="card-body">
            <h2 className="card-title text-base">Weekly hours</h2>
            <p className="text-3xl font-bold">{availability.data ? formatHours(weeklyMinutes) : '–'}</p>
            <p className="text-sm text-base-content/70">
              {availability.data ? `across ${daysWithHours} ${daysWithHours === 1 ? 'day' : 'days'}` : '\u00a0'}
            </p>
            <Link to="/teacher/availability" className="link link-primary text-sm">
              Edit availability
            </Link>
          </div>
        </article>
      </div>
      <section aria-labelledby="next-sessions" className="space-y-3">
        <div className="flex items-center justify-between">
          <h2 id="next-sessions" className="text-lg font-semibold">
            Next sessions
          </h2>
          <Link to="/teacher/chat" className="btn btn-ghost btn-sm">
            <Icon name="chat" className="size-4" /> Chat
          </Link>
        </div>
        {sessions.isPending || timeZone === null ? (
          <div role="status" aria-label="Loading sessions" className="skeleton h-32" />
        ) : sessions.isError ? (
          <RetryAlert message={sessions.error.message} onRetry={() => sessions.refetch()} retrying={sessions.isFetching} />
        ) : (
          <TutorSessionList
            items={sessions.data.items}
            timeZone={timeZone}
            label="Next sessions"
            empty={<NoSessionsNote text={blocked ? 'No upcoming sessions: learners cannot book you while your account is blocked.' : 'No upcoming sessions yet. Open more hours to get booked.'} />}
          />
        )}
      </section>
    </div>
  );
}

function formatHours(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}
