import type { QueryClient } from '@tanstack/react-query';
import { getAllCoursesResponse } from '@parley/domain/courses';
import type { Currency } from '@parley/domain/money';
import { catalogueParams, catalogueQueryOf, pageInCurrency } from './catalogue-request';
import { allCoursesQueryOptions } from './get-all-courses';

/**
 * The server's renderer: puts the catalogue's first page the HTML of /courses carries into the
 * query cache, in the visitor's currency (as their browser said, else the default), so the page
 * renders as its first render will.
 */
export function seedCatalogueFromHtml(queryClient: QueryClient, pages: unknown, currency: Currency): void {
  const page = pageInCurrency(pages, currency);
  if (page === undefined) return;
  const firstPage = catalogueQueryOf(catalogueParams(new URLSearchParams()), currency);
  queryClient.setQueryData(allCoursesQueryOptions(firstPage).queryKey, getAllCoursesResponse.parse(page));
}
