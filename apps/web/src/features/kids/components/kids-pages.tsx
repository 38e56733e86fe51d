import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { EmptyState, PageHeader } from '../../../shared/ui/empty-state';
import { isKidSubjectSlug, kidSubjectBySlug } from './kid-subjects';
import { KidsSubjectOverviewPage } from './kids-subject-page';

type SubjectView = 'overview' | 'session' | 'buy-sessions' | 'referral';

/**
 * /kids/{subject} and its sub-pages. The overview is ours; the session list (booking), buy
 * sessions (kids purchases) and referral (referral) pages belong to other features, which the
 * route table mounts directly — this placeholder only covers a route not yet pointed at them.
 */
export function KidsSubjectPage({ view }: { view: SubjectView }) {
  const { subject } = useParams();
  if (!isKidSubjectSlug(subject)) return <Navigate to="/kids/dashboard" replace />;
  if (view === 'overview') return <KidsSubjectOverviewPage />;
  const info = kidSubjectBySlug(subject);
  return (
    <div>
      <PageHeader title={info.label} subtitle={info.blurb} />
      <EmptyState
        title="This page will appear here"
        icon="list"
        action={
          <Link to={`/kids/${subject}`} className="btn btn-primary btn-sm">
            Back to {info.label}
          </Link>
        }
      />
    </div>
  );
}

/** /kids/book-a-session?subject=english|financial-education */
export function KidsBookSessionPage() {
  const [params] = useSearchParams();
  const slug = params.get('subject') ?? 'english';
  const label = isKidSubjectSlug(slug) ? kidSubjectBySlug(slug).label : slug;
  return (
    <div>
      <PageHeader title="Book a class" subtitle={`Subject: ${label}`} />
      <EmptyState title="Tutors and free slots will appear here" icon="calendar">
        Pick a tutor and a time for your kid’s next class.
      </EmptyState>
    </div>
  );
}
