import { queryOptions, useQuery } from '@tanstack/react-query';
import { currencies, type Money } from '@parley/domain/money';
import { http } from '../../../shared/lib/http';

// GET /api/pricing/trial?country=IN&subject=English → { price: { amountMinor, currency } }
// Checked by hand rather than with domain's moneySchema: this call runs on the landing page,
// whose whole JS budget (120 KB gzip) a schema library would take a fifth of.
export function parseTrialPriceResponse(data: unknown): Money {
  const price = (data as { price?: { amountMinor?: unknown; currency?: unknown } } | null)?.price;
  if (
    price &&
    typeof price.amountMinor === 'number' &&
    Number.isSafeInteger(price.amountMinor) &&
    (currencies as readonly unknown[]).includes(price.currency)
  ) {
    return { amountMinor: price.amountMinor, currency: price.currency as Money['currency'] };
  }
  throw new TypeError('Unexpected trial price response');
}

export function getTrialPrice(country: string, subject = 'English'): Promise<Money> {
  return http.get('/api/pricing/trial', { query: { country, subject }, parse: parseTrialPriceResponse });
}

export const trialPriceQueryOptions = (country: string, subject = 'English') =>
  queryOptions({ queryKey: ['pricing', 'trial', country, subject], queryFn: () => getTrialPrice(country, subject), staleTime: 10 * 60_000 });

export function useTrialPrice(country: string, subject = 'English', enabled = true) {
  return useQuery({ ...trialPriceQueryOptions(country, subject), enabled });
}
