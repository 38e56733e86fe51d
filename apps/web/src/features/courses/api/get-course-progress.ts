import { queryOptions, useQuery } from '@tanstack/react-query';
import { courseProgressSchema, type CourseProgress } from '@parley/domain/courses';
import { http } from '../../../shared/lib/http';

// GET /api/course/analytics/course/{id} → the owner's progress: percent, time spent, where to
// resume, each touched lesson (position, seconds, completed) and the certificate once issued.
export type { CourseProgress };

export function getCourseProgress(courseId: string): Promise<CourseProgress> {
  return http.get(`/api/course/analytics/course/${encodeURIComponent(courseId)}`, {
    role: 'learner',
    actAs: 'learner',
    parse: (data) => courseProgressSchema.parse(data),
  });
}

export const courseProgressQueryOptions = (courseId: string) =>
  queryOptions({ queryKey: ['courses', 'progress', courseId], queryFn: () => getCourseProgress(courseId) });

/** Owners only: a visitor previewing a course has no progress to ask for. */
export function useCourseProgress(courseId: string, enabled: boolean) {
  return useQuery({ ...courseProgressQueryOptions(courseId), enabled });
}
