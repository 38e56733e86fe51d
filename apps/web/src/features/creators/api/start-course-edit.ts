import { useMutation, useQueryClient } from '@tanstack/react-query';
import { creatorCourseSchema, type CreatorCourse } from '@parley/domain/courses';
import { http } from '../../../shared/lib/http';
import { creatorCourseQueryOptions } from './get-creator-course';
import { creatorCourseListKey } from './get-creator-courses';

// POST /api/creator/courses/{id}/edit → a new draft copied from the live version (or the version
// already open). Learners keep the live version until the new one is approved.
export function startCourseEdit(courseId: string): Promise<CreatorCourse> {
  return http.post(`/api/creator/courses/${encodeURIComponent(courseId)}/edit`, {}, { role: 'creator', actAs: 'creator', parse: (data) => creatorCourseSchema.parse(data) });
}

export function useStartCourseEdit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startCourseEdit,
    onSuccess: (course) => {
      queryClient.setQueryData(creatorCourseQueryOptions(course._id).queryKey, course);
      void queryClient.invalidateQueries({ queryKey: creatorCourseListKey });
    },
  });
}
