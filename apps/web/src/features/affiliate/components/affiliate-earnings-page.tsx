import { PlaceholderPage } from '../../../shared/ui/empty-state';

/** /affiliate/earnings */
export function AffiliateEarningsPage() {
  return <PlaceholderPage title="Earnings" icon="wallet" />;
}
