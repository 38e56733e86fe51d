import { useId, useRef, type KeyboardEvent } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import type { KidProfile } from '../../../shared/lib/storage';
import { Badge } from '../../../shared/ui/badge';
import { EmptyState } from '../../../shared/ui/empty-state';
import { Icon, type IconName } from '../../../shared/ui/icon';
import { useKidProfile } from '../api/get-kid-profile';
import { useKidSubjects } from '../../../shared/api/get-kid-subjects';
import { useActiveKid } from '../lib/active-kid';
import { kidSubjectAction, sessionsAvailableFor } from '../lib/subject-action';
import { kidViewerTimeZone } from '../lib/viewer-time-zone';
import { KidAvatar } from './kid-avatar';
import { isKidSubjectSlug, kidSubjectBySlug, type KidSubjectInfo } from './kid-subjects';
import { KidUpcomingSessions } from './kid-upcoming-sessions';
import { SubjectActionLink } from './subject-action-link';

/** /kids/{subject} for english and financial-education. */
export function KidsSubjectOverviewPage() {
  const { subject } = useParams();
  const stored = useActiveKid();
  const { kid } = useKidProfile(stored);
  if (!isKidSubjectSlug(subject)) return <Navigate to="/kids/dashboard" replace />;
  if (!kid) return <Navigate to="/kids/accounts?type=switch-kids" replace />;
  return <SubjectOverview key={kid._id} kid={kid} subject={kidSubjectBySlug(subject)} />;
}

function SubjectOverview({ kid, subject }: { kid: KidProfile; subject: KidSubjectInfo }) {
  const { data: balances, isPending, isError, error } = useKidSubjects(kid._id);
  const sessionsAvailable = balances ? sessionsAvailableFor(balances, subject.subject) : null;
  const action = sessionsAvailable === null ? null : kidSubjectAction({ kid, subject: subject.subject, sessionsAvailable });
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="flex items-center gap-2 text-sm text-base-content/70">
            <KidAvatar name={kid.name} avatar={kid.avatar} size="size-6" />
            {kid.name}
          </p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight">{subject.label}</h1>
          <p className="mt-1 text-sm text-base-content/70">{subject.blurb}</p>
        </div>
        {action ? <SubjectActionLink action={action} subject={subject} size="btn-md" /> : null}
      </div>

      <div className="grid gap-4 sm:grid-cols-[minmax(0,14rem)_1fr]">
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
        </div>
        <nav aria-label={`${subject.label} links`} className="grid gap-2 sm:grid-cols-3">
          <QuickLink to={`/kids/${subject.slug}/session`} icon="list" title="All sessions" text="Booked, completed and missed classes." />
          <QuickLink to={`/kids/${subject.slug}/buy-sessions`} icon="cart" title="Buy sessions" text="Add sessions from the wallet." />
          <QuickLink to={`/kids/${subject.slug}/referral`} icon="gift" title="Refer & Earn" text="Invite friends with your code." />
        </nav>
      </div>

      <SubjectTabs kid={kid} subject={subject} />
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

const tabs = ['classes', 'practice', 'library'] as const;
type Tab = (typeof tabs)[number];
const tabLabels: Record<Tab, string> = { classes: 'Classes', practice: 'Practice', library: 'Library' };
const isTab = (value: string | null): value is Tab => tabs.includes(value as Tab);

/** The subject's tabs; the AI Tutor tab is marked Coming Soon and cannot be opened. */
function SubjectTabs({ kid, subject }: { kid: KidProfile; subject: KidSubjectInfo }) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active: Tab = isTab(requested) ? requested : 'classes';
  const baseId = useId();
  const refs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});

  const select = (tab: Tab, focus = false) => {
    const next = new URLSearchParams(params);
    if (tab === 'classes') next.delete('tab');
    else next.set('tab', tab);
    setParams(next, { replace: true });
    if (focus) refs.current[tab]?.focus();
  };
  // WAI-ARIA tabs: arrow keys move between the tabs that can be opened.
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.indexOf(active);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(tabs[(target + tabs.length) % tabs.length]!, true);
  };

  return (
    <section>
      <div role="tablist" aria-label={`${subject.label} sections`} className="tabs tabs-border tabs-sm flex-nowrap overflow-x-auto sm:tabs-md" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab}
            ref={(el) => {
              refs.current[tab] = el;
            }}
            type="button"
            role="tab"
            id={`${baseId}-${tab}`}
            aria-selected={active === tab}
            aria-controls={`${baseId}-${tab}-panel`}
            tabIndex={active === tab ? 0 : -1}
            className={`tab shrink-0 whitespace-nowrap ${active === tab ? 'tab-active' : ''}`}
            onClick={() => select(tab)}
          >
            {tabLabels[tab]}
          </button>
        ))}
        <span role="tab" aria-disabled="true" aria-selected="false" className="tab tab-disabled shrink-0 flex-nowrap gap-2 whitespace-nowrap">
          AI Tutor
          <Badge variant="warning" size="xs">
            Coming Soon
          </Badge>
        </span>
      </div>
      <div role="tabpanel" id={`${baseId}-${active}-panel`} aria-labelledby={`${baseId}-${active}`} className="pt-5">
        {active === 'classes' ? (
          <div className="space-y-3">
            <KidUpcomingSessions
              kidId={kid._id}
              subject={subject.subject}
              timeZone={kidViewerTimeZone(kid)}
              emptyText={`No upcoming ${subject.label} classes for ${kid.name}.`}
            />
            <Link to={`/kids/${subject.slug}/session`} className="link link-primary text-sm">
              See all {subject.label} sessions
            </Link>
          </div>
        ) : active === 'practice' ? (
          <EmptyState title="Practice is not available yet" icon="puzzle">
            Practice activities for {subject.label} are not part of Parley yet. Classes with a tutor are the way to learn for now.
          </EmptyState>
        ) : (
          <EmptyState title="The library is not available yet" icon="video">
            There are no {subject.label} videos in the library yet.
          </EmptyState>
        )}
      </div>
    </section>
  );
}
