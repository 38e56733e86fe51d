import { useId } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { useOwnTimeZone } from '../../../shared/lib/account-time-zone';
import type { KidProfile } from '../../../shared/lib/storage';
import { Badge } from '../../../shared/ui/badge';
import { Icon, type IconName } from '../../../shared/ui/icon';
import { useKidProfile } from '../api/get-kid-profile';
import { useKidSubjects } from '../../../shared/api/get-kid-subjects';
import { useActiveKid } from '../lib/active-kid';
import { kidHasUnusedPaidDemo, kidSubjectAction, sessionsAvailableFor } from '../lib/subject-action';
import { usePageTitle } from '../../../shared/lib/page-title';
import { KidAvatar } from './kid-avatar';
import { isKidSubjectSlug, kidSubjectBySlug, type KidSubjectInfo } from './kid-subjects';
import { KidUpcomingSessions, type RescheduleClass } from './kid-upcoming-sessions';
import { SubjectActionLink } from './subject-action-link';

/** /kids/{subject} for english and financial-education. */
export function KidsSubjectOverviewPage({ rescheduleClass }: { rescheduleClass?: RescheduleClass }) {
  const { subject } = useParams();
  const stored = useActiveKid();
  const { kid } = useKidProfile(stored);
  if (!isKidSubjectSlug(subject)) return <Navigate to="/kids/dashboard" replace />;
  if (!kid) return <Navigate to="/kids/accounts?type=switch-kids" replace />;
  return <SubjectOverview key={kid._id} kid={kid} subject={kidSubjectBySlug(subject)} rescheduleClass={rescheduleClass} />;
}

type OverviewProps = { kid: KidProfile; subject: KidSubjectInfo; rescheduleClass: RescheduleClass | undefined };

function SubjectOverview({ kid, subject, rescheduleClass }: OverviewProps) {
  // Both subjects share one route: the tab names the one shown.
  usePageTitle(`${subject.label} for kids`);
  const { data: balances, isPending, isError, error } = useKidSubjects(kid._id);
  const sessionsAvailable = balances ? sessionsAvailableFor(balances, subject.subject) : null;
  const action = sessionsAvailable === null ? null : kidSubjectAction({ kid, subject: subject.subject, sessionsAvailable });
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          {/* A long name (up to 60 characters, one word) wraps rather than widening the page. */}
          <p className="flex items-center gap-2 text-sm text-base-content/70">
            <KidAvatar name={kid.name} avatar={kid.avatar} size="size-6" />
            <span className="min-w-0 wrap-anywhere">{kid.name}</span>
          </p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight">{subject.label}</h1>
          <p className="mt-1 text-sm text-base-content/70">{subject.blurb}</p>
        </div>
        {action ? <SubjectActionLink action={action} subject={subject} size="btn-md" /> : null}
      </div>

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)]">
        <div className="rounded-box border border-base-300 bg-base-100 p-4">
          <p className="text-sm text-base-content/70">Sessions available</p>
          {isPending ? (
            <span role="status" aria-label="Loading sessions available" className="skeleton mt-1 inline-block h-9 w-12" />
          ) : isError ? (
            <p role="alert" className="mt-1 text-sm text-error">
              {error.message}
            </p>
          ) : (
            <p className="mt-1 text-3xl font-bold tabular-nums" data-testid="subject-sessions-available">
              {sessionsAvailable}
            </p>
          )}
          {kidHasUnusedPaidDemo(kid, subject.subject) ? <p className="mt-1 text-sm">Plus the paid demo class, still to book.</p> : null}
        </div>
        <nav aria-label={`${subject.label} links`} className="grid grid-cols-1 gap-2 sm:grid-cols-3">
          <QuickLink to={`/kids/${subject.slug}/session`} icon="list" title="All sessions" text="Booked, completed and missed classes." />
          <QuickLink to={`/kids/${subject.slug}/buy-sessions`} icon="cart" title="Buy sessions" text="Add sessions from the wallet." />
          <QuickLink to={`/kids/${subject.slug}/referral`} icon="gift" title="Refer & Earn" text="Invite friends with your code." />
        </nav>
      </div>

      <SubjectTabs kid={kid} subject={subject} rescheduleClass={rescheduleClass} />
    </div>
  );
}

function QuickLink({ to, icon, title, text }: { to: string; icon: IconName; title: string; text: string }) {
  return (
    <Link to={to} className="flex items-start gap-3 rounded-box border border-base-300 bg-base-100 p-4 transition-colors hover:border-primary focus-visible:border-primary">
      <span aria-hidden="true" className="grid size-9 shrink-0 place-items-center rounded-full bg-primary/10 text-primary">
        <Icon name={icon} className="size-5" />
      </span>
      <span>
        <span className="block font-semibold">{title}</span>
        <span className="block text-xs text-base-content/70">{text}</span>
      </span>
    </Link>
  );
}

/**
 * The subject's tabs: its classes, and an AI Tutor tab marked Coming Soon that cannot be opened.
 * Classes is the only one that can be opened, so there is nothing to switch between.
 */
function SubjectTabs({ kid, subject, rescheduleClass }: OverviewProps) {
  const baseId = useId();
  const timeZone = useOwnTimeZone(kid);
  return (
    <section>
      <div role="tablist" aria-label={`${subject.label} sections`} className="tabs tabs-border tabs-sm flex-nowrap overflow-x-auto sm:tabs-md">
        <button type="button" role="tab" id={`${baseId}-classes`} aria-selected="true" aria-controls={`${baseId}-classes-panel`} className="tab tab-active shrink-0 whitespace-nowrap">
          Classes
        </button>
        <span role="tab" aria-disabled="true" aria-selected="false" className="tab tab-disabled shrink-0 flex-nowrap gap-2 whitespace-nowrap">
          AI Tutor
          <Badge variant="warning" size="xs">
            Coming Soon
          </Badge>
        </span>
      </div>
      <div role="tabpanel" id={`${baseId}-classes-panel`} aria-labelledby={`${baseId}-classes`} className="space-y-3 pt-5">
        <KidUpcomingSessions kidId={kid._id} subject={subject.subject} timeZone={timeZone} emptyText={`No upcoming ${subject.label} classes for ${kid.name}.`} rescheduleClass={rescheduleClass} />
        <Link to={`/kids/${subject.slug}/session`} className="link link-primary text-sm">
          See all {subject.label} sessions
        </Link>
      </div>
    </section>
  );
}
