import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { libraryVideosResponse, type libraryAudiences } from '@parley/domain/courses';
import { http } from '../../../shared/lib/http';

// GET /api/library/getVideos[?audience] → { items }: short free videos, playable without buying.
export type LibraryVideo = z.infer<typeof libraryVideosResponse>['items'][number];
export type LibraryAudience = (typeof libraryAudiences)[number];

export function getLibraryVideos(audience: LibraryAudience): Promise<LibraryVideo[]> {
  return http.get('/api/library/getVideos', { query: { audience }, role: 'learner', actAs: 'learner', parse: (data) => libraryVideosResponse.parse(data).items });
}

export const libraryVideosQueryOptions = (audience: LibraryAudience) =>
  queryOptions({ queryKey: ['library', 'videos', audience], queryFn: () => getLibraryVideos(audience), staleTime: 10 * 60_000 });

export function useLibraryVideos(audience: LibraryAudience = 'learners') {
  return useQuery(libraryVideosQueryOptions(audience));
}
