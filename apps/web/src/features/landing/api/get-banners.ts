import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Banner } from '@parley/domain/promo';
import { http } from '../../../shared/lib/http';

// GET /api/banners → { items: Banner[] }. Checked by hand
// (landing-page budget, see shared/api/get-trial-price.ts); a malformed item is dropped, not shown.
function isBanner(value: unknown): value is Banner {
  const b = value as Partial<Record<keyof Banner, unknown>> | null;
  return (
    !!b &&
    typeof b.code === 'string' &&
    typeof b.title === 'string' &&
    typeof b.discountPercent === 'number' &&
    typeof b.endsAt === 'string' &&
    !Number.isNaN(Date.parse(b.endsAt))
  );
}

export function parseBannersResponse(data: unknown): Banner[] {
  const items = (data as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) throw new TypeError('Unexpected banners response');
  return items.filter(isBanner);
}

export function getBanners(): Promise<Banner[]> {
  return http.get('/api/banners', { parse: parseBannersResponse });
}

export const bannersQueryOptions = () => queryOptions({ queryKey: ['banners'], queryFn: getBanners, staleTime: 5 * 60_000 });

export function useBanners() {
  return useQuery(bannersQueryOptions());
}
