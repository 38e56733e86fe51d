import { Link, Outlet } from 'react-router';
import { hasSession } from '../../shared/lib/session';
import { EmptyState, PageHeader } from '../../shared/ui/empty-state';

/**
 * Kids peer learning is run from a parent's learner account (TOKEN). A peer-only account (PEER_TOKEN)
 * passes the peer guard, so it is told what it needs here, instead of its refused requests reading
 * as a sign-out.
 */
export function ParentAccountOnly() {
  if (hasSession('learner')) return <Outlet />;
  return (
    <div className="space-y-6">
      <PageHeader title="Kids Peer Learning" />
      <EmptyState
        title="Kids Peer Learning needs a parent’s account"
        icon="puzzle"
        action={
          <Link to="/login" className="btn btn-primary btn-sm">
            Log in as the parent
          </Link>
        }
      >
        Kids practise with other kids from their parent’s learner account, where their profiles are. Log in with that account to arrange their practice.
      </EmptyState>
    </div>
  );
}
