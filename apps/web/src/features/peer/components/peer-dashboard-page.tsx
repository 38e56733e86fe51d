import { EmptyState, PageHeader } from '../../../shared/ui/empty-state';

/** /peer-learning/dashboard */
export function PeerDashboardPage() {
  return (
    <div className="space-y-6">
      <PageHeader title="Peer Learning" subtitle="Practise with learners like you." />
      <EmptyState title="Your peer calls will appear here" icon="handshake">
        Start a call when you have at least 5 available minutes on your peer plan.
      </EmptyState>
    </div>
  );
}
