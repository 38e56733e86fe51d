import { PlaceholderPage } from '../../../shared/ui/empty-state';

/** /affiliate/dashboard */
export function AffiliateDashboardPage() {
  return <PlaceholderPage title="Affiliate dashboard" subtitle="Sign-ups and purchases from your link." emptyTitle="Your referrals will appear here" icon="chart" />;
}

/** /affiliate/dashboardV2 */
export function AffiliateDashboardV2Page() {
  return <PlaceholderPage title="Affiliate dashboard" subtitle="Performance by campaign." emptyTitle="Your campaign performance will appear here" icon="chart" />;
}

/** /affiliate/earnings */
export function AffiliateEarningsPage() {
  return <PlaceholderPage title="Earnings" emptyTitle="Your earnings will appear here" icon="wallet" />;
}

/** /affiliate/payouts (shown as Bank Details) */
export function AffiliatePayoutsPage() {
  return <PlaceholderPage title="Bank Details" subtitle="Where we send your payouts." emptyTitle="Your bank details will appear here" icon="bank" />;
}
