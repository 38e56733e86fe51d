import { useMutation } from '@tanstack/react-query';
import { lessonProgressSchema } from '@parley/domain/courses';
import { http } from '../../../shared/lib/http';

// POST /api/course/analytics/start { courseId, lessonId } → the lesson's progress; the player
// needs only where the video was left (positionSeconds) to resume there.
const startAnswer = lessonProgressSchema.pick({ positionSeconds: true });

export type StartLessonInput = { courseId: string; lessonId: string };

export function startLesson({ courseId, lessonId }: StartLessonInput): Promise<{ positionSeconds: number }> {
  return http.post('/api/course/analytics/start', { courseId, lessonId }, { role: 'learner', actAs: 'learner', parse: (data) => startAnswer.parse(data) });
}

export function useStartLesson() {
  return useMutation({ mutationFn: startLesson });
}
