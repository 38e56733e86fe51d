import { useMutation, useQueryClient } from '@tanstack/react-query';
import { courseReviewDetailSchema, type rejectCoursePayload } from '@parley/domain/courses';
import type { z } from 'zod';
import { http } from '../../../shared/lib/http';
import { courseReviewQueryOptions, type CourseReviewDetail } from './get-course-review';
import { courseReviewsQueryOptions } from './get-course-reviews';

// POST /api/moderator/course-reviews/{versionId}/reject { reason } → the version, now rejected;
// its creator sees the reason beside it. 409 when it no longer waits for review.
export type RejectCoursePayload = z.infer<typeof rejectCoursePayload>;

export function rejectCourseVersion(versionId: string, payload: RejectCoursePayload): Promise<CourseReviewDetail> {
  return http.post(`/api/moderator/course-reviews/${encodeURIComponent(versionId)}/reject`, payload, { role: 'moderator', actAs: 'moderator', parse: (data) => courseReviewDetailSchema.parse(data) });
}

export function useRejectCourseVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ versionId, reason }: { versionId: string } & RejectCoursePayload) => rejectCourseVersion(versionId, { reason }),
    onSuccess: (detail) => {
      queryClient.setQueryData(courseReviewQueryOptions(detail.versionId).queryKey, detail);
      void queryClient.invalidateQueries({ queryKey: courseReviewsQueryOptions().queryKey, exact: true });
    },
  });
}
