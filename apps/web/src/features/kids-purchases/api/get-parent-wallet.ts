import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Money } from '@parley/domain/money';
import { walletResponse } from '@parley/domain/payments';
import { http } from '../../../shared/lib/http';

// GET /api/wallet → { closingBalance }: kids' sessions are paid from the parent's wallet, so the
// call uses the parent's learner session. Same cache entry as the wallet feature's balance.
export function getParentWallet(): Promise<Money> {
  return http.get('/api/wallet', { role: 'learner', actAs: 'learner', parse: (data) => walletResponse.parse(data).closingBalance });
}

export const parentWalletQueryOptions = () => queryOptions({ queryKey: ['wallet', 'balance'], queryFn: getParentWallet, staleTime: 30_000 });

export function useParentWallet() {
  return useQuery(parentWalletQueryOptions());
}
