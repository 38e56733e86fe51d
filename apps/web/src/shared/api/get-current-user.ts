import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { userRecordSchema, type UserRecord } from '@parley/domain/user';
import { http } from './http';
import { getItem, setItem } from './storage';

// GET /api/auth/me?role=learner — the signed-in learner's record, kept in sync with USER.
const meResponse = z.object({ user: userRecordSchema });

/** The roles whose own record /api/auth/me answers; only the USER-backed ones use useCurrentUser. */
type MeRole = 'learner' | 'peer' | 'creator' | 'teacher';

export function getMe(role: MeRole = 'learner'): Promise<UserRecord> {
  return http.get('/api/auth/me', { query: { role }, role, parse: (data) => meResponse.parse(data).user });
}

export const meQueryOptions = (role: MeRole = 'learner') =>
  queryOptions({ queryKey: ['auth', 'me', role], queryFn: () => getMe(role), staleTime: 60_000 });

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

/** Shown when a kid-session answer belongs to another kid than the one asked about. */
export const ACTIVE_KID_CHANGED = 'The active kid changed. Choose the kid again.';

/**
 * GET /api/auth/me?role=kid, asked as the kid: the active kid's fresh record (isDemoPayed and
 * demoSessionBooked change after a purchase or a booking). The kid cookie is one per browser,
 * so an answer about another kid is refused rather than filed under this one.
 */
export function getKidRecord(kidId: string): Promise<UserRecord> {
  return http.get('/api/auth/me', {
    query: { role: 'kid' },
    role: 'kid',
    actAs: 'kid',
    parse: (data) => {
      const user = meResponse.parse(data).user;
      if (user._id !== kidId) throw new Error(ACTIVE_KID_CHANGED);
      return user;
    },
  });
}

/** Under ['kid', kidId], the head every kid purchase or booking invalidates. */
export const kidRecordQueryOptions = (kidId: string) =>
  queryOptions({ queryKey: ['kid', kidId, 'record'], queryFn: () => getKidRecord(kidId), staleTime: 30_000 });
