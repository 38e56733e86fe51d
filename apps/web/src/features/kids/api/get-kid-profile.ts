import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { userRecordSchema, type UserRecord } from '@parley/domain/user';
import { http } from '../../../shared/lib/http';
import type { KidProfile } from '../../../shared/lib/storage';
import { ACTIVE_KID_CHANGED, refreshActiveKid } from '../lib/active-kid';

// GET /api/auth/me?role=kid (x-parley-as: kid) → { user }: the active kid's fresh record
// (isDemoPayed and demoSessionBooked change after a purchase or a booking), written back to KID.
const meResponse = z.object({ user: userRecordSchema });

export function getKidProfile(kidId: string): Promise<UserRecord> {
  return http.get('/api/auth/me', {
    query: { role: 'kid' },
    role: 'kid',
    actAs: 'kid',
    parse: (data) => {
      const user = meResponse.parse(data).user;
      // The kid cookie is one per browser: never file another kid's record under this kid.
      if (user._id !== kidId) throw new Error(ACTIVE_KID_CHANGED);
      return user;
    },
  });
}

export const kidProfileQueryOptions = (kidId: string) =>
  queryOptions({ queryKey: ['kid', kidId, 'profile'], queryFn: () => getKidProfile(kidId), staleTime: 30_000 });

/** The active kid: the stored KID at once, then the server's record (kept in KID). */
export function useKidProfile(stored: KidProfile | null) {
  const kidId = stored?._id ?? null;
  const query = useQuery({ ...kidProfileQueryOptions(kidId ?? ''), enabled: kidId !== null });
  useEffect(() => {
    if (query.data) refreshActiveKid(query.data);
  }, [query.data]);
  const kid: KidProfile | null = query.data ?? stored;
  return { kid, query };
}
