import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { kidSubjects, type KidSubject } from '@parley/domain/kids';
import { useCurrentUser } from '../../../shared/api/get-current-user';
import { useKidProfile } from '../api/get-kid-profile';
import { useActiveKid } from '../lib/active-kid';
import { EmptyState, PageHeader } from '../../../shared/ui/empty-state';
import { useKidSubjects } from '../../../shared/api/get-kid-subjects';
import { BuySessionsPanel, type AddMoneyComponent, type PurchasedKid } from './buy-sessions-panel';

/**
 * /kids/{subject}/buy-sessions: the Buy Sessions / Try Demo panel for the active kid (KID). Whether
 * a demo is still on offer comes from the kid's fresh record, not the stored one, which may predate a
 * demo bought in another tab; the panel waits for it (or for its failure, then trusts the stored one).
 */
export function KidsBuySessionsPage({ AddMoney }: { AddMoney: AddMoneyComponent }) {
  const { subject: slug } = useParams();
  const navigate = useNavigate();
  const { data: parent } = useCurrentUser('learner');
  const { kid, query: kidRecord } = useKidProfile(useActiveKid());
  const entry = kidSubjects.find((s) => s.slug === slug);
  if (!entry) return <Navigate to="/kids/dashboard" replace />;

  if (!kid) {
    return (
      <EmptyState
        title="Choose a kid first"
        icon="child"
        action={
          <Link to="/kids/accounts?type=switch-kids" className="btn btn-primary btn-sm">
            Choose a kid
          </Link>
        }
      >
        Sessions are bought for one kid profile at a time.
      </EmptyState>
    );
  }

  const subjectPage = `/kids/${entry.slug}`;
  return (
    <div className="space-y-6">
      <PageHeader
        title={`Buy sessions for ${kid.name}`}
        subtitle={`Kids ${entry.label} · 25-minute live classes, paid from your wallet.`}
        actions={
          <Link to={subjectPage} className="btn btn-ghost btn-sm">
            Back to {entry.label}
          </Link>
        }
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,28rem)_minmax(0,1fr)]">
        {kidRecord.isPending ? (
          <div role="status" aria-label="Loading the purchase" className="skeleton h-72 w-full" />
        ) : (
          <BuySessionsPanel
            key={`${kid._id}-${entry.subject}`}
            subject={entry.subject}
            kid={{ _id: kid._id, name: kid.name, isDemoPayed: kid.isDemoPayed } satisfies PurchasedKid}
            country={parent?.country ?? 'IN'}
            AddMoney={AddMoney}
            onPurchased={({ grandTotal }) => {
              if (grandTotal) navigate(subjectPage);
            }}
          />
        )}
        <SessionsLeft kidId={kid._id} kidName={kid.name} subject={entry.subject} />
      </div>
    </div>
  );
}

function SessionsLeft({ kidId, kidName, subject }: { kidId: string; kidName: string; subject: KidSubject }) {
  const { data, isPending, isError } = useKidSubjects(kidId);
  const left = data?.find((s) => s.subject === subject)?.sessionsAvailable ?? 0;
  return (
    <section aria-labelledby="sessions-left" className="h-fit rounded-box border border-base-300 bg-base-100 p-5">
      <h2 id="sessions-left" className="text-sm font-medium text-base-content/70">
        Sessions left for {kidName}
      </h2>
      {isPending ? <div className="skeleton mt-2 h-8 w-16" role="status" aria-label="Loading sessions" /> : null}
      {isError ? <p className="mt-1 text-sm text-base-content/70">Could not load the sessions left.</p> : null}
      {data ? (
        <p className="mt-1 text-3xl font-bold tabular-nums" data-testid="sessions-left">
          {left}
        </p>
      ) : null}
      <p className="mt-3 text-sm text-base-content/70">Each session is one live class. Book them any time from the {subject} page.</p>
    </section>
  );
}
