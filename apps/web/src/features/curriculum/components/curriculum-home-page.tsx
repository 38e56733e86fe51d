import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/lib/http';
import { formatInstant } from '../../../shared/lib/calendar-date';
import { useCurrentUser } from '../../../shared/api/get-current-user';
import { Countdown } from '../../../shared/ui/countdown';
import { PageHeader } from '../../../shared/ui/empty-state';
import { weekByWeekText } from '../../../shared/ui/plan-sessions-count';
import { PageSkeleton } from '../../../shared/ui/loader';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { useCurriculum } from '../api/get-curriculum';
import { CurriculumStepCard } from './curriculum-step-card';

/** /curriculumNew: the level, its progress, sessions left and the next step one click away; the booked sessions. */
export function CurriculumHomePage() {
  const curriculum = useCurriculum();
  const { data: user } = useCurrentUser('learner');
  const timeZone = user?.timezone ?? 'UTC';
  const data = curriculum.data;
  // A plan that ends while the page is open: its sessions go with it (the server refuses a booking then).
  const [lapsedAt, setLapsedAt] = useState<string | null>(null);
  const plan = data?.plan ?? null;
  const lapsed = plan !== null && lapsedAt === plan.expiresAt;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Curriculum"
        subtitle="Your English path, topic by topic."
        actions={
          <Link to="/curriculumNew/progress" className="btn btn-outline btn-sm">
            See progress
          </Link>
        }
      />
      {curriculum.isPending ? <PageSkeleton label="Loading your curriculum" /> : null}
      {curriculum.isError ? <RetryAlert message={errorMessage(curriculum.error)} onRetry={() => void curriculum.refetch()} retrying={curriculum.isFetching} /> : null}
      {data ? (
        <>
          <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            <div className="rounded-box border border-base-300 bg-base-100 p-4">
              <dt className="text-sm text-base-content/70">Level</dt>
              <dd className="text-2xl font-bold">{data.level ? `${data.level.code} · ${data.level.title}` : 'All levels done'}</dd>
            </div>
            <div className="rounded-box border border-base-300 bg-base-100 p-4">
              <dt className="text-sm text-base-content/70">Topics completed in this level</dt>
              <dd>
                <span className="text-2xl font-bold">{data.level ? `${data.level.completed} of ${data.level.total}` : '—'}</span>
                {data.level ? <progress className="progress progress-primary mt-2 w-full" value={data.level.percent} max={100} aria-label={`${data.level.code} progress`} /> : null}
              </dd>
            </div>
            <div className="rounded-box border border-base-300 bg-base-100 p-4">
              <dt className="text-sm text-base-content/70">Sessions available</dt>
              <dd className="text-2xl font-bold">{plan ? plan.sessionsLeft : 'No plan'}</dd>
              {plan ? (
                <>
                  {plan.sessionsOnPlan > plan.sessionsLeft ? <dd className="text-xs text-base-content/70">{weekByWeekText(plan.sessionsOnPlan)}</dd> : null}
                  <dd className="text-sm text-base-content/70">{plan.name}</dd>
                  <dd className="mt-2 text-sm">
                    {lapsed ? null : <span className="block text-base-content/70">Plan ends in</span>}
                    <Countdown
                      endsAt={plan.expiresAt}
                      expiry={plan.sessionsLeft > 0 ? { kind: 'sessions', count: plan.sessionsLeft } : { kind: 'subscription' }}
                      onExpire={() => setLapsedAt(plan.expiresAt)}
                    />
                  </dd>
                </>
              ) : null}
            </div>
          </dl>
          <CurriculumStepCard step={data.step} canBook={plan !== null && plan.sessionsLeft > 0 && !lapsed} />
          <section aria-labelledby="booked-title" className="space-y-2">
            <h2 id="booked-title" className="text-lg font-semibold">
              Booked sessions
            </h2>
            {data.upcoming.length === 0 ? (
              <p className="text-base-content/70">No curriculum sessions booked.</p>
            ) : (
              <ul className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100">
                {data.upcoming.map((session) => (
                  <li key={session.sessionId} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
                    <div>
                      <p className="font-medium">{session.topic.topicName ?? `Level test: ${session.topic.certificateName}`}</p>
                      <p className="text-sm text-base-content/70">
                        {session.topic.level} · with {session.tutorName}
                      </p>
                    </div>
                    <time dateTime={session.startAt} className="text-sm font-medium">
                      {formatInstant(session.startAt, timeZone, 'EEE, d MMM yyyy · h:mm a')}
                    </time>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      ) : null}
    </div>
  );
}
