import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { walletEntrySchema } from '@parley/domain/payments';
import { http } from '../../../shared/lib/http';

// GET /api/wallet/history?page&limit → { items, total }: the wallet's entries, newest first.
const historyResponse = z.object({ items: z.array(walletEntrySchema), total: z.number().int() });
export type WalletHistoryPage = z.infer<typeof historyResponse>;

export const WALLET_HISTORY_PAGE_SIZE = 10;

export function getWalletHistory(page: number, limit = WALLET_HISTORY_PAGE_SIZE): Promise<WalletHistoryPage> {
  return http.get('/api/wallet/history', { query: { page, limit }, role: 'learner', actAs: 'learner', parse: (data) => historyResponse.parse(data) });
}

export const walletHistoryQueryOptions = (page: number, limit = WALLET_HISTORY_PAGE_SIZE) =>
  queryOptions({ queryKey: ['wallet', 'history', page, limit], queryFn: () => getWalletHistory(page, limit) });

export function useWalletHistory(page: number) {
  return useQuery({ ...walletHistoryQueryOptions(page), placeholderData: keepPreviousData });
}
