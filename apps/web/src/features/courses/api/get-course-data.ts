import { queryOptions, useQuery } from '@tanstack/react-query';
import { courseDetailSchema, type CourseDetail } from '@parley/domain/courses';
import { http } from '../../../shared/lib/http';
import { visitorCurrency } from '../../../shared/lib/price-currency';
import { isSignedInLearner } from '../lib/signed-in-learner';

// POST /api/courses/v2/getCourseData { courseId[, currency] } → the course page and the player: details,
// syllabus (locked lessons carry no media), reviews and, for a signed-in learner, owned/inCart/progress.
// Public: a visitor without a session gets the page too, priced like the catalogue (the currency of the
// country their timezone implies), so only a signed-in learner's 401 signs out.
export type { CourseDetail };

export function getCourseData(courseId: string): Promise<CourseDetail> {
  const signedIn = isSignedInLearner();
  return http.post(
    '/api/courses/v2/getCourseData',
    { courseId, ...(signedIn ? {} : { currency: visitorCurrency() }) },
    { ...(signedIn ? { role: 'learner', actAs: 'learner' } : {}), parse: (data) => courseDetailSchema.parse(data) },
  );
}

/** Under ['courses', …], which every course purchase invalidates. */
export const courseDataQueryOptions = (courseId: string) =>
  queryOptions({ queryKey: ['courses', 'detail', courseId], queryFn: () => getCourseData(courseId), staleTime: 30_000 });

export function useCourseData(courseId: string) {
  return useQuery(courseDataQueryOptions(courseId));
}
