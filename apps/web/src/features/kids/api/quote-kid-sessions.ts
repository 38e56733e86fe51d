import { queryOptions, useQuery } from '@tanstack/react-query';
import { kidSessionsQuote, type KidSessionsQuote, type KidSessionsQuoteQuery } from '@parley/domain/payments';
import { http } from '../../../shared/lib/http';

export type QuoteRequest = Required<Pick<KidSessionsQuoteQuery, 'subject' | 'learnerId' | 'sessionsBought' | 'isDemo'>> & { influencerCode: string | null };

// GET /api/kids/buy-sessions/quote → { unitPrice, subtotal, affiliate, grandTotal }, priced by the
// server as the purchase will be; an affiliate code that is not active answers OFFER_NOT_VALID.
export function quoteKidSessions({ influencerCode, ...rest }: QuoteRequest): Promise<KidSessionsQuote> {
  return http.get('/api/kids/buy-sessions/quote', {
    role: 'learner',
    actAs: 'learner',
    query: { ...rest, influencerCode: influencerCode ?? undefined },
    parse: (data) => kidSessionsQuote.parse(data),
  });
}

export const kidSessionsQuoteOptions = (request: QuoteRequest) =>
  queryOptions({ queryKey: ['kids', 'quote', request], queryFn: () => quoteKidSessions(request), staleTime: 60_000 });

export function useKidSessionsQuote(request: QuoteRequest) {
  return useQuery(kidSessionsQuoteOptions(request));
}
