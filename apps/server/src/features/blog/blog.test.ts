import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_DATA_ELEMENT_ID, blogListResponse, blogPostSchema, countWords } from '@parley/domain/blog';
import { serverRoot } from '../../config';
import type { WebManifest } from '../../http/web-manifest';
import { createTestApp, type TestApp } from '../../test/harness';
import { loadBlog, parsePost } from './blog-content';

// The blog: posts from content/blog, served as a list, as single posts (rendered Markdown), as an
// RSS feed with absolute links, and inline in the HTML of /blog and /blog/:slug.
const contentDir = path.join(serverRoot, '../../content/blog');
const PUBLIC_URL = 'https://parley.example';
const manifest: WebManifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-1.js'] },
  '_react-1.js': { file: 'assets/react-1.js', name: 'react' },
  'src/blog-list-page.tsx': { file: 'assets/blog-list-page-1.js', name: 'blog-list-page', imports: ['_react-1.js', '_blog-1.js'] },
  'src/blog-post-page.tsx': { file: 'assets/blog-post-page-1.js', name: 'blog-post-page', imports: ['_react-1.js', '_blog-1.js'] },
  '_blog-1.js': { file: 'assets/blog-1.js', name: 'blog' },
};

const post = (front: string, body = '## Hello\n\nSome words here.') => `---\n${front}\n---\n${body}\n`;
const goodFront = 'title: A post: with a colon\ndate: 2026-03-14\ndescription: What it is about.\ntags: IELTS, Speaking';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'parley-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head><title>Parley</title></head><body><div id="root"></div></body></html>');
  mkdirSync(path.join(webDist, '.vite'));
  writeFileSync(path.join(webDist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  t = await createTestApp({ env: { WEB_DIST: webDist, PUBLIC_URL } });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('the posts in content/blog', () => {
  it('has at least six posts of 600 to 900 words, each with a unique date', () => {
    const files = readdirSync(contentDir).filter((name) => name.endsWith('.md'));
    const blog = loadBlog(contentDir);
    expect(files.length).toBeGreaterThanOrEqual(6);
    expect(blog.posts.map((p) => p.slug).sort()).toEqual(files.map((name) => name.slice(0, -3)).sort());
    expect(new Set(blog.posts.map((p) => p.date)).size).toBe(blog.posts.length);
    for (const p of blog.posts) {
      const words = countWords(p.html.replace(/<[^>]+>/g, ' '));
      expect(words, p.slug).toBeGreaterThanOrEqual(600);
      expect(words, p.slug).toBeLessThanOrEqual(900);
    }
  });
});

describe('reading a post file', () => {
  it('takes the front matter, splits the tags and renders the Markdown', () => {
    const parsed = parsePost('a-post', post(goodFront, '## Why\n\nSpeak **daily**.\n\n- one\n- two'));
    expect(parsed).toMatchObject({ slug: 'a-post', title: 'A post: with a colon', date: '2026-03-14', description: 'What it is about.', tags: ['IELTS', 'Speaking'], readingTimeMin: 1 });
    expect(parsed.html).toBe('<h2>Why</h2>\n<p>Speak <strong>daily</strong>.</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n');
  });

  it('writes raw HTML out as text and drops script links, so nothing in a post can run', () => {
    const html = parsePost(
      'hostile',
      post(goodFront, '<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n[click](javascript:alert(3)) [data](data:text/html,hi) <a href="javascript:alert(4)">a</a>'),
    ).html;
    expect(html).not.toMatch(/<script|<img|<a href="javascript|href="data:|<a href="java/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('[click](javascript:alert(3))');
  });

  it('opens other sites’ links in a new tab without telling them where the reader came from', () => {
    const html = parsePost('links', post(goodFront, '[ours](/courses) and [theirs](https://example.org/page)')).html;
    expect(html).toContain('<a href="/courses">ours</a>');
    expect(html).toContain('<a href="https://example.org/page" target="_blank" rel="noopener noreferrer">theirs</a>');
  });

  it('refuses a file without front matter, with a bad date or slug, or with a # heading', () => {
    expect(() => parsePost('no-front', '## Just text')).toThrow(/front matter/);
    expect(() => parsePost('bad-date', post(goodFront.replace('2026-03-14', 'March 14')))).toThrow();
    expect(() => parsePost('Bad_Slug', post(goodFront))).toThrow();
    expect(() => parsePost('no-title', post('date: 2026-03-14\ndescription: x'))).toThrow();
    expect(() => parsePost('two-h1', post(goodFront, '# Another title\n\nText'))).toThrow(/##/);
  });

  it('names the broken file when a folder does not load', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'parley-blog-'));
    try {
      writeFileSync(path.join(dir, 'fine-post.md'), post(goodFront));
      writeFileSync(path.join(dir, 'broken-post.md'), 'no front matter');
      expect(() => loadBlog(dir)).toThrow(/broken-post\.md/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the blog over HTTP', () => {
  it('lists every post newest first, and serves each with its HTML', async () => {
    const res = await t.client().get('/api/blog');
    expect(res.statusCode).toBe(200);
    const list = blogListResponse.parse(res.json()).items;
    expect(list.length).toBe(loadBlog(contentDir).posts.length);
    expect(list.map((p) => p.date)).toEqual([...list.map((p) => p.date)].sort().reverse());
    expect(list[0]).not.toHaveProperty('html');

    const one = await t.client().get(`/api/blog/${list[0]!.slug}`);
    expect(one.statusCode).toBe(200);
    const full = blogPostSchema.parse(one.json());
    expect(full).toMatchObject(list[0]!);
    expect(full.html).toMatch(/^<(p|h2)>/);
  });

  it('answers 404 for an unknown post and for an address that is not a slug', async () => {
    const missing = await t.client().get('/api/blog/no-such-post');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'NOT_FOUND', message: 'Post not found' });
    expect((await t.client().get('/api/blog/..%2Fetc')).statusCode).toBe(404);
    expect((await t.client().get('/api/blog/UPPER')).statusCode).toBe(404);
  });

  it('publishes an RSS 2.0 feed of every post with absolute links', async () => {
    const res = await t.client().get('/blog/rss.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const xml = res.body;
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    const posts = loadBlog(contentDir).posts;
    const links = [...xml.matchAll(/<item><title>[^<]*<\/title><link>([^<]*)<\/link>/g)].map((m) => m[1]);
    expect(links).toEqual(posts.map((p) => `${PUBLIC_URL}/blog/${p.slug}`));
    expect(xml).toContain(`<atom:link href="${PUBLIC_URL}/blog/rss.xml" rel="self" type="application/rss+xml"/>`);
    expect(xml).toContain(`<pubDate>${new Date(`${posts[0]!.date}T00:00:00Z`).toUTCString()}</pubDate>`);
  });
});

describe('the blog pages’ HTML', () => {
  const blockOf = (body: string) => {
    const match = new RegExp(`<script type="application/json" id="${BLOG_DATA_ELEMENT_ID}">(.*?)</script></head>`).exec(body);
    return match ? (JSON.parse(match[1]!) as { kind: string; list?: unknown; post?: unknown }) : null;
  };

  it('carries the list on /blog, as the API answers it, and names the page’s chunks', async () => {
    const res = await t.client().get('/blog');
    expect(res.headers.link).toBe('</assets/blog-list-page-1.js>; rel=modulepreload, </assets/blog-1.js>; rel=modulepreload');
    const block = blockOf(res.body);
    expect(block?.kind).toBe('list');
    expect(block?.list).toEqual((await t.client().get('/api/blog')).json());
  });

  it('carries the post on /blog/:slug, and only the chunks for a post that does not exist', async () => {
    const slug = loadBlog(contentDir).posts[2]!.slug;
    const res = await t.client().get(`/blog/${slug}`);
    expect(res.headers.link).toBe('</assets/blog-post-page-1.js>; rel=modulepreload, </assets/blog-1.js>; rel=modulepreload');
    const block = blockOf(res.body);
    expect(block?.kind).toBe('post');
    expect(block?.post).toEqual((await t.client().get(`/api/blog/${slug}`)).json());
    // The post's HTML holds "<" characters: written \u003c, they cannot end the block early.
    expect(res.body.match(/<\/script>/g)?.length).toBe(1);

    const missing = await t.client().get('/blog/no-such-post');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.link).toContain('blog-post-page-1.js');
    expect(blockOf(missing.body)).toBeNull();
  });
});
