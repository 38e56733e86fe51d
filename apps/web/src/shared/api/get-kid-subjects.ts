import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { kidSubjectBalanceSchema } from '@parley/domain/kids';
import { http } from '../../../shared/lib/http';

// GET /api/kids/:kidId/subjects → { subjects: [{ subject, sessionsAvailable }] } (spec §3
// Purchased sessions data), asked as the parent. The key is the one a kids purchase
// invalidates (['kid', kidId, …]), so a purchase refreshes these counts.
const subjectsResponse = z.object({ subjects: z.array(kidSubjectBalanceSchema) });
export type KidSubjectBalance = z.infer<typeof kidSubjectBalanceSchema>;

export function getKidSubjects(kidId: string): Promise<KidSubjectBalance[]> {
  return http.get(`/api/kids/${encodeURIComponent(kidId)}/subjects`, {
    role: 'learner',
    actAs: 'learner',
    parse: (data) => subjectsResponse.parse(data).subjects,
  });
}

export const kidSubjectsQueryOptions = (kidId: string) =>
  queryOptions({ queryKey: ['kid', kidId, 'subjects'], queryFn: () => getKidSubjects(kidId) });

export function useKidSubjects(kidId: string | null) {
  return useQuery({ ...kidSubjectsQueryOptions(kidId ?? ''), enabled: kidId !== null });
}
