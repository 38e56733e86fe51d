import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { formatMoney } from '@parley/domain/money';
import { isPeerVerticalPlan, type Plan } from '@parley/domain/plans';
import { PEER_LOG_IN_PATH } from '@parley/domain/roles';
import { errorMessage } from '../../../shared/lib/http';
import { rememberIntendedPath } from '../../../shared/lib/intended-path';
import { hasSession } from '../../../shared/lib/session';
import { EmptyState, PageHeader } from '../../../shared/ui/empty-state';
import { Icon } from '../../../shared/ui/icon';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { usePublicPlans } from '../api/get-public-plans';
import { planFacts, typeLabels } from './plan-facts';
import { useChosenPlanId } from './chosen-plan';
import { groupBySubject, slugOf } from './plan-groups';
import type { AddMoneyComponent } from './plans-view';

// A learner's plans (wallet, checkout) load only for a learner, and a peer's only for a peer: a
// visitor (and the page's server-side render) never downloads them.
const PlansView = lazy(() => import('./plans-view').then((module) => ({ default: module.PlansView })));
const PeerPlanCard = lazy(() => import('./peer-plan-card').then((module) => ({ default: module.PeerPlanCard })));

const TITLE = 'Subscription plans';
const SUBTITLE = 'Spoken English, IELTS, kids and peer learning: choose how many sessions or practice minutes you want and how you like to learn.';
/** Where Buy brings a visitor back to after logging in: this page, now with the buyer's own buttons, at the plan chosen. */
const BACK_HERE = '/subscription';
const LEARNER_SIGN_IN = '/login';

/**
 * /subscription: a learner sees every plan with Pay with wallet and Pay now; anyone else sees the
 * same plans priced in their currency, and Buy asks them to log in (a Peer Learning plan: as a
 * peer) and brings them back here. A signed-in peer-only account pays for the Peer Learning plans
 * here directly.
 */
export function PublicSubscriptionPage({ AddMoney }: { AddMoney: AddMoneyComponent }) {
  if (hasSession('learner')) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-12 lg:px-8">
        <Suspense fallback={<div role="status" className="skeleton h-72"><span className="sr-only">Loading plans</span></div>}>
          <PlansView title={TITLE} subtitle={SUBTITLE} subjects={null} AddMoney={AddMoney} />
        </Suspense>
      </div>
    );
  }
  return <VisitorPlans signedInPeer={hasSession('peer')} />;
}

function VisitorPlans({ signedInPeer }: { signedInPeer: boolean }) {
  const plans = usePublicPlans();
  const chosenId = useChosenPlanId();
  const groups = groupBySubject(plans.data ?? []);
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 lg:px-8">
      <PageHeader title={TITLE} subtitle={SUBTITLE} />
      {plans.isPending ? (
        <div role="status" className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          <span className="sr-only">Loading plans</span>
          <div className="skeleton h-72" />
          <div className="skeleton h-72" />
          <div className="skeleton h-72" />
        </div>
      ) : null}
      {plans.isError ? <RetryAlert message={errorMessage(plans.error)} onRetry={() => void plans.refetch()} retrying={plans.isFetching} className="text-base-content" /> : null}
      {plans.data?.length === 0 ? (
        <EmptyState title="No plans on sale right now" icon="star">
          New plans are on their way.
        </EmptyState>
      ) : null}
      <div className="space-y-10">
        {groups.map(([subject, items]) => (
          <section key={subject} aria-labelledby={`plans-${slugOf(subject)}`} className="space-y-3">
            <h2 id={`plans-${slugOf(subject)}`} className="text-lg font-semibold">
              {subject}
            </h2>
            <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
              {items.map((plan) => (
                <li key={plan._id} className="flex">
                  {signedInPeer && isPeerVerticalPlan(plan) ? (
                    <Suspense fallback={<div role="status" aria-label={`Loading ${plan.name}`} className="skeleton h-72 w-full" />}>
                      <PeerPlanCard plan={plan} chosen={plan._id === chosenId} />
                    </Suspense>
                  ) : (
                    <VisitorPlanCard plan={plan} />
                  )}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}

function VisitorPlanCard({ plan }: { plan: Plan }) {
  const navigate = useNavigate();
  const peerPlan = isPeerVerticalPlan(plan);
  const buy = () => {
    rememberIntendedPath(`${BACK_HERE}?plan=${encodeURIComponent(plan._id)}`);
    // Peer Learning has its own accounts: its plan's Buy opens the peer log-in (which also offers to join), not the learner's.
    void navigate(peerPlan ? PEER_LOG_IN_PATH : LEARNER_SIGN_IN);
  };
  return (
    <article aria-labelledby={`plan-${plan._id}`} className="card w-full border border-base-300 bg-base-100">
      <div className="card-body justify-start gap-4">
        <span className="badge badge-primary badge-xs">{typeLabels[plan.subscriptionType] ?? plan.subscriptionType}</span>
        <h3 id={`plan-${plan._id}`} className="card-title text-lg leading-snug">
          {plan.name}
        </h3>
        <p className="text-3xl font-bold tabular-nums">{formatMoney(plan.price)}</p>
        <ul className="space-y-1.5 text-sm text-base-content/80">
          {planFacts(plan).map((fact) => (
            <li key={fact.text} className="flex items-center gap-2">
              <Icon name={fact.icon} className="size-4 text-primary" />
              {fact.text}
            </li>
          ))}
        </ul>
        <div className="mt-auto">
          <button type="button" className="btn btn-primary w-full" onClick={buy} aria-label={`Buy ${plan.name}: log in first`}>
            Buy
          </button>
          <p className="mt-2 text-center text-xs text-base-content/75">
            {peerPlan ? 'You will log in or join Peer Learning, then come back here to pay.' : 'You will log in, then come back here to pay.'}
          </p>
        </div>
      </div>
    </article>
  );
}
