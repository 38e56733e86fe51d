import { PlaceholderPage } from '../../../shared/ui/empty-state';

/** /affiliate/payouts (shown as Bank Details) */
export function AffiliatePayoutsPage() {
  return <PlaceholderPage title="Bank Details" subtitle="Where we send your payouts." icon="bank" />;
}
