import { useMutation, useQueryClient } from '@tanstack/react-query';
import { courseProgressSchema, type CourseProgress } from '@parley/domain/courses';
import { http } from '../../../shared/lib/http';
import { courseDataQueryOptions } from './get-course-data';
import { courseProgressQueryOptions } from './get-course-progress';
import { myCoursesQueryOptions } from './get-my-courses';
import { certificatesQueryOptions } from './get-certificates';

// POST /api/course/analytics/{id}/complete { lessonId } → the course's progress, carrying the
// certificateId once every lesson is done.
export type CompleteLessonInput = { courseId: string; lessonId: string };

export function completeLesson({ courseId, lessonId }: CompleteLessonInput): Promise<CourseProgress> {
  return http.post(`/api/course/analytics/${encodeURIComponent(courseId)}/complete`, { lessonId }, { role: 'learner', actAs: 'learner', parse: (data) => courseProgressSchema.parse(data) });
}

/** The answer is the course's progress; the syllabus ticks, My Courses and the certificates refresh. */
export function useCompleteLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeLesson,
    onSuccess: (progress, { courseId }) => {
      queryClient.setQueryData(courseProgressQueryOptions(courseId).queryKey, progress);
      void queryClient.invalidateQueries({ queryKey: courseDataQueryOptions(courseId).queryKey });
      void queryClient.invalidateQueries({ queryKey: myCoursesQueryOptions().queryKey });
      if (progress.certificateId) void queryClient.invalidateQueries({ queryKey: certificatesQueryOptions().queryKey });
    },
  });
}
