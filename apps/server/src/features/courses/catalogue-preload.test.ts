import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_FIRST_PAGE_ELEMENT_ID } from '@parley/domain/constants';
import { getAllCoursesResponse } from '@parley/domain/courses';
import { withJsonBlock } from '../../http/web-app';
import { chunkFilesBeyondEntry, type WebManifest } from '../../http/web-manifest';
import { createTestApp, type TestApp } from '../../test/harness';

// The HTML of /courses names the catalogue's chunks (from the build's manifest) and, on a first
// visit, carries the first page inline and names the first card's cover, so the cards show
// without a request and the browser fetches all of it while the entry script loads.
const manifest: WebManifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-1.js'] },
  '_react-1.js': { file: 'assets/react-1.js', name: 'react' },
  '_course-catalogue-request-1.js': { file: 'assets/course-catalogue-request-1.js', name: 'course-catalogue-request', imports: ['_money-1.js', 'index.html'] },
  '_course-catalogue-1.js': { file: 'assets/course-catalogue-1.js', name: 'course-catalogue', imports: ['_react-1.js', '_courses-1.js', '_course-catalogue-request-1.js', 'index.html'] },
  '_courses-1.js': { file: 'assets/courses-1.js', name: 'courses', imports: ['_schemas-1.js', '_money-1.js'] },
  '_schemas-1.js': { file: 'assets/schemas-1.js', name: 'schemas' },
  '_money-1.js': { file: 'assets/money-1.js', name: 'money' },
  '_tutors-1.js': { file: 'assets/tutors-1.js', name: 'tutors', imports: ['_schemas-1.js'] },
};
const catalogueModules = ['course-catalogue-request-1', 'money-1', 'course-catalogue-1', 'courses-1', 'schemas-1'].map((f) => `</assets/${f}.js>; rel=modulepreload`);

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'parley-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head><title>Parley</title></head><body><div id="root"></div></body></html>');
  mkdirSync(path.join(webDist, '.vite'));
  writeFileSync(path.join(webDist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  t = await createTestApp({ env: { WEB_DIST: webDist } });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('the catalogue page’s preload hints', () => {
  it('names the cover of the first card a first visit sees, then the catalogue’s chunks', async () => {
    const catalogue = (await t.client().get('/api/courses/getAllCourses?page=1&limit=12')).json() as { items: { coverUrl: string | null }[] };
    const cover = catalogue.items[0]?.coverUrl;
    expect(cover).toMatch(/^\/api\/media\/[\w-]+$/);

    const response = await t.client().get('/courses');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers.link).toBe([`<${cover}>; rel=preload; as=image; fetchpriority=high`, ...catalogueModules].join(', '));
  });

  it('carries the first page in each visitor currency, as the catalogue API answers it', async () => {
    const response = await t.client().get('/courses');
    const block = new RegExp(`<script type="application/json" id="${CATALOGUE_FIRST_PAGE_ELEMENT_ID}">(.*?)</script></head>`).exec(response.body);
    expect(block).not.toBeNull();
    const pages = JSON.parse(block![1]!) as Record<string, unknown>;
    expect(Object.keys(pages)).toEqual(['INR', 'USD']);
    for (const currency of ['INR', 'USD']) {
      const api = (await t.client().get(`/api/courses/getAllCourses?page=1&limit=12&currency=${currency}`)).json();
      expect(getAllCoursesResponse.parse(pages[currency])).toEqual(api);
    }
    // Compressed for a browser that accepts it.
    const gzipped = await t.app.inject({ method: 'GET', url: '/courses', headers: { 'accept-encoding': 'gzip, br' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(response.body);
  });

  it('a filtered or paged catalogue gets the chunks but no cover or page; other pages get nothing', async () => {
    for (const url of ['/courses?subject=IELTS', '/courses?page=2']) {
      const response = await t.client().get(url);
      expect(response.headers.link, url).toBe(catalogueModules.join(', '));
      expect(response.body, url).not.toContain(CATALOGUE_FIRST_PAGE_ELEMENT_ID);
    }
    for (const url of ['/', '/tutors']) {
      const response = await t.client().get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers.link, url).toBeUndefined();
    }
  });
});

describe('withJsonBlock', () => {
  it('puts the block before </head>, and no text in it can close the block', () => {
    const json = JSON.stringify({ title: '</script><script>alert(1)</script> $& $1' });
    const html = withJsonBlock('<html><head><title>x</title></head><body></body></html>', 'data', json);
    expect(html).toBe(`<html><head><title>x</title><script type="application/json" id="data">${json.replaceAll('<', '\\u003c')}</script></head><body></body></html>`);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const inner = /<script[^>]*>(.*)<\/script>/.exec(html)![1]!;
    expect(JSON.parse(inner)).toEqual(JSON.parse(json));
  });
});

describe('chunkFilesBeyondEntry', () => {
  it('follows static imports and leaves out what the entry loads', () => {
    expect(chunkFilesBeyondEntry(manifest, ['tutors'])).toEqual(['/assets/tutors-1.js', '/assets/schemas-1.js']);
    expect(chunkFilesBeyondEntry(manifest, ['react'])).toEqual([]);
    expect(chunkFilesBeyondEntry(manifest, ['no-such-chunk'])).toEqual([]);
  });
});
