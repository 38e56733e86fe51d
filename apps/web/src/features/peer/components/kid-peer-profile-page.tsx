import { PlaceholderPage } from '../../../shared/ui/empty-state';

/** /kid-peer/profile */
export function KidPeerProfilePage() {
  return <PlaceholderPage title="Peer profile" icon="user" />;
}
