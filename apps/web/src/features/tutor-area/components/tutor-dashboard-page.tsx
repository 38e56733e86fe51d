import { useState } from 'react';
import { Link } from 'react-router';
import { SESSION_LIST_PAGE_SIZE } from '@parley/domain/constants';
import { isoDateInZone } from '@parley/domain/zoned-time';
import { browserTimeZone } from '../../../shared/lib/browser-time-zone';
import { AreaShell } from '../../../shared/ui/area-shell';
import { PageHeader } from '../../../shared/ui/empty-state';
import { Icon } from '../../../shared/ui/icon';
import { useAvailability } from '../api/get-availability';
import { useTeacherProfile } from '../api/get-teacher-profile';
import { useTeacherSessions } from '../api/get-teacher-sessions';
import { AvailabilityEditor } from './availability-editor';
import { TeacherSessionList } from './teacher-session-list';
import { Pager } from '../../../shared/ui/pager';
import { RetryAlert } from '../../../shared/ui/retry-alert';

const nav = [
  { to: '/teacher/dashboard', label: 'Dashboard' },
  { to: '/teacher/availability', label: 'Availability' },
  { to: '/teacher/sessions', label: 'Sessions' },
  { to: '/teacher/chat', label: 'Chat' },
] as const;

export function TeacherShell({ onLogout, loggingOut, userName }: { onLogout: () => void; loggingOut?: boolean; userName?: string | null }) {
  return <AreaShell areaLabel="Tutor" homePath="/teacher/dashboard" nav={nav} userName={userName} onLogout={onLogout} loggingOut={loggingOut} />;
}

const DASHBOARD_NEXT_SESSIONS = 3;

/** The tutor's own timezone: sessions and availability are shown in it. */
function useTutorTimeZone(): string {
  const profile = useTeacherProfile();
  return profile.data?.timezone || browserTimeZone();
}

/** /teacher/dashboard: the next sessions, the week's hours, and where to go next. */
export function TeacherDashboardPage() {
  const profile = useTeacherProfile();
  const timeZone = useTutorTimeZone();
  const sessions = useTeacherSessions({ page: 1, limit: DASHBOARD_NEXT_SESSIONS });
  const availability = useAvailability();
  const firstName = profile.data?.name.split(' ')[0];
  const weeklyMinutes = availability.data?.ranges.reduce((sum, r) => sum + (r.endMinute - r.startMinute), 0) ?? 0;
  const daysWithHours = new Set(availability.data?.ranges.map((r) => r.weekday)).size;
  return (
    <div className="space-y-6">
      <PageHeader title={firstName ? `Hello, ${firstName}` : 'Tutor dashboard'} subtitle={`Your week at a glance. Times are in ${timeZone}.`} />
      <div className="grid gap-4 sm:grid-cols-2">
        <article className="card border border-base-300 bg-base-100">
          <div className="card-body">
            <h2 className="card-title text-base">Upcoming sessions</h2>
            <p className="text-3xl font-bold" data-testid="upcoming-count">
              {sessions.data?.total ?? '–'}
            </p>
            <p className="text-sm text-base-content/70">booked by learners</p>
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
        {sessions.isPending ? (
          <div role="status" aria-label="Loading sessions" className="skeleton h-32" />
        ) : sessions.isError ? (
          <RetryAlert message={sessions.error.message} onRetry={() => sessions.refetch()} retrying={sessions.isFetching} />
        ) : sessions.data.items.length === 0 ? (
          <EmptyNote text="No upcoming sessions yet. Open more hours to get booked." />
        ) : (
          <TeacherSessionList items={sessions.data.items} timeZone={timeZone} label="Next sessions" />
        )}
      </section>
    </div>
  );
}

/** /teacher/availability: the weekly editor in the tutor's timezone. */
export function TeacherAvailabilityPage() {
  const availability = useAvailability();
  const timeZone = availability.data?.timezone;
  return (
    <div>
      <PageHeader
        title="Availability"
        subtitle={timeZone ? `The weekly hours learners can book, in your timezone (${timeZone}).` : 'The weekly hours learners can book, in your timezone.'}
      />
      {availability.isPending ? (
        <div role="status" aria-label="Loading availability" className="skeleton h-96" />
      ) : availability.isError ? (
        <RetryAlert message={availability.error.message} onRetry={() => availability.refetch()} retrying={availability.isFetching} />
      ) : (
        <AvailabilityEditor saved={availability.data} today={isoDateInZone(new Date(), availability.data.timezone)} />
      )}
    </div>
  );
}

/** /teacher/sessions: upcoming sessions with learner names, 10 a page. */
export function TeacherSessionsPage() {
  const [page, setPage] = useState(1);
  const timeZone = useTutorTimeZone();
  const sessions = useTeacherSessions({ page, limit: SESSION_LIST_PAGE_SIZE });
  return (
    <div className="space-y-4">
      <PageHeader title="Sessions" subtitle={`Your upcoming sessions. Times are in ${timeZone}.`} />
      {sessions.isPending ? (
        <div role="status" aria-label="Loading sessions" className="skeleton h-48" />
      ) : sessions.isError ? (
        <RetryAlert message={sessions.error.message} onRetry={() => sessions.refetch()} retrying={sessions.isFetching} />
      ) : sessions.data.items.length === 0 ? (
        <EmptyNote text="No upcoming sessions yet." />
      ) : (
        <TeacherSessionList items={sessions.data.items} timeZone={timeZone} />
      )}
      {sessions.data ? <Pager page={page} total={sessions.data.total} pageSize={SESSION_LIST_PAGE_SIZE} onPage={setPage} /> : null}
    </div>
  );
}

function formatHours(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

function EmptyNote({ text }: { text: string }) {
  return <p className="rounded-box border border-dashed border-base-300 bg-base-100 px-4 py-8 text-center text-sm text-base-content/70">{text}</p>;
}
