import { queryOptions, useQuery } from '@tanstack/react-query';
import { kidPeerPracticeResponse, type KidPeerPractice } from '@parley/domain/kid-peer';
import { http } from '../../../shared/lib/http';

// GET /api/kid-peer/practice as the kid (x-parley-as: kid) → { consent, next }: whether the parent
// switched peer practice on for this kid, and the kid's next practice time. The kid id is in the
// key so a switch never shows the previous kid's.

/** The kid's practice times and Join, in the kids area. */
export const KID_PEER_PRACTICE_PATH = '/kids/peer-practice';

export function getKidPeerPractice(): Promise<KidPeerPractice> {
  return http.get('/api/kid-peer/practice', { role: 'kid', actAs: 'kid', parse: (data) => kidPeerPracticeResponse.parse(data) });
}

export const kidPeerPracticeQueryOptions = (kidId: string) =>
  queryOptions({ queryKey: ['kid', kidId, 'peer-practice'], queryFn: getKidPeerPractice, staleTime: 60_000 });

export function useKidPeerPractice(kidId: string | null, enabled = true) {
  return useQuery({ ...kidPeerPracticeQueryOptions(kidId ?? ''), enabled: enabled && kidId !== null });
}
