import { EmptyState, PageHeader } from '../../../shared/ui/empty-state';

/** /peer-learning/dashboard */
export function PeerDashboardPage() {
  return (
    <div className="space-y-6">
      <PageHeader title="Peer Learning" subtitle="Practise with learners like you." />
      <EmptyState title="Coming soon" icon="handshake">
        Peer calls are still being built, so there is nothing to use here yet.
      </EmptyState>
    </div>
  );
}
