import { queryOptions, useQuery } from '@tanstack/react-query';
import { plansResponse, type Plan } from '@parley/domain/plans';
import { http } from '../../../shared/lib/http';

// GET /api/plans → { items }: every active plan, priced in the viewer's currency.
export type { Plan };

export function getPlans(): Promise<Plan[]> {
  return http.get('/api/plans', { role: 'learner', actAs: 'learner', parse: (data) => plansResponse.parse(data).items });
}

export const plansQueryOptions = () => queryOptions({ queryKey: ['plans'], queryFn: getPlans, staleTime: 5 * 60_000 });

export function usePlans() {
  return useQuery(plansQueryOptions());
}
