import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unappliedPaymentsResponse } from '@parley/domain/moderation';
import type { z } from 'zod';
import { http } from '../../../shared/lib/http';

// GET /api/moderator/unapplied-payments?page&limit → { items, total }: payments the provider
// captured that could not be credited or activated, newest first (moderator session only).
export type UnappliedPaymentsPage = z.infer<typeof unappliedPaymentsResponse>;

export const UNAPPLIED_PAYMENTS_PAGE_SIZE = 20;

export function getUnappliedPayments(page: number, limit = UNAPPLIED_PAYMENTS_PAGE_SIZE): Promise<UnappliedPaymentsPage> {
  return http.get('/api/moderator/unapplied-payments', {
    query: { page, limit },
    role: 'moderator',
    actAs: 'moderator',
    parse: (data) => unappliedPaymentsResponse.parse(data),
  });
}

export const unappliedPaymentsQueryOptions = (page: number, limit = UNAPPLIED_PAYMENTS_PAGE_SIZE) =>
  queryOptions({ queryKey: ['moderation', 'unapplied-payments', page, limit], queryFn: () => getUnappliedPayments(page, limit) });

export function useUnappliedPayments(page: number) {
  return useQuery({ ...unappliedPaymentsQueryOptions(page), placeholderData: keepPreviousData });
}
