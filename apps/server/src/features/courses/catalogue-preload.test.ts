import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

// The HTML of /courses names the first card's cover as an image to preload, so a first visit
// fetches the page's largest paint while the app's code is still loading.
let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'parley-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Parley</title><div id="root"></div>');
  t = await createTestApp({ env: { WEB_DIST: webDist } });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('the catalogue page’s preload hint', () => {
  it('names the cover of the first card a first visit sees', async () => {
    const catalogue = (await t.client().get('/api/courses/getAllCourses?page=1&limit=12')).json() as { items: { coverUrl: string | null }[] };
    const cover = catalogue.items[0]?.coverUrl;
    expect(cover).toMatch(/^\/api\/media\/[\w-]+$/);

    const response = await t.client().get('/courses');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers.link).toBe(`<${cover}>; rel=preload; as=image; fetchpriority=high`);
  });

  it('gives no hint for a filtered or paged catalogue, or any other page', async () => {
    for (const url of ['/courses?subject=IELTS', '/courses?page=2', '/', '/tutors']) {
      const response = await t.client().get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers.link, url).toBeUndefined();
    }
  });
});
