import { useMutation, useQueryClient } from '@tanstack/react-query';
import { courseReviewDetailSchema } from '@parley/domain/courses';
import { http } from '../../../shared/lib/http';
import { courseReviewQueryOptions, type CourseReviewDetail } from './get-course-review';
import { courseReviewsQueryOptions } from './get-course-reviews';
import { liveCoursesQueryOptions } from './get-live-courses';

// POST /api/moderator/course-reviews/{versionId}/approve → the version, now approved: it is the
// course's live version in the catalogue. 409 when it no longer waits for review.
export function approveCourseVersion(versionId: string): Promise<CourseReviewDetail> {
  return http.post(`/api/moderator/course-reviews/${encodeURIComponent(versionId)}/approve`, {}, { role: 'moderator', actAs: 'moderator', parse: (data) => courseReviewDetailSchema.parse(data) });
}

export function useApproveCourseVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveCourseVersion,
    onSuccess: (detail) => {
      queryClient.setQueryData(courseReviewQueryOptions(detail.versionId).queryKey, detail);
      void queryClient.invalidateQueries({ queryKey: courseReviewsQueryOptions().queryKey, exact: true });
      void queryClient.invalidateQueries({ queryKey: liveCoursesQueryOptions().queryKey });
    },
  });
}
