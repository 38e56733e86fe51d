import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { BoundedMap } from '@parley/domain/bounded-map';
import { currencies, DEFAULT_PRICE_CURRENCY, PRICE_CURRENCY_COOKIE, type Currency } from '@parley/domain/money';

/**
 * What a page's HTML response carries besides index.html: `Link` header values (its largest image,
 * fetched at once), the files of its code chunks, and data inlined as a JSON block, so the page
 * shows it without a request.
 *
 * A page that arrives rendered is painted before its code is fetched (main.tsx), so its scripts do
 * not compete with its stylesheet and image: its chunks are named on `#root`
 * (`data-page-chunks`) for main.tsx to preload with the app. A page that arrives empty has
 * nothing to paint: its chunks go in the `Link` header, fetched beside the entry script.
 */
export type PageExtras = { links?: string[]; chunks: string[]; data?: { elementId: string; json: string }; head?: PageHead; status?: 404 };

/**
 * What a page's HTML says of it in `<head>` in place of index.html's generic title and description
 * (a post's own, from its front matter), so a link preview or a search result names the page.
 */
export type PageHead = { title: string; description?: string };

/**
 * Serves the built SPA; unknown non-API GETs get index.html so client routes load, with what
 * `extrasFor` names for the page. A page that shows its not-found (a path the app has no page for,
 * as the web build's renderer says; a post or course `extrasFor` does not know, `status: 404`)
 * answers 404 with the same HTML, rendered by the browser. Nothing when there is no build (the API
 * runs alone).
 */
export async function serveWebApp(app: FastifyInstance, webDist: string, extrasFor: (pathname: string, search: string) => Promise<PageExtras | null>): Promise<void> {
  const indexHtml = path.join(webDist, 'index.html');
  if (!existsSync(indexHtml)) return;
  // Read once: the build a server serves does not change while it runs.
  const indexText = readFileSync(indexHtml, 'utf8');
  const renderer = await loadPageRenderer(webDist);
  // wildcard: false gives each built file its own route; every other GET is a client route.
  // The build writes .br/.gz beside each asset; hashed files under /assets never change.
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || pathname.startsWith('/room/')) {
      return reply.status(404).send({ code: 'NOT_FOUND', message: `No route for GET ${pathname}` });
    }
    // Only a speed-up: when it fails, the page still loads and asks for what it needs.
    const extras = await extrasFor(pathname, request.url.slice(pathname.length + 1)).catch((error: unknown) => {
      request.log.warn({ err: error }, 'page extras failed');
      return null;
    });
    // Only a speed-up too: without the markup, the browser renders the page itself. The markup is
    // the page without its query string (the catalogue's is rendered only when the first page comes
    // with it), so the renders a server makes are bounded by its public pages.
    // A not-found is never rendered here, so an unknown URL costs no render and no cache entry.
    const notFound = extras?.status === 404 || (renderer?.isUnknownPage(pathname) ?? false);
    const currency = priceCurrencyOf(request.cookies[PRICE_CURRENCY_COOKIE]) ?? DEFAULT_PRICE_CURRENCY;
    const markup =
      renderer && !notFound
        ? await renderer.renderPage(pathname, extras?.data, currency).catch((error: unknown) => {
            request.log.warn({ err: error }, 'page render failed');
            return null;
          })
        : null;
    reply.header('cache-control', 'no-cache');
    const chunks = extras?.chunks ?? [];
    const links = [...(extras?.links ?? []), ...(markup === null ? chunks.map((file) => `<${file}>; rel=modulepreload`) : [])];
    if (links.length) reply.header('link', links.join(', '));
    if (!notFound && !extras?.data && !extras?.head && markup === null) return reply.sendFile('index.html');
    const withMarkup = markup === null ? indexText : withRootMarkup(indexText, markup, currency, chunks);
    const withHead = extras?.head ? withPageHead(withMarkup, extras.head) : withMarkup;
    const html = extras?.data ? withJsonBlock(withHead, extras.data.elementId, extras.data.json) : withHead;
    reply.status(notFound ? 404 : 200).type('text/html; charset=utf-8').header('vary', 'accept-encoding');
    if (!/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) return reply.send(html);
    return reply.header('content-encoding', 'gzip').send(gzipSync(html));
  });
}

/**
 * The script policy's sources for index.html's inline scripts (the build puts early-actions.js
 * there): each one's hash, so they run and nothing else inline does. None without a build.
 */
export function inlineScriptSources(webDist: string): string[] {
  const indexHtml = path.join(webDist, 'index.html');
  if (!existsSync(indexHtml)) return [];
  const scripts = readFileSync(indexHtml, 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g);
  return [...scripts].map(([, text]) => `'sha256-${createHash('sha256').update(text!).digest('base64')}'`);
}

/**
 * index.html with a `<script type="application/json">` block before `</head>`. Every `<` in the
 * JSON is written `\u003c` (JSON reads it back the same), so text such as a course title cannot
 * close the block; the browser never runs the block, so the script policy does not apply.
 */
export function withJsonBlock(html: string, elementId: string, json: string): string {
  const block = `<script type="application/json" id="${elementId}">${json.replaceAll('<', '\\u003c')}</script>`;
  return html.replace('</head>', () => `${block}</head>`);
}

/**
 * index.html with the page's markup inside `<div id="root">`, which names the currency the markup's
 * prices are in (the browser keeps them in it until it has taken the markup over) and the page's
 * code chunks (root-relative build files, which need no escaping).
 */
export function withRootMarkup(html: string, markup: string, currency: Currency, chunks: readonly string[] = []): string {
  const chunkList = chunks.length ? ` data-page-chunks="${chunks.join(' ')}"` : '';
  return html.replace('<div id="root"></div>', () => `<div id="root" data-price-currency="${currency}"${chunkList}>${markup}</div>`);
}

/**
 * index.html with the page's own title ("<page> · Parley", as the web app names its tab:
 * shared/lib/page-title.ts) and description. Both are escaped: front matter is text, not markup.
 */
export function withPageHead(html: string, head: PageHead): string {
  const titled = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)} · Parley</title>`);
  const { description } = head;
  if (description === undefined) return titled;
  return titled.replace(/<meta name="description" content="[^"]*"\s*\/?>/, () => `<meta name="description" content="${escapeHtml(description)}" />`);
}

const htmlEntities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => htmlEntities[character]!);

type RenderPage = (pathname: string, sent: { elementId: string; json: string } | undefined, currency: Currency) => Promise<string | null>;
/** The web build's renderer, and whether a path is one the app has no page for (it shows its not-found page). */
type PageRenderer = { renderPage: RenderPage; isUnknownPage: (pathname: string) => boolean };

/** The currency a browser said it shows prices in; anything else reads as unsaid. */
const priceCurrencyOf = (value: string | undefined): Currency | undefined => currencies.find((currency) => currency === value);

/** Renders kept per path and inlined data (the catalogue's changes when courses do); the oldest go first. */
const RENDER_CACHE_ENTRIES = 64;

/**
 * The web build's renderer of the public pages (dist/.ssr/entry-server.js, from `vite build --ssr`),
 * with its answers cached: a page's markup depends only on its URL and the data inlined with it.
 * Null when the build has none.
 */
async function loadPageRenderer(webDist: string): Promise<PageRenderer | null> {
  const entry = path.join(webDist, '.ssr', 'entry-server.js');
  if (!existsSync(entry)) return null;
  const { renderPage, isUnknownPage } = (await import(pathToFileURL(entry).href)) as { renderPage: RenderPage; isUnknownPage?: PageRenderer['isUnknownPage'] };
  const cache = new BoundedMap<string, Promise<string | null>>(RENDER_CACHE_ENTRIES);
  const cachedRender: RenderPage = (pathname, sent, currency) => {
    const key = `${pathname}\n${currency}\n${sent ? createHash('sha256').update(sent.elementId).update(sent.json).digest('base64url') : ''}`;
    const cached = cache.get(key);
    if (cached) {
      // Set again, it is the newest: the least recently used page is the one forgotten.
      cache.set(key, cached);
      return cached;
    }
    const rendered = renderPage(pathname, sent, currency);
    cache.set(key, rendered);
    rendered.catch(() => cache.delete(key));
    return rendered;
  };
  return { renderPage: cachedRender, isUnknownPage: isUnknownPage ?? (() => false) };
}
