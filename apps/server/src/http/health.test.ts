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

it('says it is ready to serve only while its database answers', async () => {
  const ready = await t.client().get('/api/ready');
  expect(ready.statusCode).toBe(200);
  expect(ready.json()).toEqual({ status: 'ready', db: 'ok', redis: process.env.REDIS_URL ? 'ok' : 'none' });
  const healthy = t.ctx.db;
  t.ctx.db = { execute: async () => Promise.reject(new Error('connection refused')) } as unknown as typeof healthy;
  try {
    const down = await t.client().get('/api/ready');
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ status: 'unavailable', db: 'down' });
    // Liveness stays cheap and up: the process answers.
    expect((await t.client().get('/api/health')).statusCode).toBe(200);
  } finally {
    t.ctx.db = healthy;
  }
});

it('sends a strict content security policy', async () => {
  const res = await t.client().get('/api/health');
  const csp = String(res.headers['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  // Scripts reach this origin only (its socket included), never a websocket on another host.
  expect(csp).toContain("connect-src 'self';");
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
