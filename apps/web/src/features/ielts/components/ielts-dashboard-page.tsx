import { Link } from 'react-router';
import { EmptyState, PageHeader } from '../../../shared/ui/empty-state';

/** /ielts/dashboard */
export function IeltsDashboardPage() {
  return (
    <div className="space-y-6">
      <PageHeader
        title="IELTS dashboard"
        subtitle="Speaking practice and mock tests with IELTS specialists."
        actions={
          <Link to="/ielts/book-a-session" className="btn btn-primary btn-sm">
            Book a session
          </Link>
        }
      />
      <EmptyState title="Coming soon" icon="target">
        The IELTS dashboard is still being built. You can already book a session with an IELTS tutor and find it under Sessions.
      </EmptyState>
    </div>
  );
}
