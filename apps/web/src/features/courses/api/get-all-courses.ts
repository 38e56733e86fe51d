import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getAllCoursesResponse, type CourseCard } from '@parley/domain/courses';
import { requestCatalogue, takeCataloguePageSentWithHtml, takeCatalogueRequest, type CatalogueQuery } from './catalogue-request';

// GET /api/courses/getAllCourses?page&limit[&subject][&search] → { items, total, page, limit, currency }:
// live courses, priced in the viewer's currency. Public: a visitor without a session sees it too,
// priced for the country their timezone implies (a learner's currency comes from their account).
// The request itself is in catalogue-request.ts, so /courses can send it before this module loads.
export type { CourseCard };
export type CoursePage = z.infer<typeof getAllCoursesResponse>;

export async function getAllCourses(query: CatalogueQuery): Promise<CoursePage> {
  const data = await (takeCatalogueRequest(query) ?? requestCatalogue(query));
  return getAllCoursesResponse.parse(data);
}

/** The page the HTML brought, parsed like an answer; undefined when there is none (or it does not parse). */
function pageFromHtml(query: CatalogueQuery): CoursePage | undefined {
  const sent = takeCataloguePageSentWithHtml(query);
  if (sent === undefined) return undefined;
  const parsed = getAllCoursesResponse.safeParse(sent);
  return parsed.success ? parsed.data : undefined;
}

// The first render already has the first page when the HTML brought it: the server rendered the
// same cards, so nothing shifts and no request is made.
export const allCoursesQueryOptions = (query: CatalogueQuery) =>
  queryOptions({
    queryKey: ['courses', 'catalogue', query.subject ?? 'all', query.search ?? '', query.page, query.limit, query.currency],
    queryFn: () => getAllCourses(query),
    initialData: () => pageFromHtml(query),
    staleTime: 60_000,
  });

export function useAllCourses(query: CatalogueQuery) {
  return useQuery({ ...allCoursesQueryOptions(query), placeholderData: keepPreviousData });
}
