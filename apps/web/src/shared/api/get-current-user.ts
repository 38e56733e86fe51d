import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { userRecordSchema, type UserRecord } from '@parley/domain/user';
import { http } from '../lib/http';
import { getItem, setItem } from '../lib/storage';

// GET /api/auth/me?role=… → { user }: the signed-in person's own record, for the role asked
// about (the learner's is kept in sync with USER). The one fetcher of this endpoint.
const meResponse = z.object({ user: userRecordSchema });

/** The roles whose own record /api/auth/me answers; only the USER-backed ones use useCurrentUser. */
type MeRole = 'learner' | 'peer' | 'creator' | 'teacher' | 'kid' | 'influencer';

export function getMe(role: MeRole = 'learner'): Promise<UserRecord> {
  // A parent's browser also holds the kid's session: the kid's record is asked for as the kid.
  const actAs = role === 'kid' ? role : undefined;
  return http.get('/api/auth/me', { query: { role }, role, actAs, parse: (data) => meResponse.parse(data).user });
}

export const meQueryOptions = (role: Exclude<MeRole, 'kid'> = 'learner') =>
  // Asked again whenever the tab comes back: a plan bought or a session booked in another tab changes the counts shown here.
  queryOptions({ queryKey: ['auth', 'me', role], queryFn: () => getMe(role), staleTime: 60_000, refetchOnWindowFocus: 'always' });

/** The learner record: USER at once, refreshed from the server, written back to USER. */
export function useCurrentUser(role: 'learner' | 'peer' | 'creator' = 'learner', enabled = true) {
  const stored = getItem('USER');
  const query = useQuery({
    ...meQueryOptions(role),
    enabled,
    initialData: stored ?? undefined,
    initialDataUpdatedAt: 0,
  });
  useEffect(() => {
    if (query.data && query.isFetchedAfterMount) setItem('USER', query.data);
  }, [query.data, query.isFetchedAfterMount]);
  return query;
}

/** The signed-in tutor's own record (name, timezone). */
export function useTutorRecord() {
  return useQuery(meQueryOptions('teacher'));
}

/** Shown when a kid-session answer belongs to another kid than the one asked about. */
export const ACTIVE_KID_CHANGED = 'The active kid changed. Choose the kid again.';

/**
 * GET /api/auth/me?role=kid, asked as the kid: the active kid's fresh record (isDemoPayed and
 * demoSessionBooked change after a purchase or a booking). The kid cookie is one per browser,
 * so an answer about another kid is refused rather than filed under this one.
 */
export async function getKidRecord(kidId: string): Promise<UserRecord> {
  const user = await getMe('kid');
  if (user._id !== kidId) throw new Error(ACTIVE_KID_CHANGED);
  return user;
}

/** Under ['kid', kidId], the head every kid purchase or booking invalidates. */
export const kidRecordQueryOptions = (kidId: string) =>
  queryOptions({ queryKey: ['kid', kidId, 'record'], queryFn: () => getKidRecord(kidId), staleTime: 30_000 });

export function useKidRecord(kidId: string | null) {
  return useQuery({ ...kidRecordQueryOptions(kidId ?? ''), enabled: kidId !== null });
}
