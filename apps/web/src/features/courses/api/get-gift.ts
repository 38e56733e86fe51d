import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { giftPreviewSchema } from '@parley/domain/courses';
import { http } from '../../../shared/lib/http';

// GET /api/courses/gifts/{code} → what a redeem link shows before redeeming (public).
export type GiftPreview = z.infer<typeof giftPreviewSchema>;

export function getGift(code: string): Promise<GiftPreview> {
  return http.get(`/api/courses/gifts/${encodeURIComponent(code)}`, { parse: (data) => giftPreviewSchema.parse(data) });
}

export const giftQueryOptions = (code: string) => queryOptions({ queryKey: ['courses', 'gift', code], queryFn: () => getGift(code) });

export function useGift(code: string, enabled = true) {
  return useQuery({ ...giftQueryOptions(code), enabled });
}
