import { queryOptions, useQuery } from '@tanstack/react-query';
import { plansResponse, type Plan } from '@parley/domain/plans';
import { http } from '../../../shared/lib/http';

// GET /api/plans → { items }: every active plan, priced in the viewer's currency. Asked as a
// peer-only account (spec §6), the server answers with the Peer Learning plans only.
export type { Plan };

/** Whose session buys: a learner's, or a peer-only account's (Peer Learning plans, by checkout). */
export type PlanBuyer = 'learner' | 'peer';

export function getPlans(as: PlanBuyer = 'learner'): Promise<Plan[]> {
  return http.get('/api/plans', { role: as, actAs: as, parse: (data) => plansResponse.parse(data).items });
}

export const plansQueryOptions = (as: PlanBuyer = 'learner') => queryOptions({ queryKey: ['plans', as], queryFn: () => getPlans(as), staleTime: 5 * 60_000 });

export function usePlans(as: PlanBuyer = 'learner') {
  return useQuery(plansQueryOptions(as));
}
