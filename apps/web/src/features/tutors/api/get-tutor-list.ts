import { queryOptions, useQuery } from '@tanstack/react-query';
import { getTutors } from '../../../shared/api/get-tutors';
import { tutorsKey, type TutorViewer } from '../lib/tutor-viewer';

// GET /api/teachers?subject=… → { items }: the subject's tutors, best mentor score first.
type TutorListQuery = Pick<TutorViewer, 'as' | 'id' | 'subject'>;

export const tutorListQueryOptions = (q: TutorListQuery) =>
  queryOptions({ queryKey: [...tutorsKey(q), 'list', q.subject], queryFn: () => getTutors(q.as, q.subject), staleTime: 60_000 });

export function useTutorList(q: TutorListQuery) {
  return useQuery(tutorListQueryOptions(q));
}
