import { PlaceholderPage } from '../../../shared/ui/empty-state';

/** /affiliate/dashboard */
export function AffiliateDashboardPage() {
  return <PlaceholderPage title="Affiliate dashboard" subtitle="Sign-ups and purchases from your link." icon="chart" />;
}
