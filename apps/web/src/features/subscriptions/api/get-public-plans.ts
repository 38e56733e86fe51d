import { queryOptions, useQuery } from '@tanstack/react-query';
import { currencyForCountry, type Currency } from '@parley/domain/money';
import { plansResponse, type Plan } from '@parley/domain/plans';
import { visitorCountry } from '../../../shared/lib/countries';
import { http } from '../../../shared/lib/http';

// GET /api/plans/public?currency → { items }: every plan on sale, for someone not signed in, in
// the currency their browser's timezone implies (the same country rule as the trial price).
export function getPublicPlans(currency: Currency): Promise<Plan[]> {
  return http.get('/api/plans/public', { query: { currency }, parse: (data) => plansResponse.parse(data).items });
}

export const publicPlansQueryOptions = (currency: Currency) =>
  queryOptions({ queryKey: ['plans', 'public', currency], queryFn: () => getPublicPlans(currency), staleTime: 5 * 60_000 });

export function usePublicPlans() {
  return useQuery(publicPlansQueryOptions(currencyForCountry(visitorCountry())));
}
