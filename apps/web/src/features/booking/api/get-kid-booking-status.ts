import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { kidSubjectBalanceSchema } from '@parley/domain/kids';
import { kidRecordQueryOptions } from '../../../shared/lib/current-user';
import { http } from '../../../shared/lib/http';

// What decides whether the active kid may book (spec §5): the kid's own record (paid demo,
// demos booked; shared/lib/current-user), and its purchased sessions per subject from
// GET /api/kids/:kidId/subjects (spec §3 Purchased sessions data), asked as the kid.
// Keys start with ['kid', kidId], the head every kid purchase or booking invalidates.
const balancesResponse = z.object({ subjects: z.array(kidSubjectBalanceSchema) });

export function getKidSessionsAvailable(kidId: string, subject: string): Promise<number> {
  return http.get(`/api/kids/${encodeURIComponent(kidId)}/subjects`, {
    role: 'kid',
    actAs: 'kid',
    parse: (data) => balancesResponse.parse(data).subjects.find((s) => s.subject === subject)?.sessionsAvailable ?? 0,
  });
}

export const kidSessionsAvailableQueryOptions = (kidId: string, subject: string) =>
  queryOptions({ queryKey: ['kid', kidId, 'booking', 'sessions-available', subject], queryFn: () => getKidSessionsAvailable(kidId, subject) });

export function useKidRecord(kidId: string | null) {
  return useQuery({ ...kidRecordQueryOptions(kidId ?? ''), enabled: kidId !== null });
}

export function useKidSessionsAvailable(kidId: string | null, subject: string) {
  return useQuery({ ...kidSessionsAvailableQueryOptions(kidId ?? '', subject), enabled: kidId !== null });
}
