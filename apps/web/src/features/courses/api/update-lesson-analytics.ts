import type { z } from 'zod';
import type { analyticsUpdatePayload } from '@parley/domain/courses';
import { ACTING_ROLE_HEADER, CSRF_HEADER } from '../../../shared/lib/http';

// PUT /api/course/analytics/update { courseId, lessonId, positionSeconds, secondsSpent }: a beat
// while a lesson is open. Sent with keepalive so the last beat survives the tab being hidden or
// closed (pagehide); a lost beat loses only those seconds, so failures are not reported.
export type LessonBeat = z.infer<typeof analyticsUpdatePayload>;

export async function sendLessonBeat(beat: LessonBeat): Promise<boolean> {
  try {
    const response = await fetch('/api/course/analytics/update', {
      method: 'PUT',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json', [CSRF_HEADER]: 'web', [ACTING_ROLE_HEADER]: 'learner' },
      body: JSON.stringify(beat),
    });
    return response.ok;
  } catch {
    return false;
  }
}
