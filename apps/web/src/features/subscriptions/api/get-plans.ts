import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { moneySchema } from '@parley/domain/money-schema';
import { http } from '../../../shared/lib/http';

// GET /api/plans → { items } (spec §3 Plan): every active plan, priced in the viewer's currency.
export const planSchema = z.object({
  _id: z.string(),
  name: z.string(),
  subject: z.string(),
  subscriptionType: z.string(),
  classDuration: z.string(),
  sessionCount: z.number().int(),
  weeklySessions: z.number().int(),
  validityDays: z.number().int(),
  price: moneySchema,
});
export type Plan = z.infer<typeof planSchema>;

const plansResponse = z.object({ items: z.array(planSchema) });

export function getPlans(): Promise<Plan[]> {
  return http.get('/api/plans', { role: 'learner', actAs: 'learner', parse: (data) => plansResponse.parse(data).items });
}

export const plansQueryOptions = () => queryOptions({ queryKey: ['plans'], queryFn: getPlans, staleTime: 5 * 60_000 });

export function usePlans() {
  return useQuery(plansQueryOptions());
}
