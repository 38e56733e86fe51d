import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { matchRoutes, StaticRouter } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { BLOG_DATA_ELEMENT_ID } from '@parley/domain/blog';
import { CATALOGUE_FIRST_PAGE_ELEMENT_ID, PUBLIC_PLANS_ELEMENT_ID } from '@parley/domain/constants';
import { DEFAULT_PRICE_CURRENCY, type Currency } from '@parley/domain/money';
import { App } from './app/app';
import { AppProviders } from './app/providers';
import { refusesParams } from './app/known-params';
import { createQueryClient } from './app/query-client';
import { routes } from './app/router';
import { RenderedPriceCurrency } from './shared/lib/price-currency';
import { seedBlogFromHtml } from './features/blog/api/seed-query-cache';
import { seedCatalogueFromHtml } from './features/courses/api/seed-query-cache';
import { seedPublicPlansFromHtml } from './features/subscriptions/api/seed-query-cache';

// The server's renderer (built by `vite build --ssr` into dist/.ssr): the HTML of a public page as a
// signed-out visitor's first render shows it, so the browser paints the page before any script has
// run; start.tsx then hydrates it. Only the pages below, which look the same to every signed-out
// visitor but for prices: those follow the visitor's timezone, which only the browser knows and
// tells in a cookie (PRICE_CURRENCY_COOKIE); on a first visit React re-renders what differs.

/**
 * The paths rendered on the server; every other route starts empty and renders in the browser.
 * The catalogue and a post are rendered only with the data their HTML carries (the first page of
 * courses; a post that exists), so an unknown URL never costs a render.
 */
const prerenderedRoutes = [
  ...['/', '/blog', '/organization', '/teach-with-us', '/subscription', '/peer-learning', '/privacy-policy'].map((path) => ({ path, needsData: false })),
  ...['/courses', '/blog/:slug'].map((path) => ({ path, needsData: true })),
];

/**
 * Whether the app has no page at `pathname`: only the catch-all route matches, which shows the
 * not-found page. The server answers such a path 404 (a post or a course it does not have, it
 * knows itself).
 */
export function isUnknownPage(pathname: string): boolean {
  const matches = matchRoutes(routes, pathname) ?? [];
  return matches.at(-1)?.route.path === '*' || matches.some(refusesParams);
}

/** What the page's HTML carries as a JSON block: the same data its first render reads from that block. */
export type SentWithHtml = { elementId: string; json: string };

const seeders: Record<string, (queryClient: QueryClient, data: unknown, currency: Currency) => void> = {
  [BLOG_DATA_ELEMENT_ID]: seedBlogFromHtml,
  [CATALOGUE_FIRST_PAGE_ELEMENT_ID]: seedCatalogueFromHtml,
  [PUBLIC_PLANS_ELEMENT_ID]: seedPublicPlansFromHtml,
};

/** How React marks a Suspense boundary whose content would come later in the stream, put in place by a script. */
const PENDING_BOUNDARY = '<!--$?-->';

/**
 * The markup inside #root for the page at `pathname` (what it shows without a query string) with
 * `sent` in the query cache, prices in `currency`; null for a page not rendered on the server, or when a part of it
 * could not be rendered (the page then renders in the browser, as before).
 */
export async function renderPage(pathname: string, sent?: SentWithHtml, currency: Currency = DEFAULT_PRICE_CURRENCY): Promise<string | null> {
  const route = matchRoutes(prerenderedRoutes, pathname)?.[0]?.route;
  if (!route || (route.needsData && !sent)) return null;
  const queryClient = createQueryClient();
  try {
    if (sent) seeders[sent.elementId]?.(queryClient, JSON.parse(sent.json), currency);
    let failed = false;
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <StaticRouter location={pathname}>
            <RenderedPriceCurrency value={currency}>
              <App />
            </RenderedPriceCurrency>
          </StaticRouter>
        </AppProviders>
      </StrictMode>,
      {
        // One piece of HTML in document order: no boundary is split out to be moved by a script.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onError: () => {
          failed = true;
        },
      },
    );
    const chunks: Buffer[] = [];
    for await (const chunk of prelude) chunks.push(chunk as Buffer);
    const html = Buffer.concat(chunks).toString('utf8');
    return failed || html.includes(PENDING_BOUNDARY) ? null : html;
  } finally {
    queryClient.clear();
  }
}
