import { CATALOGUE_FIRST_PAGE_ELEMENT_ID, CATALOGUE_PAGE_SIZE } from '@parley/domain/constants';
import type { CourseSubject } from '@parley/domain/courses';
import type { Currency } from '@parley/domain/money';
import { http } from '../../../shared/lib/http';
import { takeJsonBlock } from '../../../shared/lib/json-block';
import { visitorCurrency } from '../../../shared/lib/price-currency';
import { isSignedInLearner } from '../lib/signed-in-learner';

// GET /api/courses/getAllCourses?page&limit[&subject][&search][&currency]: the request on its own,
// apart from its schema (get-all-courses.ts parses every answer with the domain's). Nothing here
// loads zod, so the router can send the catalogue's first request for /courses while the page's
// code is still arriving, and the page picks the answer up (startCatalogueRequest, takeCatalogueRequest).

/** `currency` prices a visitor's cards (a signed-in learner's come in their account's currency). */
export type CatalogueQuery = { page: number; limit: number; subject?: CourseSubject; search?: string; currency: Currency };

export { CATALOGUE_PAGE_SIZE };
export const CATALOGUE_SEARCH_MAX = 100;

/** Each subject's name in the filter; a Record, so a subject added to the domain cannot be left out. */
export const subjectLabels: Record<CourseSubject, string> = { English: 'English', IELTS: 'IELTS', Kids: 'Kids', AI: 'AI' };

/** The subject a URL names, in any letter case (?subject=kids is Kids); anything else is none. */
const subjectNamed = (value: string | null): CourseSubject | undefined =>
  value === null ? undefined : (Object.keys(subjectLabels) as CourseSubject[]).find((subject) => subject.toLowerCase() === value.trim().toLowerCase());

/** page, subject and search from the URL; anything malformed reads as its default. */
export function catalogueParams(search: URLSearchParams, fixedSubject?: CourseSubject) {
  const pageNumber = Number(search.get('page'));
  const page = Number.isInteger(pageNumber) && pageNumber >= 1 && pageNumber <= 10_000 ? pageNumber : 1;
  const askedSubject = search.get('subject');
  const subject = fixedSubject ?? subjectNamed(askedSubject);
  const text = (search.get('search') ?? '').trim().slice(0, CATALOGUE_SEARCH_MAX);
  return { page, subject, search: text };
}

/** The catalogue page a URL query shows, priced in `currency`. */
export function catalogueQueryOf(params: ReturnType<typeof catalogueParams>, currency: Currency): CatalogueQuery {
  return { page: params.page, limit: CATALOGUE_PAGE_SIZE, subject: params.subject, search: params.search || undefined, currency };
}

/** The raw answer: a visitor's prices in the query's currency, a learner's from their account. */
export function requestCatalogue(query: CatalogueQuery): Promise<unknown> {
  const signedIn = isSignedInLearner();
  return http.get<unknown>('/api/courses/getAllCourses', {
    query: { page: query.page, limit: query.limit, subject: query.subject, search: query.search || undefined, currency: signedIn ? undefined : query.currency },
    ...(signedIn ? { role: 'learner', actAs: 'learner' } : {}),
  });
}

/** An answer asked for before the page could; taken once, and only while fresh. */
const EARLY_ANSWER_FRESH_MS = 10_000;
let early: { key: string; at: number; answer: Promise<unknown>; sent: unknown } | null = null;

const keyOf = (query: CatalogueQuery) => JSON.stringify([query.page, query.limit, query.subject ?? null, query.search ?? null, query.currency]);

/**
 * Starts the first card's cover (the page's largest image) downloading as soon as the answer is in,
 * while the page's code is still on its way: a hint to the browser, which the card's <img> then
 * finds loaded. The answer is not parsed yet, so the hint takes nothing but a same-origin media path;
 * what the page shows comes from the parsed answer.
 */
function preloadFirstCover(data: unknown): void {
  const coverUrl = (data as { items?: { coverUrl?: unknown }[] } | null)?.items?.[0]?.coverUrl;
  if (typeof coverUrl !== 'string' || !/^\/api\/media\/[\w-]+$/.test(coverUrl)) return;
  const link = document.createElement('link');
  link.setAttribute('rel', 'preload');
  link.setAttribute('as', 'image');
  link.setAttribute('fetchpriority', 'high');
  link.setAttribute('href', coverUrl);
  document.head.append(link);
}

/**
 * The first page the server sent inside the HTML of /courses ({ INR: page, USD: page }), in this
 * visitor's currency, when `query` is that page and nobody is signed in. Read once: the block is
 * removed, so a later visit in this tab asks the server (courses and prices change).
 */
function pageSentWithHtml(query: CatalogueQuery): unknown {
  const pages = takeJsonBlock(CATALOGUE_FIRST_PAGE_ELEMENT_ID);
  const isFirstPage = query.page === 1 && query.limit === CATALOGUE_PAGE_SIZE && !query.subject && !query.search;
  if (pages === undefined || !isFirstPage || isSignedInLearner()) return undefined;
  return pageInCurrency(pages, query.currency);
}

/** Sends the request /courses?<search> will make, before its page has loaded (or takes the page the HTML brought). */
export function startCatalogueRequest(search: string): void {
  const query = catalogueQueryOf(catalogueParams(new URLSearchParams(search)), visitorCurrency());
  const sent = pageSentWithHtml(query);
  const answer = sent === undefined ? requestCatalogue(query) : Promise.resolve(sent);
  // A failure is the page's to show when it takes the answer; unclaimed, it must not surface as unhandled.
  answer.then(preloadFirstCover, () => undefined);
  early = { key: keyOf(query), at: Date.now(), answer, sent };
}

/**
 * The page the HTML brought for `query` (unparsed), taken at once: the first render shows it, as
 * the server's render of the page did, so the browser hydrates that markup without a request.
 */
export function takeCataloguePageSentWithHtml(query: CatalogueQuery): unknown {
  if (!early || early.sent === undefined || early.key !== keyOf(query)) return undefined;
  const { sent } = early;
  early = null;
  return sent;
}

/** The first page in `currency`, from the block the server inlines ({ INR: page, USD: page }). */
export function pageInCurrency(pages: unknown, currency: Currency): unknown {
  return (pages as Record<string, unknown> | null)?.[currency];
}

/** The early answer for `query`, if one was asked for it moments ago; later calls ask the server again. */
export function takeCatalogueRequest(query: CatalogueQuery): Promise<unknown> | undefined {
  const taken = early;
  early = null;
  if (!taken || taken.key !== keyOf(query) || Date.now() - taken.at > EARLY_ANSWER_FRESH_MS) return undefined;
  return taken.answer;
}
