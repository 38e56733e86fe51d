import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { moneySchema } from '@parley/domain/money-schema';
import type { BuyWithWalletBody } from '@parley/domain/plans';
import { userRecordSchema } from '@parley/domain/user';
import { meQueryOptions } from '../../../shared/api/get-current-user';
import { http, isApiError } from '../../../shared/lib/http';
import { setItem } from '../../../shared/lib/storage';
import { peerQueryKey } from '../../peer/api/get-peer-overview';

// POST /api/plans/:id/buy-with-wallet { currentSubscriptionId, requestKey } → { message, user, closingBalance };
// 409 INSUFFICIENT_BALANCE, or PLAN_CHANGED when a plan was bought since the page showed `currentSubscriptionId`.
// The same requestKey sent again (a retry after a lost answer) is answered as the purchase it made, charged once.
const buyResponse = z.object({ message: z.string(), user: userRecordSchema, closingBalance: moneySchema });
export type BuyPlanResponse = z.infer<typeof buyResponse>;

export type BuyPlanInput = { planId: string; currentSubscriptionId: string | null; requestKey: string };

export function buyPlanWithWallet({ planId, currentSubscriptionId, requestKey }: BuyPlanInput): Promise<BuyPlanResponse> {
  return http.post(`/api/plans/${encodeURIComponent(planId)}/buy-with-wallet`, { currentSubscriptionId, requestKey } satisfies BuyWithWalletBody, {
    role: 'learner',
    actAs: 'learner',
    parse: (data) => buyResponse.parse(data),
  });
}

/**
 * On success the user record (now subscribed) replaces USER; the wallet, peer minutes (a Peer plan
 * adds them) and the kids' session counts (a kids plan covers the parent's kids) refresh.
 * A refusal fetches the wallet again, and a plan bought meanwhile elsewhere (PLAN_CHANGED), so the page shows
 * them before the learner decides again.
 */
export function useBuyPlanWithWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: buyPlanWithWallet,
    onSuccess: ({ user, closingBalance }) => {
      setItem('USER', user);
      queryClient.setQueryData(meQueryOptions('learner').queryKey, user);
      queryClient.setQueryData(['wallet', 'balance'], closingBalance);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['wallet'] }),
        queryClient.invalidateQueries({ queryKey: peerQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['kid'] }),
      ]);
    },
    onError: (error) => {
      if (!isApiError(error) || error.status !== 409) return;
      // Refused for what the page showed (the balance, or the plan, changed in another tab): both are fetched again.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['wallet'] }),
        error.code === 'PLAN_CHANGED' ? queryClient.invalidateQueries({ queryKey: meQueryOptions('learner').queryKey }) : null,
      ]);
    },
  });
}
