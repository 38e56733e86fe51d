import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { Money } from '@parley/domain/money';
import { moneySchema } from '@parley/domain/money-schema';
import { http } from '../../../shared/lib/http';

// GET /api/pricing/trial?country=&subject= → { price } (spec §9 trial charge; IELTS from settings).
const trialPriceResponse = z.object({ price: moneySchema });

export type DemoSubject = 'English' | 'IELTS';

export function getDemoPrice(country: string, subject: DemoSubject): Promise<Money> {
  return http.get('/api/pricing/trial', { query: { country, subject }, parse: (data) => trialPriceResponse.parse(data).price });
}

export const demoPriceQueryOptions = (country: string, subject: DemoSubject) =>
  queryOptions({ queryKey: ['pricing', 'trial', country, subject], queryFn: () => getDemoPrice(country, subject), staleTime: 10 * 60_000 });

export function useDemoPrice(country: string, subject: DemoSubject) {
  return useQuery(demoPriceQueryOptions(country, subject));
}
