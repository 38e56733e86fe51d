import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { bonusListResponse } from '@parley/domain/courses';
import { http } from '../../../shared/lib/http';

// GET /api/workshop-details/get-bonus → { items }: the bonus files the learner's courses unlock,
// each downloaded from its downloadUrl (GET /api/workshop-details/download-bonus?bonusName=).
export type Bonus = z.infer<typeof bonusListResponse>['items'][number];

export function getBonuses(): Promise<Bonus[]> {
  return http.get('/api/workshop-details/get-bonus', { role: 'learner', actAs: 'learner', parse: (data) => bonusListResponse.parse(data).items });
}

/** Under ['courses', …]: a purchase can unlock new bonus files. */
export const bonusesQueryOptions = () => queryOptions({ queryKey: ['courses', 'bonuses'], queryFn: getBonuses });

export function useBonuses() {
  return useQuery(bonusesQueryOptions());
}
