import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { kidSubjectBalanceSchema } from '@parley/domain/kids';
import type { Role } from '@parley/domain/roles';
import { http } from '../lib/http';

// GET /api/kids/:kidId/subjects → { subjects: [{ subject, sessionsAvailable }] }: the sessions a
// kid has left per subject. The parent asks on the kids pages, the kid itself when booking or
// chatting. Keys start with ['kid', kidId], the head every kid purchase or booking invalidates,
// so a purchase refreshes these counts everywhere.
const subjectsResponse = z.object({ subjects: z.array(kidSubjectBalanceSchema) });
export type KidSubjectBalance = z.infer<typeof kidSubjectBalanceSchema>;

/** Whose session asks: the parent (learner) or the kid. */
export type KidSubjectsAsker = Extract<Role, 'learner' | 'kid'>;

export function getKidSubjects(kidId: string, as: KidSubjectsAsker = 'learner'): Promise<KidSubjectBalance[]> {
  return http.get(`/api/kids/${encodeURIComponent(kidId)}/subjects`, {
    role: as,
    actAs: as,
    parse: (data) => subjectsResponse.parse(data).subjects,
  });
}

export const kidSubjectsQueryOptions = (kidId: string, as: KidSubjectsAsker = 'learner') =>
  queryOptions({ queryKey: ['kid', kidId, 'subjects', as], queryFn: () => getKidSubjects(kidId, as) });

export function useKidSubjects(kidId: string | null, as: KidSubjectsAsker = 'learner') {
  return useQuery({ ...kidSubjectsQueryOptions(kidId ?? '', as), enabled: kidId !== null });
}

/** The sessions the kid has left in one subject, or in all of them without a subject; asked as the kid. */
export function useKidSessionsAvailable(kidId: string | null, subject?: string) {
  return useQuery({
    ...kidSubjectsQueryOptions(kidId ?? '', 'kid'),
    enabled: kidId !== null,
    select: (subjects) =>
      subject === undefined
        ? subjects.reduce((sum, s) => sum + s.sessionsAvailable, 0)
        : (subjects.find((s) => s.subject === subject)?.sessionsAvailable ?? 0),
  });
}
