import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getAllCoursesResponse, type CourseCard, type CourseSubject } from '@parley/domain/courses';
import { currencyForCountry } from '@parley/domain/money';
import { visitorCountry } from '../../../shared/lib/countries';
import { http } from '../../../shared/lib/http';
import { isSignedInLearner } from '../lib/signed-in-learner';

// GET /api/courses/getAllCourses?page&limit[&subject][&search] → { items, total, page, limit, currency }:
// live courses, priced in the viewer's currency. Public: a visitor without a session sees it too,
// priced for the country their timezone implies (a learner's currency comes from their account).
export type { CourseCard };
export type CoursePage = z.infer<typeof getAllCoursesResponse>;
export type CatalogueQuery = { page: number; limit: number; subject?: CourseSubject; search?: string };

/** Cards on one page of the catalogue (the server allows up to 100; 12 fills a 3- or 4-column grid). */
export const CATALOGUE_PAGE_SIZE = 12;

export function getAllCourses(query: CatalogueQuery): Promise<CoursePage> {
  const signedIn = isSignedInLearner();
  return http.get('/api/courses/getAllCourses', {
    query: { page: query.page, limit: query.limit, subject: query.subject, search: query.search || undefined, currency: signedIn ? undefined : currencyForCountry(visitorCountry()) },
    ...(signedIn ? { role: 'learner', actAs: 'learner' } : {}),
    parse: (data) => getAllCoursesResponse.parse(data),
  });
}

export const allCoursesQueryOptions = (query: CatalogueQuery) =>
  queryOptions({
    queryKey: ['courses', 'catalogue', query.subject ?? 'all', query.search ?? '', query.page, query.limit],
    queryFn: () => getAllCourses(query),
    staleTime: 60_000,
  });

export function useAllCourses(query: CatalogueQuery) {
  return useQuery({ ...allCoursesQueryOptions(query), placeholderData: keepPreviousData });
}
