import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { libraryVideosResponse, type libraryAudiences } from '@parley/domain/courses';
import type { Role } from '@parley/domain/roles';
import { http } from '../lib/http';

// GET /api/library/getVideos[?audience] → { items }: short free videos, playable without buying
// (spec §7.7). Learners see them on My Courses, kids on their dashboard. The server decides by the
// session: a kid always gets the kids' videos (and those for both), whatever audience is asked.
export type LibraryVideo = z.infer<typeof libraryVideosResponse>['items'][number];
export type LibraryAudience = (typeof libraryAudiences)[number];

/** Whose session asks: a learner, or a kid (sent as x-parley-as: kid, beside the parent's cookie). */
export type LibraryViewer = Extract<Role, 'learner' | 'kid'>;

export function getLibraryVideos(audience: LibraryAudience, as: LibraryViewer = 'learner'): Promise<LibraryVideo[]> {
  return http.get('/api/library/getVideos', { query: { audience }, role: as, actAs: as, parse: (data) => libraryVideosResponse.parse(data).items });
}

export const libraryVideosQueryOptions = (audience: LibraryAudience, as: LibraryViewer = 'learner') =>
  queryOptions({ queryKey: ['library', 'videos', audience, as], queryFn: () => getLibraryVideos(audience, as), staleTime: 10 * 60_000 });

export function useLibraryVideos(audience: LibraryAudience = 'learners', as: LibraryViewer = 'learner') {
  return useQuery(libraryVideosQueryOptions(audience, as));
}
