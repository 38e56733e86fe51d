import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { AccountDetailsPayload } from '@parley/domain/auth';
import { userRecordSchema, type UserRecord } from '@parley/domain/user';
import { meQueryOptions } from '../../../shared/api/get-current-user';
import { http } from '../../../shared/lib/http';
import { setItem } from '../../../shared/lib/storage';
import { peerQueryKey } from './get-peer-overview';

// PUT /api/peer/account (accountDetailsPayload) → { user }: a peer-only account's name, country and time zone.
const accountResponse = z.object({ user: userRecordSchema });

export function updatePeerAccount(payload: AccountDetailsPayload): Promise<UserRecord> {
  return http.put('/api/peer/account', payload, { role: 'peer', parse: (data) => accountResponse.parse(data).user });
}

export function useUpdatePeerAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePeerAccount,
    onSuccess: (user) => {
      setItem('USER', user);
      queryClient.setQueryData(meQueryOptions('peer').queryKey, user);
      // The practice profile and overview show the name too.
      void queryClient.invalidateQueries({ queryKey: peerQueryKey });
    },
  });
}
