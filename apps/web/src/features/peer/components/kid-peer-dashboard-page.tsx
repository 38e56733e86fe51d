import { PlaceholderPage } from '../../../shared/ui/empty-state';

/** /kid-peer/dashboard */
export function KidPeerDashboardPage() {
  return <PlaceholderPage title="Kids Peer Learning" subtitle="Safe peer practice for kids." icon="puzzle" />;
}
