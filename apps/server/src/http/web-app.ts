import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * What a page's HTML response carries besides index.html: `Link` header values (its chunks and
 * its largest image, fetched while the entry script loads) and data inlined as a JSON block, so
 * the page shows it without a request.
 */
export type PageExtras = { links: string[]; data?: { elementId: string; json: string } };

/**
 * Serves the built SPA; unknown non-API GETs get index.html so client routes load, with what
 * `extrasFor` names for the page. Nothing when there is no build (the API runs alone).
 */
export async function serveWebApp(app: FastifyInstance, webDist: string, extrasFor: (pathname: string, search: string) => Promise<PageExtras | null>): Promise<void> {
  const indexHtml = path.join(webDist, 'index.html');
  if (!existsSync(indexHtml)) return;
  // Read once: the build a server serves does not change while it runs.
  const indexText = readFileSync(indexHtml, 'utf8');
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
    reply.header('cache-control', 'no-cache');
    if (extras?.links.length) reply.header('link', extras.links.join(', '));
    if (!extras?.data) return reply.sendFile('index.html');
    const html = withJsonBlock(indexText, extras.data.elementId, extras.data.json);
    reply.type('text/html; charset=utf-8').header('vary', 'accept-encoding');
    if (!/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) return reply.send(html);
    return reply.header('content-encoding', 'gzip').send(gzipSync(html));
  });
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
