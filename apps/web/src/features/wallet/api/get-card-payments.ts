import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { cardPaymentsResponse, type CardPaymentsPage } from '@parley/domain/payments';
import { http } from '../../../shared/lib/http';

/** Who pays by card: a learner (the wallet page) or a peer-only account (its plans page). */
export type CardPayer = 'learner' | 'peer';

export const CARD_PAYMENTS_PAGE_SIZE = 10;

export function getCardPayments(as: CardPayer, page: number, limit = CARD_PAYMENTS_PAGE_SIZE): Promise<CardPaymentsPage> {
  return http.get('/api/payments/mine', { query: { page, limit }, role: as, actAs: as, parse: (data) => cardPaymentsResponse.parse(data) });
}

export const cardPaymentsQueryOptions = (as: CardPayer, page: number) =>
  queryOptions({ queryKey: ['payments', 'mine', as, page], queryFn: () => getCardPayments(as, page) });

export function useCardPayments(as: CardPayer, page: number) {
  return useQuery({ ...cardPaymentsQueryOptions(as, page), placeholderData: keepPreviousData });
}
