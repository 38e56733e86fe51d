import { Link } from 'react-router';
import { PlaceholderPage } from '../../../shared/ui/empty-state';

/** /subscription (public) */
export function PublicSubscriptionPage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 lg:px-8">
      <PlaceholderPage
        title="Subscription plans"
        subtitle="Quick learner, weekly and kids plans."
        emptyTitle="Plans are priced for your country"
        emptyBody="Log in to see plans in your currency and activate one from your wallet or by card."
        icon="star"
        action={
          <Link to="/login" className="btn btn-primary">
            Log in to see plans
          </Link>
        }
      />
    </div>
  );
}
