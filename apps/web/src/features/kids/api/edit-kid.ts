import { useMutation, useQueryClient } from '@tanstack/react-query';
import { editedKidResponse, type EditedKidResponse, type EditKidPayload } from '@parley/domain/kids';
import { kidRecordQueryOptions } from '../../../shared/api/get-current-user';
import { http } from '../../../shared/lib/http';
import { peerQueryKey } from '../../peer/api/get-peer-overview';
import { refreshActiveKidProfile } from '../lib/active-kid';
import { kidsQueryOptions, updateKidsList } from './get-kids-by-parent-id';

// POST /api/learner/kids/:kidId/edit { name, dob } → { kid, message }; the rules are Add kid's
// (a null dob clears it). Another parent's kid (or one removed meanwhile) answers 404.
export type EditKidRequest = EditKidPayload & { kidId: string };

export function editKid({ kidId, name, dob }: EditKidRequest): Promise<EditedKidResponse> {
  return http.post(`/api/learner/kids/${encodeURIComponent(kidId)}/edit`, { name, dob }, { role: 'learner', actAs: 'learner', parse: (data) => editedKidResponse.parse(data) });
}

/**
 * Edits a kid: the list, CHILDREN, the kid switcher and (for the active kid) KID show the new
 * name at once; the kids peer page reads the new age (and any practice times withdrawn with it).
 */
export function useEditKid() {
  const queryClient = useQueryClient();
  const key = kidsQueryOptions().queryKey;
  return useMutation({
    mutationFn: editKid,
    onSuccess: ({ kid }) => {
      refreshActiveKidProfile(kid);
      return Promise.all([
        updateKidsList(queryClient, (kids) => kids.map((k) => (k._id === kid._id ? kid : k))),
        queryClient.invalidateQueries({ queryKey: kidRecordQueryOptions(kid._id).queryKey }),
        // The kids peer page: the kid's age, and any practice times the new date withdrew.
        queryClient.invalidateQueries({ queryKey: peerQueryKey }),
      ]);
    },
    // A refusal (the kid removed in another tab) means our list is out of date.
    onError: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
