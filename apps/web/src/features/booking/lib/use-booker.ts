import { useCurrentUser, useKidRecord } from '../../../shared/api/get-current-user';
import { getItem } from '../../../shared/lib/storage';
import { useKidSessionsAvailable } from '../../../shared/api/get-kid-subjects';
import type { KidSummary } from '@parley/domain/kids';
import type { UserRecord } from '@parley/domain/user';
import type { BookerAs } from './booker';

export type Booker = {
  as: BookerAs;
  /** Who the session is booked for: USER._id, or KID._id when booking for the active kid. */
  learnerId: string | null;
  /** The learner's record, or the kid's (fresh from the server, else the stored KID). */
  record: UserRecord | KidSummary | null;
  /** The kid's purchased sessions for the subject (0 for a learner); null while loading. */
  kidSessionsAvailable: number | null;
  /** What booking needs and could not be loaded (the kid's sessions, or the learner's record), with its retry. */
  failure: { what: string; error: unknown; retry: () => void; retrying: boolean } | null;
};

/** The learner, or for kids pages (forKids) the active kid, with what booking needs to know. */
export function useBooker(subject: string, forKids: boolean): Booker {
  const learner = useCurrentUser('learner', !forKids);
  const storedKid = forKids ? getItem('KID') : null;
  const kidId = storedKid?._id ?? null;
  const kidRecord = useKidRecord(kidId);
  const kidSessions = useKidSessionsAvailable(kidId, subject);
  if (forKids) {
    const failure = kidSessions.isError
      ? { what: 'Your sessions left', error: kidSessions.error, retry: () => void kidSessions.refetch(), retrying: kidSessions.isFetching }
      : null;
    return { as: 'kid', learnerId: kidId, record: kidRecord.data ?? storedKid, kidSessionsAvailable: kidSessions.data ?? null, failure };
  }
  const user = learner.data ?? null;
  const failure = !user && learner.isError ? { what: 'Your account', error: learner.error, retry: () => void learner.refetch(), retrying: learner.isFetching } : null;
  return { as: 'learner', learnerId: user?._id ?? null, record: user, kidSessionsAvailable: 0, failure };
}
