import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { teacherCardSchema, type TeacherCard } from '@parley/domain/booking';
import { http } from '../../../shared/lib/http';
import { tutorsKey, type TutorViewer } from '../lib/tutor-viewer';

// GET /api/teachers?subject=… → { items }: the subject's tutors, best mentor score first (spec §9).
const teachersResponse = z.object({ items: z.array(teacherCardSchema) });

type TeachersQuery = Pick<TutorViewer, 'as' | 'id' | 'subject'>;

export function getTeachers({ as, subject }: TeachersQuery): Promise<TeacherCard[]> {
  return http.get('/api/teachers', { query: { subject }, role: as, actAs: as, parse: (data) => teachersResponse.parse(data).items });
}

export const teachersQueryOptions = (q: TeachersQuery) =>
  queryOptions({ queryKey: [...tutorsKey(q), 'list', q.subject], queryFn: () => getTeachers(q), staleTime: 60_000 });

export function useTeachers(q: TeachersQuery) {
  return useQuery(teachersQueryOptions(q));
}
