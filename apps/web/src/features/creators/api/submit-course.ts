import { useMutation, useQueryClient } from '@tanstack/react-query';
import { creatorCourseSchema, type CreatorCourse } from '@parley/domain/courses';
import { http, isApiError } from '../../../shared/lib/http';
import { creatorCourseQueryOptions } from './get-creator-course';
import { creatorCourseListKey } from './get-creator-courses';

// POST /api/creator/courses/{id}/submit → the version, now in review. The saved version is what is
// submitted; when it is not ready the answer is a 400 whose fields `problems.0`, `problems.1`, …
// say what keeps it from review.
export function submitCourse(courseId: string): Promise<CreatorCourse> {
  return http.post(`/api/creator/courses/${encodeURIComponent(courseId)}/submit`, {}, { role: 'creator', actAs: 'creator', parse: (data) => creatorCourseSchema.parse(data) });
}

/** The problems a refused submission lists, in order; empty when the failure was something else. */
export function submitProblems(error: unknown): string[] {
  if (!isApiError(error) || error.status !== 400 || !error.fields) return [];
  return Object.entries(error.fields)
    .map(([field, text]) => ({ index: /^problems\.(\d+)$/.exec(field)?.[1], text }))
    .filter((entry): entry is { index: string; text: string } => entry.index !== undefined)
    .sort((a, b) => Number(a.index) - Number(b.index))
    .map((entry) => entry.text);
}

export function useSubmitCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitCourse,
    onSuccess: (course) => {
      queryClient.setQueryData(creatorCourseQueryOptions(course._id).queryKey, course);
      void queryClient.invalidateQueries({ queryKey: creatorCourseListKey });
    },
  });
}
