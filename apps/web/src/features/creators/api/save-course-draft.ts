import { useMutation, useQueryClient } from '@tanstack/react-query';
import { creatorCourseSchema, type CourseDraftPayload, type CreatorCourse } from '@parley/domain/courses';
import { http } from '../../../shared/lib/http';
import { creatorCourseQueryOptions } from './get-creator-course';
import { creatorCourseListKey } from './get-creator-courses';

// PUT /api/creator/courses/{id}/draft (the whole editable version, with the savedAt it was loaded as)
// → the saved version. A draft need not be complete; a rejected version becomes a draft again; one
// in review is refused (409), and so is one saved elsewhere since (409 DRAFT_CHANGED).
export function saveCourseDraft(courseId: string, draft: CourseDraftPayload): Promise<CreatorCourse> {
  return http.put(`/api/creator/courses/${encodeURIComponent(courseId)}/draft`, draft, { role: 'creator', actAs: 'creator', parse: (data) => creatorCourseSchema.parse(data) });
}

export function useSaveCourseDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ courseId, draft }: { courseId: string; draft: CourseDraftPayload }) => saveCourseDraft(courseId, draft),
    onSuccess: (course) => {
      queryClient.setQueryData(creatorCourseQueryOptions(course._id).queryKey, course);
      void queryClient.invalidateQueries({ queryKey: creatorCourseListKey });
    },
  });
}
