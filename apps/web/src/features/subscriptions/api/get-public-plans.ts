import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Currency } from '@parley/domain/money';
import { plansResponse, type Plan } from '@parley/domain/plans';
import { http } from '../../../shared/lib/http';
import { useVisitorCurrency } from '../../../shared/lib/price-currency';
import { publicPlansSentWithHtml } from './plans-sent-with-html';

// GET /api/plans/public?currency → { items }: every plan on sale, for someone not signed in, in
// the currency their browser's timezone implies (the same country rule as the trial price).
export function getPublicPlans(currency: Currency): Promise<Plan[]> {
  return http.get('/api/plans/public', { query: { currency }, parse: (data) => plansResponse.parse(data).items });
}

/** The plans the page's HTML brought, parsed like an answer; undefined when there are none (or they do not parse). */
function plansFromHtml(currency: Currency): Plan[] | undefined {
  const sent = publicPlansSentWithHtml(currency);
  if (sent === undefined) return undefined;
  const parsed = plansResponse.safeParse(sent);
  return parsed.success ? parsed.data.items : undefined;
}

// The first render already has the plans when the HTML brought them: the server rendered the same
// cards, so nothing shifts and no request is made.
export const publicPlansQueryOptions = (currency: Currency) =>
  queryOptions({ queryKey: ['plans', 'public', currency], queryFn: () => getPublicPlans(currency), initialData: () => plansFromHtml(currency), staleTime: 5 * 60_000 });

export function usePublicPlans() {
  return useQuery(publicPlansQueryOptions(useVisitorCurrency()));
}
