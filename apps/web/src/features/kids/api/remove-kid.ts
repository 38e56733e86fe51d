import { useMutation, useQueryClient } from '@tanstack/react-query';
import { removedKidResponse, type RemovedKidResponse } from '@parley/domain/kids';
import { http } from '../../../shared/lib/http';
import { kidPeerKidsQueryOptions } from '../../peer/api/get-kid-peer-kids';
import { forgetActiveKid } from '../lib/active-kid';
import { kidsQueryOptions, updateKidsList } from './get-kids-by-parent-id';

// POST /api/learner/kids/:kidId/remove → { kidId, message }. Only a profile nothing hangs on
// goes: one with sessions, purchases, peer practice or chats answers 409 CONFLICT, its message
// naming why. Another parent's kid answers 404.
export function removeKid(kidId: string): Promise<RemovedKidResponse> {
  return http.post(`/api/learner/kids/${encodeURIComponent(kidId)}/remove`, {}, { role: 'learner', actAs: 'learner', parse: (data) => removedKidResponse.parse(data) });
}

/** Removes a kid profile: gone from the list, CHILDREN and the kid switcher, and no longer the active kid. */
export function useRemoveKid() {
  const queryClient = useQueryClient();
  const key = kidsQueryOptions().queryKey;
  return useMutation({
    mutationFn: removeKid,
    onSuccess: ({ kidId }) => {
      forgetActiveKid(kidId);
      queryClient.removeQueries({ queryKey: ['kid', kidId] });
      return Promise.all([
        updateKidsList(queryClient, (kids) => kids.filter((k) => k._id !== kidId)),
        queryClient.invalidateQueries({ queryKey: kidPeerKidsQueryOptions().queryKey }),
      ]);
    },
    onError: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
