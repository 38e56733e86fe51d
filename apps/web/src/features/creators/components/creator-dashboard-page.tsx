import { PlaceholderPage } from '../../../shared/ui/empty-state';

/** /creators/dashboard */
export function CreatorDashboardPage() {
  return <PlaceholderPage title="Your courses" subtitle="Courses you publish on Parley." icon="film" />;
}
