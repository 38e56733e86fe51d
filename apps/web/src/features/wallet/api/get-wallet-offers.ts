import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { WalletOffer } from '@parley/domain/add-money';
import type { Currency } from '@parley/domain/money';
import { offerSchema } from '@parley/domain/payments';
import { http } from '../../../shared/lib/http';

// GET /api/offers?couponValidFor=Wallet&currency= → { allOffers }: the coupons valid for a top-up in that currency.
const offersResponse = z.object({ allOffers: z.array(offerSchema) });

export type RecommendedOffer = WalletOffer & { id: string; currency: Currency };

export function getWalletOffers(currency: Currency): Promise<RecommendedOffer[]> {
  return http.get('/api/offers', {
    query: { couponValidFor: 'Wallet', currency },
    role: 'learner',
    actAs: 'learner',
    parse: (data) =>
      offersResponse.parse(data).allOffers.map((offer) => ({
        id: offer._id,
        coupon: offer.coupon,
        walletAmountMinor: offer.walletAmount,
        cashBackAmountMinor: offer.cashBackAmount,
        currency: offer.currency,
      })),
  });
}

export const walletOffersQueryOptions = (currency: Currency) =>
  queryOptions({ queryKey: ['wallet', 'offers', currency], queryFn: () => getWalletOffers(currency), staleTime: 5 * 60_000 });

export function useWalletOffers(currency: Currency, enabled = true) {
  return useQuery({ ...walletOffersQueryOptions(currency), enabled });
}
