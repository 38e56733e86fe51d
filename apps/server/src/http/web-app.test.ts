import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BLOG_DATA_ELEMENT_ID } from '@parley/domain/blog';
import { PUBLIC_PLANS_ELEMENT_ID } from '@parley/domain/constants';
import { PRICE_CURRENCY_COOKIE } from '@parley/domain/money';
import { createTestApp, type TestApp } from '../test/harness';
import { withPageHead } from './web-app';

// The public pages arrive rendered: the server puts the web build's renderer's markup (dist/.ssr,
// here a stand-in that records its calls) inside #root, with the data inlined beside it and the
// page's chunks named on #root (main.tsx fetches them once the page has painted).

type Call = { pathname: string; elementId: string | null; currency: string | null };
const calls = (): Call[] => (globalThis as { parleyRenderCalls?: Call[] }).parleyRenderCalls ?? [];

const renderer = `
globalThis.parleyRenderCalls = [];
export async function renderPage(pathname, sent, currency) {
  globalThis.parleyRenderCalls.push({ pathname, elementId: sent ? sent.elementId : null, currency: currency ?? null });
  if (pathname === '/broken') throw new Error('render failed');
  if (pathname === '/learner' || pathname === '/teach-with-us') return null;
  // As the real one: a post only with its data, a course page never.
  if ((pathname.startsWith('/blog/') && !sent) || pathname.startsWith('/courses/')) return null;
  return '<main><h1>Rendered ' + pathname + ' in ' + (currency ?? 'the default currency') + '</h1></main>';
}
export function isUnknownPage(pathname) {
  return pathname.startsWith('/no-such-');
}
`;

// The entry imports the app once the page has painted; each page chunk imports a shared one.
const manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, dynamicImports: ['src/app/start.tsx'] },
  'src/app/start.tsx': { file: 'assets/start-1.js', imports: ['_react-1.js'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_forms-1.js': { file: 'assets/forms-1.js', imports: ['_react-1.js'] },
  'src/organization.tsx': { file: 'assets/organization-page-1.js', name: 'organization-page', imports: ['_forms-1.js'] },
  'src/teach.tsx': { file: 'assets/teach-with-us-page-1.js', name: 'teach-with-us-page', imports: ['_forms-1.js'] },
};

/** index.html's own script (early-actions.js in the build), allowed by its hash and nothing else inline. */
const inlineScript = "window.early = 'held';";

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'parley-web-'));
  writeFileSync(path.join(webDist, 'index.html'), `<!doctype html><html><head><meta name="description" content="Parley: live spoken English." /><title>Parley</title><script>${inlineScript}</script></head><body><div id="root"></div></body></html>`);
  mkdirSync(path.join(webDist, '.ssr'));
  mkdirSync(path.join(webDist, '.vite'));
  writeFileSync(path.join(webDist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(path.join(webDist, '.ssr', 'entry-server.js'), renderer);
  t = await createTestApp({ env: { WEB_DIST: webDist } });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});
beforeEach(() => {
  calls().length = 0;
});

describe('server-rendered pages', () => {
  it('lets index.html’s own inline script run, by its hash, and no other', async () => {
    const res = await t.client().get('/organization');
    const scriptSrc = String(res.headers['content-security-policy']).split(';').find((directive) => directive.startsWith('script-src'));
    const hash = createHash('sha256').update(inlineScript).digest('base64');
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
  });

  it('puts the page’s markup inside #root, which names the currency of its prices (the default before the browser said one)', async () => {
    const res = await t.client().get('/organization');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<div id="root" data-price-currency="USD" data-page-chunks="/assets/organization-page-1.js /assets/forms-1.js"><main><h1>Rendered /organization in USD</h1></main></div>');
  });

  it('names a rendered page’s chunks on #root, beyond what the app loads, and preloads them in the header only when the page arrives empty', async () => {
    expect((await t.client().get('/organization')).headers.link).toBeUndefined();
    const empty = await t.client().get('/teach-with-us');
    expect(empty.headers.link).toBe('</assets/teach-with-us-page-1.js>; rel=modulepreload, </assets/forms-1.js>; rel=modulepreload');
    expect(empty.body).toContain('<div id="root"></div>');
  });

  it('renders the page without its query string, once, and serves the copy after', async () => {
    await t.client().get('/peer-learning?utm_source=newsletter');
    await t.client().get('/peer-learning?x=2');
    expect(calls()).toEqual([{ pathname: '/peer-learning', elementId: null, currency: 'USD' }]);
  });

  it('renders with the data the page inlines, and in the currency the browser said', async () => {
    const res = await t.client().send('GET', '/blog', undefined, { cookie: `${PRICE_CURRENCY_COOKIE}=INR` });
    const html = res.body;
    expect(html).toContain('<div id="root" data-price-currency="INR"><main><h1>Rendered /blog in INR</h1>');
    expect(html).toContain(`<script type="application/json" id="${BLOG_DATA_ELEMENT_ID}">`);
    expect(calls()).toEqual([{ pathname: '/blog', elementId: BLOG_DATA_ELEMENT_ID, currency: 'INR' }]);
  });

  it('/subscription carries the plans on sale in each currency, as GET /api/plans/public answers', async () => {
    const html = (await t.client().get('/subscription')).body;
    const block = new RegExp(`<script type="application/json" id="${PUBLIC_PLANS_ELEMENT_ID}">(.*?)</script>`).exec(html);
    const answers = JSON.parse(block![1]!) as Record<string, unknown>;
    expect(Object.keys(answers)).toEqual(['INR', 'USD']);
    for (const currency of ['INR', 'USD']) expect(answers[currency]).toEqual((await t.client().get(`/api/plans/public?currency=${currency}`)).json());
    expect(calls()).toEqual([{ pathname: '/subscription', elementId: PUBLIC_PLANS_ELEMENT_ID, currency: 'USD' }]);
  });

  it('renders in the default currency when the browser names one it does not know', async () => {
    await t.client().send('GET', '/privacy-policy', undefined, { cookie: `${PRICE_CURRENCY_COOKIE}=EUR` });
    expect(calls()).toEqual([{ pathname: '/privacy-policy', elementId: null, currency: 'USD' }]);
  });

  it('serves the empty page when the renderer has nothing or fails', async () => {
    for (const pathname of ['/learner', '/broken']) {
      const res = await t.client().get(pathname);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
    }
  });
});

describe('pages that show their not-found', () => {
  const isEmptyPage = (body: string) => expect(body).toContain('<div id="root"></div>');

  it('answer 404 for a path the app has no page for, with the app that shows its not-found page', async () => {
    const res = await t.client().get('/no-such-page');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    isEmptyPage(res.body);
    // A not-found costs no render.
    expect(calls()).toEqual([]);
    // The app's own pages, rendered or not, still answer 200.
    expect((await t.client().get('/organization')).statusCode).toBe(200);
    expect((await t.client().get('/learner')).statusCode).toBe(200);
  });

  it('answer 404 for a post the blog does not have, with its chunks, and name it in the tab', async () => {
    for (const pathname of ['/blog/no-such-post', '/blog/Not_A_Slug']) {
      const res = await t.client().get(pathname);
      expect(res.statusCode, pathname).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<title>Article not found · Parley</title>');
      isEmptyPage(res.body);
    }
  });

  it('answer 404 for a course that is not in the catalogue, and 200 for one that is', async () => {
    for (const pathname of ['/courses/00000000-0000-4000-8000-000000000000', '/courses/no-such-course']) {
      const res = await t.client().get(pathname);
      expect(res.statusCode, pathname).toBe(404);
      isEmptyPage(res.body);
    }
    const course = (await t.client().get('/api/courses/getAllCourses?page=1&limit=1')).json().items[0] as { _id: string };
    expect((await t.client().get(`/courses/${course._id}`)).statusCode).toBe(200);
    // The learner's own pages beside the course pages are not courses.
    for (const pathname of ['/courses', '/courses/cart', '/courses/myCourses', '/courses/subscription-plans']) expect((await t.client().get(pathname)).statusCode, pathname).toBe(200);
  });
});

describe('the title and description a page arrives with', () => {
  it('are a post’s own, from its front matter', async () => {
    const post = (await t.client().get('/api/blog')).json().items[0] as { slug: string; title: string; description: string };
    const res = await t.client().get(`/blog/${post.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<title>${post.title} · Parley</title>`);
    expect(res.body).toContain(`<meta name="description" content="${post.description}" />`);
    expect(res.body).not.toContain('Parley: live spoken English.');
  });

  it('are index.html’s on the other pages', async () => {
    const res = await t.client().get('/organization');
    expect(res.body).toContain('<title>Parley</title>');
    expect(res.body).toContain('<meta name="description" content="Parley: live spoken English." />');
  });

  it('are escaped, so front matter cannot write markup', () => {
    const html = withPageHead('<head><meta name="description" content="Generic." /><title>Parley</title></head>', { title: 'Tom & "Jerry" </title><script>', description: 'Say "hi" & <b>go</b>' });
    expect(html).toBe('<head><meta name="description" content="Say &quot;hi&quot; &amp; &lt;b&gt;go&lt;/b&gt;" /><title>Tom &amp; &quot;Jerry&quot; &lt;/title&gt;&lt;script&gt; · Parley</title></head>');
  });
});
