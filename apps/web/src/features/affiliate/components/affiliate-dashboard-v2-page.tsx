import { PlaceholderPage } from '../../../shared/ui/empty-state';

/** /affiliate/dashboardV2 */
export function AffiliateDashboardV2Page() {
  return <PlaceholderPage title="Affiliate dashboard" subtitle="Performance by campaign." icon="chart" />;
}
