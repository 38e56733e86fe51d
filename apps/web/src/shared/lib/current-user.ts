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
