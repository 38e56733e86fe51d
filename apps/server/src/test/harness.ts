import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { closeContext, createContext } from '../bootstrap';
import { loadConfig } from '../config';
import type { AppContext } from '../context';
import { openDatabase, type Database } from '../db/client';
import { DEMO_PASSWORD } from '../db/seed/seed';
import { CLIENT_HEADER } from '../http/csrf';
import { adminQuery, databaseUrlWithName } from './database-url';

export type TestApp = {
  app: FastifyInstance;
  ctx: AppContext;
  /** The cookie header a browser signed in as `client` would send (for socket.io). */
  cookieHeader: (client: TestClient) => string;
  /** A browser-like client with its own cookie jar. */
  client: () => TestClient;
  /** Starts listening on a free port (for socket.io tests) and returns the base URL. */
  listen: () => Promise<string>;
  /** Signs a demo account in and returns its client. */
  signIn: (email: string, role?: string) => Promise<TestClient>;
  close: () => Promise<void>;
};

/** A fresh copy of the seeded template database and an app on it, per test file. */
export async function createTestApp(
  options: { now?: () => Date; env?: Record<string, string>; database?: Database; logStream?: DestinationStream } = {},
): Promise<TestApp> {
  const { database, drop } = options.database ? { database: options.database, drop: async () => {} } : await cloneTemplate();
  const config = loadConfig({
    NODE_ENV: 'test',
    TOKEN_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    ORDER_RATE_LIMIT_PER_MINUTE: '1000',
    JOBS_POLL_INTERVAL_SECONDS: '0.5',
    // CI runs the suite again with Redis: each app gets its own key space in it.
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL, REDIS_KEY_PREFIX: `test-${randomBytes(6).toString('hex')}` } : {}),
    ...options.env,
  });
  const ctx = await createContext(config, database);
  if (options.now) ctx.now = options.now;
  // With a log stream the app logs into it at LOG_LEVEL (tests that read the log); otherwise not at all.
  const app = await buildApp(ctx, options.logStream ? { logStream: options.logStream } : { logger: false });
  await app.ready();
  const client = () => new TestClient(app);
  return {
    app,
    ctx,
    client,
    cookieHeader: (c) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    async listen() {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      return `http://127.0.0.1:${address.port}`;
    },
    async signIn(email, role = 'learner') {
      const c = client();
      const res = await c.post('/api/auth/login', { email, password: DEMO_PASSWORD, role });
      if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.body}`);
      return c;
    },
    async close() {
      await app.close();
      if (options.database) {
        await ctx.jobs.stop();
        await ctx.sessionCache.close();
        await ctx.tutorCache.close();
        await ctx.favouritesCache.close();
        await ctx.redis?.quit();
      }
      else await closeContext(ctx);
      await drop();
    },
  };
}

async function cloneTemplate(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const databaseUrl = inject('databaseUrl');
  if (!databaseUrl) {
    const dump = new Blob([readFileSync(inject('pgliteTemplate'))]);
    return { database: await openDatabase({ pgliteLoadDataDir: dump }), drop: async () => {} };
  }
  const name = `parley_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(databaseUrl, `create database ${name} template ${inject('templateDb')}`);
  const database = await openDatabase({ databaseUrl: databaseUrlWithName(databaseUrl, name) });
  return { database, drop: () => adminQuery(databaseUrl, `drop database if exists ${name} with (force)`) };
}

type Reply = { statusCode: number; body: string; json: <T = any>() => T; headers: Record<string, unknown> };

export class TestClient {
  readonly cookies = new Map<string, string>();
  constructor(private readonly app: FastifyInstance) {}

  get(url: string) {
    return this.send('GET', url);
  }
  post(url: string, body?: unknown) {
    return this.send('POST', url, body);
  }
  put(url: string, body?: unknown) {
    return this.send('PUT', url, body);
  }

  async send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
    const res = await this.app.inject({
      method,
      url,
      headers: {
        ...(method === 'GET' ? {} : { [CLIENT_HEADER]: 'web' }),
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    for (const cookie of res.cookies) {
      if (cookie.value === '' || (cookie.expires && cookie.expires.getTime() < Date.now())) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return { statusCode: res.statusCode, body: res.body, json: () => res.json(), headers: res.headers };
  }
}
