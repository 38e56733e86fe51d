import { useMutation, useQueryClient } from '@tanstack/react-query';
import { creatorCourseSchema, type createCoursePayload, type CreatorCourse } from '@parley/domain/courses';
import type { z } from 'zod';
import { http } from '../../../shared/lib/http';
import { creatorCourseQueryOptions } from './get-creator-course';
import { creatorCourseListKey } from './get-creator-courses';

// POST /api/creator/courses { subject, title } → the new course's first draft, ready to edit.
export type CreateCoursePayload = z.infer<typeof createCoursePayload>;

export function createCourse(payload: CreateCoursePayload): Promise<CreatorCourse> {
  return http.post('/api/creator/courses', payload, { role: 'creator', actAs: 'creator', parse: (data) => creatorCourseSchema.parse(data) });
}

export function useCreateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCourse,
    onSuccess: (course) => {
      queryClient.setQueryData(creatorCourseQueryOptions(course._id).queryKey, course);
      void queryClient.invalidateQueries({ queryKey: creatorCourseListKey });
    },
  });
}
