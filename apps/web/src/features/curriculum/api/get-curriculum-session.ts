import { queryOptions, useQuery } from '@tanstack/react-query';
import { curriculumSessionResponse, type CurriculumSessionView } from '@parley/domain/curriculum';
import { http } from '../../../shared/lib/http';
import { curriculumQueryKey } from './get-curriculum';

// GET /api/curriculum/sessions/{id} → a curriculum session's topic (or level test), whether its
// tutor may mark it now, and the mark. For the session's learner and its tutor only.

export type CurriculumViewer = 'learner' | 'teacher';

export function getCurriculumSession(sessionId: string, as: CurriculumViewer): Promise<CurriculumSessionView> {
  return http.get(`/api/curriculum/sessions/${encodeURIComponent(sessionId)}`, { role: as, actAs: as, parse: (data) => curriculumSessionResponse.parse(data) });
}

export const curriculumSessionQueryOptions = (sessionId: string, as: CurriculumViewer) =>
  queryOptions({ queryKey: [...curriculumQueryKey, 'session', sessionId, as], queryFn: () => getCurriculumSession(sessionId, as) });

export function useCurriculumSession(sessionId: string, as: CurriculumViewer) {
  return useQuery(curriculumSessionQueryOptions(sessionId, as));
}
