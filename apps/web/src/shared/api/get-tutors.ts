import { z } from 'zod';
import { teacherCardSchema, type SessionSubject, type TeacherCard } from '@parley/domain/booking';
import { http } from '../lib/http';

// GET /api/teachers?subject=… → { items }: the tutors a learner or kid may book or chat with,
// best mentor score first; without a subject, every tutor.
const tutorsResponse = z.object({ items: z.array(teacherCardSchema) });

export type TutorsAsker = 'learner' | 'kid';

export function getTutors(as: TutorsAsker, subject?: SessionSubject): Promise<TeacherCard[]> {
  return http.get('/api/teachers', { query: { subject }, role: as, actAs: as, parse: (data) => tutorsResponse.parse(data).items });
}
