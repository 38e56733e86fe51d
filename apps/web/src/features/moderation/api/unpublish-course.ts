import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { unpublishCoursePayload } from '@parley/domain/courses';
import type { z } from 'zod';
import { http } from '../../../shared/lib/http';
import { liveCoursesQueryOptions } from './get-live-courses';

// POST /api/moderator/courses/{id}/unpublish { reason } → takes a live course out of the
// catalogue (the answer carries nothing the screen needs). 409 when it is not live.
export type UnpublishCoursePayload = z.infer<typeof unpublishCoursePayload>;

export function unpublishCourse(courseId: string, payload: UnpublishCoursePayload): Promise<void> {
  return http.post(`/api/moderator/courses/${encodeURIComponent(courseId)}/unpublish`, payload, { role: 'moderator', actAs: 'moderator', parse: () => undefined });
}

export function useUnpublishCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ courseId, reason }: { courseId: string } & UnpublishCoursePayload) => unpublishCourse(courseId, { reason }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: liveCoursesQueryOptions().queryKey }),
  });
}
