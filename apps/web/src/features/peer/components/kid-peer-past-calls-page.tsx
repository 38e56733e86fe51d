import { PlaceholderPage } from '../../../shared/ui/empty-state';

/** /kid-peer/session (Past Calls) */
export function KidPeerPastCallsPage() {
  return <PlaceholderPage title="Past Calls" icon="history" />;
}
