import { queryOptions, useQuery } from '@tanstack/react-query';
import { creatorCourseSchema, type CreatorCourse } from '@parley/domain/courses';
import { http } from '../../../shared/lib/http';

// GET /api/creator/courses/{id} → the version the editor shows: the open one (draft, in review or
// rejected), else the live one with versionStatus 'approved' until the creator starts editing it.
export function getCreatorCourse(courseId: string): Promise<CreatorCourse> {
  return http.get(`/api/creator/courses/${encodeURIComponent(courseId)}`, { role: 'creator', actAs: 'creator', parse: (data) => creatorCourseSchema.parse(data) });
}

export const creatorCourseQueryOptions = (courseId: string) => queryOptions({ queryKey: ['creator', 'courses', courseId], queryFn: () => getCreatorCourse(courseId) });

export function useCreatorCourse(courseId: string) {
  return useQuery(creatorCourseQueryOptions(courseId));
}
