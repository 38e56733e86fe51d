import { queryOptions, useQuery } from '@tanstack/react-query';
import { curriculumProgressResponse, type CurriculumProgress } from '@parley/domain/curriculum';
import { http } from '../../../shared/lib/http';
import { curriculumQueryKey } from './get-curriculum';

// GET /api/curriculum/progress → every level with its topics (completed, booked or open) and the
// tutors' notes, the level test's state and marks, and the level certificate once issued.

export function getCurriculumProgress(): Promise<CurriculumProgress> {
  return http.get('/api/curriculum/progress', { role: 'learner', actAs: 'learner', parse: (data) => curriculumProgressResponse.parse(data) });
}

export const curriculumProgressQueryOptions = () => queryOptions({ queryKey: [...curriculumQueryKey, 'progress'], queryFn: getCurriculumProgress });

export function useCurriculumProgress() {
  return useQuery(curriculumProgressQueryOptions());
}
