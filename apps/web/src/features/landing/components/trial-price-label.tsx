import { formatMoney } from '@parley/domain/money';
import { visitorCountry } from '../../../shared/lib/countries';
import { useTrialPrice } from '../../../shared/api/get-trial-price';

/**
 * " @ ₹99": the trial price for the visitor's country (GET /api/pricing/trial). Loaded lazily
 * with its schema so the landing chunk stays small; the button reads "Book Your Trial" until then.
 */
export default function TrialPriceLabel() {
  const { data: price } = useTrialPrice(visitorCountry());
  return price ? <> @ {formatMoney(price)}</> : null;
}
