import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { kidSubjectBalanceSchema } from '@parley/domain/kids';
import { userRecordSchema, type UserRecord } from '@parley/domain/user';
import { http } from '../../../shared/lib/http';

// What decides whether the active kid may book (spec §5): the kid's own record (paid demo,
// demos booked) from GET /api/auth/me?role=kid, and its purchased sessions per subject from
// GET /api/kids/:kidId/subjects (spec §3 Purchased sessions data), both asked as the kid.
// Keys start with ['kid', kidId], the head every kid purchase or booking invalidates.
const meResponse = z.object({ user: userRecordSchema });
const balancesResponse = z.object({ subjects: z.array(kidSubjectBalanceSchema) });

export function getKidRecord(kidId: string): Promise<UserRecord> {
  return http.get('/api/auth/me', {
    query: { role: 'kid' },
    role: 'kid',
    actAs: 'kid',
    parse: (data) => {
      const user = meResponse.parse(data).user;
      if (user._id !== kidId) throw new Error('The active kid changed. Choose the kid again.');
      return user;
    },
  });
}

export function getKidSessionsAvailable(kidId: string, subject: string): Promise<number> {
  return http.get(`/api/kids/${encodeURIComponent(kidId)}/subjects`, {
    role: 'kid',
    actAs: 'kid',
    parse: (data) => balancesResponse.parse(data).subjects.find((s) => s.subject === subject)?.sessionsAvailable ?? 0,
  });
}

export const kidRecordQueryOptions = (kidId: string) =>
  queryOptions({ queryKey: ['kid', kidId, 'booking', 'record'], queryFn: () => getKidRecord(kidId), staleTime: 30_000 });

export const kidSessionsAvailableQueryOptions = (kidId: string, subject: string) =>
  queryOptions({ queryKey: ['kid', kidId, 'booking', 'sessions-available', subject], queryFn: () => getKidSessionsAvailable(kidId, subject) });

export function useKidRecord(kidId: string | null) {
  return useQuery({ ...kidRecordQueryOptions(kidId ?? ''), enabled: kidId !== null });
}

export function useKidSessionsAvailable(kidId: string | null, subject: string) {
  return useQuery({ ...kidSessionsAvailableQueryOptions(kidId ?? '', subject), enabled: kidId !== null });
}
