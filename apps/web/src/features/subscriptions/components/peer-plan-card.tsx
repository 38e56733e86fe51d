import { Link } from 'react-router';
import type { Plan } from '@parley/domain/plans';
import { errorMessage } from '../../../shared/lib/http';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { usePlans } from '../api/get-plans';
import { useFocusChosenPlan } from './chosen-plan';
import { PlanCard } from './plan-card';

const PEER_PLANS = '/peer-learning/subscription-plans';

/**
 * A Peer Learning plan for a signed-in peer-only account: paid at the checkout in its own session,
 * at the price the server gives that account (which the checkout expects).
 */
export function PeerPlanCard({ plan, chosen = false }: { plan: Plan; chosen?: boolean }) {
  const own = usePlans('peer');
  const mine = own.data?.find((item) => item._id === plan._id);
  useFocusChosenPlan(chosen && mine ? plan._id : null);
  // A peer account has no wallet: Pay now only, and no money to add.
  if (mine) return <PlanCard plan={mine} buyer="peer" isCurrent={false} chosen={chosen} />;
  if (own.isError) return <RetryAlert message={errorMessage(own.error)} onRetry={() => void own.refetch()} retrying={own.isFetching} className="w-full text-base-content" />;
  if (own.isPending) {
    return (
      <div role="status" className="skeleton h-72 w-full">
        <span className="sr-only">Loading {plan.name}</span>
      </div>
    );
  }
  // Not sold to this account (taken off sale since the page loaded): its own plans page has what is.
  return (
    <p role="status" className="w-full rounded-box border border-base-300 bg-base-100 p-4 text-sm">
      {plan.name} is not on sale to your account right now.{' '}
      <Link to={PEER_PLANS} className="link link-primary">
        See your Peer Learning plans
      </Link>
    </p>
  );
}
