import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { kidRecordQueryOptions } from '../../../shared/api/get-current-user';
import type { KidProfile } from '../../../shared/lib/storage';
import { refreshActiveKid } from '../lib/active-kid';

/** The active kid: the stored KID at once, then the server's record (kept in KID). */
export function useKidProfile(stored: KidProfile | null) {
  const kidId = stored?._id ?? null;
  const query = useQuery({ ...kidRecordQueryOptions(kidId ?? ''), enabled: kidId !== null });
  useEffect(() => {
    if (query.data) refreshActiveKid(query.data);
  }, [query.data]);
  const kid: KidProfile | null = query.data ?? stored;
  return { kid, query };
}
