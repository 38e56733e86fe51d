import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useAccountTimeZone } from '../../../shared/lib/account-time-zone';
import { pageTitle } from '../../../shared/lib/page-title';
import { PageHeader } from '../../../shared/ui/empty-state';
import { AuditLog } from './audit-log';
import { CourseReviewQueue } from './course-review-queue';
import { InfluencerApplications } from './influencer-applications';
import { LearnerSupport } from './learner-support';
import { LiveCourses } from './live-courses';
import { LoginLinkAudit } from './login-link-audit';
import { ModeratorTutors } from './moderator-tutors';
import { OrganizationInquiries } from './organization-inquiries';
import { PeerReports } from './peer-reports';
import { TutorApplications } from './tutor-applications';
import { UnappliedPayments } from './unapplied-payments';

/** The console's sections, in tab order; `?section=` names the one shown (so a reload or a link keeps it). */
const sections = [
  { id: 'influencers', label: 'Influencer applications', render: (tz: string) => <InfluencerApplications timeZone={tz} /> },
  { id: 'tutors', label: 'Tutors', render: (tz: string) => <ModeratorTutors timeZone={tz} /> },
  { id: 'tutor-applications', label: 'Tutor applications', render: (tz: string) => <TutorApplications timeZone={tz} /> },
  { id: 'organizations', label: 'Organization enquiries', render: (tz: string) => <OrganizationInquiries timeZone={tz} /> },
  {
    id: 'learners',
    label: 'Learner support',
    render: (tz: string) => (
      <>
        <LearnerSupport timeZone={tz} />
        <LoginLinkAudit timeZone={tz} />
      </>
    ),
  },
  { id: 'payments', label: 'Payments needing attention', render: (tz: string) => <UnappliedPayments timeZone={tz} /> },
  { id: 'peer-reports', label: 'Peer reports', render: (tz: string) => <PeerReports timeZone={tz} /> },
  {
    id: 'courses',
    label: 'Course reviews',
    render: (tz: string) => (
      <>
        <CourseReviewQueue timeZone={tz} />
        <LiveCourses timeZone={tz} />
      </>
    ),
  },
  { id: 'audit', label: 'Audit log', render: (tz: string) => <AuditLog timeZone={tz} /> },
] as const satisfies readonly { id: string; label: string; render: (timeZone: string) => ReactNode }[];

type SectionId = (typeof sections)[number]['id'];
const isSection = (value: string | null): value is SectionId => sections.some((s) => s.id === value);

/** /moderator/dashboard: the moderator console, one section at a time, in the moderator's own timezone. */
export function ModeratorDashboardPage() {
  const timeZone = useAccountTimeZone('MODERATOR');
  const [params, setParams] = useSearchParams();
  const requested = params.get('section');
  const active: SectionId = isSection(requested) ? requested : 'influencers';
  const baseId = useId();
  const tabs = useRef<Partial<Record<SectionId, HTMLButtonElement | null>>>({});

  const select = (id: SectionId, focus = false) => {
    const next = new URLSearchParams(params);
    next.set('section', id);
    setParams(next, { replace: true });
    if (focus) tabs.current[id]?.focus();
  };
  // WAI-ARIA tabs with automatic activation: arrows move and open, Home and End go to the ends.
  const onKeyDown = (event: KeyboardEvent) => {
    const index = sections.findIndex((s) => s.id === active);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowDown: index + 1, ArrowLeft: index - 1, ArrowUp: index - 1, Home: 0, End: sections.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(sections[(target + sections.length) % sections.length]!.id, true);
  };
  const current = sections.find((s) => s.id === active)!;

  return (
    <div className="mx-auto max-w-7xl">
      {/* The section too, for a moderator with several tabs open (WCAG 2.4.2). */}
      <title>{pageTitle(`${current.label} · Moderator dashboard`)}</title>
      <PageHeader title="Moderator dashboard" subtitle={`Affiliates, tutors and their applications, organization enquiries, learner support, payments, peer reports, course reviews and the audit log. Times are in ${timeZone}.`} />
      <div role="tablist" aria-label="Moderator console" className="tabs tabs-box mb-6 flex-wrap gap-1" onKeyDown={onKeyDown}>
        {sections.map((section) => (
          <button
            key={section.id}
            ref={(el) => {
              tabs.current[section.id] = el;
            }}
            type="button"
            role="tab"
            id={`${baseId}-${section.id}`}
            aria-selected={active === section.id}
            aria-controls={`${baseId}-panel`}
            tabIndex={active === section.id ? 0 : -1}
            className={`tab grow whitespace-nowrap sm:grow-0 ${active === section.id ? 'tab-active' : ''}`}
            onClick={() => select(section.id)}
          >
            {section.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-${active}`} className="space-y-10">
        {current.render(timeZone)}
      </div>
    </div>
  );
}
