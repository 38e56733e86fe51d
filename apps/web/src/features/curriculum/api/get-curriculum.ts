import { queryOptions, useQuery } from '@tanstack/react-query';
import { curriculumOverviewResponse, type CurriculumOverview } from '@parley/domain/curriculum';
import { http } from '../../../shared/lib/http';

// GET /api/curriculum → where the learner is: the curriculum plan's sessions left, the current
// level's progress, the next step (a topic with its preparation, the level test, or waiting) and
// the booked curriculum sessions.

/** Every cached curriculum answer starts with this; booking and marking invalidate it. */
export const curriculumQueryKey = ['curriculum'] as const;

export function getCurriculum(): Promise<CurriculumOverview> {
  return http.get('/api/curriculum', { role: 'learner', actAs: 'learner', parse: (data) => curriculumOverviewResponse.parse(data) });
}

export const curriculumQueryOptions = () => queryOptions({ queryKey: [...curriculumQueryKey, 'overview'], queryFn: getCurriculum });

export function useCurriculum(enabled = true) {
  return useQuery({ ...curriculumQueryOptions(), enabled });
}
