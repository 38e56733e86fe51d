import { useMutation, useQueryClient } from '@tanstack/react-query';
import { curriculumSessionResponse, type CurriculumReviewPayload, type CurriculumSessionView } from '@parley/domain/curriculum';
import { http } from '../../../shared/lib/http';
import { curriculumQueryKey } from './get-curriculum';

// POST /api/curriculum/sessions/{id}/review → the session with its mark: the tutor marks a topic
// completed or not, or scores a level test, with a short note, once.

export function reviewCurriculumSession(sessionId: string, payload: CurriculumReviewPayload): Promise<CurriculumSessionView> {
  return http.post(`/api/curriculum/sessions/${encodeURIComponent(sessionId)}/review`, payload, { role: 'teacher', actAs: 'teacher', parse: (data) => curriculumSessionResponse.parse(data) });
}

export function useReviewCurriculumSession(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: CurriculumReviewPayload) => reviewCurriculumSession(sessionId, payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: curriculumQueryKey }),
  });
}
