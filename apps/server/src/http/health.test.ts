import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('reports health with the database mode', async () => {
  const res = await t.client().get('/api/health');
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ status: 'ok', db: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
});

it('sends a strict content security policy', async () => {
  const res = await t.client().get('/api/health');
  const csp = String(res.headers['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
});

it('publishes the OpenAPI document', async () => {
  const res = await t.client().get('/api/docs/json');
  expect(res.statusCode).toBe(200);
  expect(res.json().paths).toHaveProperty('/api/auth/login');
});

it('answers unknown API paths with a JSON 404', async () => {
  const res = await t.client().get('/api/nope');
  expect(res.statusCode).toBe(404);
  expect(res.json().code).toBe('NOT_FOUND');
});
