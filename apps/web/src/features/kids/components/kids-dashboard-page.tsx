import { Link } from 'react-router';
import { useOwnTimeZone } from '../../../shared/lib/account-time-zone';
import type { KidProfile } from '../../../shared/lib/storage';
import { useKidProfile } from '../api/get-kid-profile';
import { useKidSubjects } from '../../../shared/api/get-kid-subjects';
import { useActiveKid } from '../lib/active-kid';
import { kidSubjectAction, noUpcomingClassesText, sessionsAvailableFor } from '../lib/subject-action';
import { KidAvatar } from './kid-avatar';
import { KidPeerPracticeCard } from './kid-peer-practice-card';
import { kidSubjectList, type KidSubjectInfo } from './kid-subjects';
import { KidUpcomingSessions, type RescheduleClass } from './kid-upcoming-sessions';
import { SubjectActionLink } from './subject-action-link';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { VideoLibrary } from '../../../shared/ui/video-library';

/**
 * /kids/dashboard: the active kid, sessions available per subject, their peer practice (when the
 * parent switched it on), the kid's next classes and the free kids' videos.
 */
export function KidsDashboardPage({ rescheduleClass }: { rescheduleClass?: RescheduleClass }) {
  const stored = useActiveKid();
  const { kid } = useKidProfile(stored);
  if (!kid) return <NoActiveKid />;
  return <KidDashboard key={kid._id} kid={kid} rescheduleClass={rescheduleClass} />;
}

function NoActiveKid() {
  return (
    <div className="mx-auto max-w-md py-12 text-center">
      <h1 className="text-2xl font-bold">Choose a kid</h1>
      <p className="mt-2 text-base-content/70">Pick whose classes to show.</p>
      <Link to="/kids/accounts?type=switch-kids" className="btn btn-primary mt-6">
        Choose a kid
      </Link>
    </div>
  );
}

function KidDashboard({ kid, rescheduleClass }: { kid: KidProfile; rescheduleClass: RescheduleClass | undefined }) {
  const timeZone = useOwnTimeZone(kid);
  const { data: balances } = useKidSubjects(kid._id);
  return (
    <div className="space-y-8">
      <div className="flex items-center gap-4">
        <KidAvatar name={kid.name} avatar={kid.avatar} size="size-14 sm:size-16" />
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold tracking-tight">Hi {kid.name}!</h1>
          <p className="mt-1 text-sm text-base-content/70">Pick a subject, book a class and see what is coming up.</p>
        </div>
        <Link to="/kids/accounts?type=switch-kids" className="btn btn-ghost btn-sm hidden sm:inline-flex">
          Switch kid
        </Link>
      </div>
      <section aria-labelledby="kid-subjects-title">
        <h2 id="kid-subjects-title" className="mb-3 text-lg font-semibold">
          Subjects
        </h2>
        <SubjectCards kid={kid} />
      </section>
      <KidPeerPracticeCard kidId={kid._id} timeZone={timeZone} />
      <section aria-labelledby="kid-upcoming-title">
        <h2 id="kid-upcoming-title" className="mb-3 text-lg font-semibold">
          Upcoming classes
        </h2>
        <KidUpcomingSessions kidId={kid._id} timeZone={timeZone} emptyText={noUpcomingClassesText(kid, balances, kidSubjectList.map((s) => s.subject))} rescheduleClass={rescheduleClass} />
      </section>
      {/* Asked as the kid (x-parley-as: kid): the server then answers with the kids' videos only (spec §7.7). */}
      <VideoLibrary audience="kids" as="kid" title="Free videos" subtitle="Short videos made for kids, free to watch." emptyText="No free videos for kids yet." />
    </div>
  );
}

function SubjectCards({ kid }: { kid: KidProfile }) {
  const { data: balances, isPending, isError, error, refetch, isFetching } = useKidSubjects(kid._id);
  if (isError) {
    return (
      <RetryAlert message={error.message} onRetry={() => refetch()} retrying={isFetching} />
    );
  }
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
      {kidSubjectList.map((subject) => (
        <SubjectCard key={subject.slug} kid={kid} subject={subject} sessionsAvailable={isPending ? null : sessionsAvailableFor(balances, subject.subject)} />
      ))}
    </div>
  );
}

function SubjectCard({ kid, subject, sessionsAvailable }: { kid: KidProfile; subject: KidSubjectInfo; sessionsAvailable: number | null }) {
  const titleId = `kid-subject-${subject.slug}`;
  return (
    <article aria-labelledby={titleId} className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3">
        <div className="flex items-start justify-between gap-3">
          <h3 id={titleId} className="card-title">
            <Link to={`/kids/${subject.slug}`} className="link-hover">
              {subject.label}
            </Link>
          </h3>
          <div className="text-right">
            {sessionsAvailable === null ? (
              <span role="status" aria-label="Loading sessions available" className="skeleton inline-block h-7 w-10" />
            ) : (
              <p className="text-2xl font-bold tabular-nums" data-testid={`sessions-available-${subject.slug}`}>
                {sessionsAvailable}
              </p>
            )}
            <p className="text-xs text-base-content/60">{sessionsAvailable === 1 ? 'session' : 'sessions'} available</p>
          </div>
        </div>
        <p className="text-sm text-base-content/70">{subject.blurb}</p>
        <div className="card-actions mt-1 items-center">
          {sessionsAvailable === null ? null : (
            <SubjectActionLink action={kidSubjectAction({ kid, subject: subject.subject, sessionsAvailable })} subject={subject} />
          )}
          <Link to={`/kids/${subject.slug}`} className="btn btn-ghost btn-sm">
            Open {subject.label}
          </Link>
        </div>
      </div>
    </article>
  );
}
