import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { kidSubjectBalanceSchema } from '@parley/domain/kids';
import { http } from '../../../shared/lib/http';

// GET /api/kids/:kidId/subjects → { subjects: [{ subject, sessionsAvailable }] } (spec §3
// Purchased sessions data): a kid may chat while any subject has a session left (spec §4).
const balancesResponse = z.object({ subjects: z.array(kidSubjectBalanceSchema) });

export function getKidSessionsAvailable(kidId: string): Promise<number> {
  return http.get(`/api/kids/${encodeURIComponent(kidId)}/subjects`, {
    role: 'kid',
    actAs: 'kid',
    parse: (data) => balancesResponse.parse(data).subjects.reduce((sum, s) => sum + s.sessionsAvailable, 0),
  });
}

export const kidSessionsAvailableQueryOptions = (kidId: string) =>
  queryOptions({ queryKey: ['kid', kidId, 'chat-sessions-available'], queryFn: () => getKidSessionsAvailable(kidId) });

export function useKidSessionsAvailable(kidId: string | null) {
  return useQuery({ ...kidSessionsAvailableQueryOptions(kidId ?? ''), enabled: kidId !== null });
}
