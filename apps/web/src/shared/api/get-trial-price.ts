import { queryOptions, useQuery } from '@tanstack/react-query';
import { currencies, type Money } from '@parley/domain/money';
import { http } from '../lib/http';

// GET /api/pricing/trial?country=IN&subject=English → { price: { amountMinor, currency } }: the
// price of a demo class (the landing banner, the book-a-demo page). Checked by hand rather than
// with the domain's zod money schema: the landing page calls it, and its whole JS budget is
// 120 KB gzip, a fifth of which a schema library would take.
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

/** The subjects a demo class can be bought for. */
export type DemoSubject = 'English' | 'IELTS';

export function getTrialPrice(country: string, subject: DemoSubject = 'English'): Promise<Money> {
  return http.get('/api/pricing/trial', { query: { country, subject }, parse: parseTrialPriceResponse });
}

export const trialPriceQueryOptions = (country: string, subject: DemoSubject = 'English') =>
  queryOptions({ queryKey: ['pricing', 'trial', country, subject], queryFn: () => getTrialPrice(country, subject), staleTime: 10 * 60_000 });

export function useTrialPrice(country: string, subject: DemoSubject = 'English', enabled = true) {
  return useQuery({ ...trialPriceQueryOptions(country, subject), enabled });
}
