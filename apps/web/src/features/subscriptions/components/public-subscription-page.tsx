import { Link } from 'react-router';
import { EmptyState, PageHeader } from '../../../shared/ui/empty-state';

/** /subscription (public): plans are priced for the viewer's country, so they need a sign-in. */
export function PublicSubscriptionPage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 lg:px-8">
      <PageHeader title="Subscription plans" subtitle="Quick learner, weekly and kids plans." />
      <EmptyState
        title="Plans are priced for your country"
        icon="star"
        action={
          <Link to="/login" className="btn btn-primary">
            Log in to see plans
          </Link>
        }
      >
        Log in to see plans in your currency and activate one from your wallet or by card.
      </EmptyState>
    </div>
  );
}
