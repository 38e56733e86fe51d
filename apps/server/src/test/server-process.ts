import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';
import { CLIENT_HEADER } from '../http/csrf';
import { adminQuery, databaseUrlWithName } from './database-url';

// The real server as a child process (`node --import tsx apps/server/src/main.ts`), for tests
// that must kill it, and a fetch client with a cookie jar that talks to it over real HTTP.

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

export type ServerProcess = {
  baseUrl: string;
  child: ChildProcess;
  /** The last few kilobytes the process wrote, for failure messages. */
  output: () => string;
  /** SIGKILL: no shutdown hooks, no flush, nothing. */
  kill: () => Promise<void>;
  /** SIGTERM and wait for the graceful shutdown; SIGKILL if it takes too long. */
  stop: () => Promise<void>;
};

/**
 * Where the servers of one test file keep their data across kills and restarts: a data directory
 * and, on PostgreSQL, a database of its own cloned from the run's template; on Redis, keys under a
 * prefix of their own. `env` points a server there (demo data seeded); `prepare` before the first
 * start, `dispose` after the last.
 */
export function serverPlace(name: string, extraEnv: Record<string, string> = {}) {
  const databaseUrl = inject('databaseUrl');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `parley-${name}-`));
  const databaseName = `parley_${name.replaceAll('-', '_')}_${randomBytes(6).toString('hex')}`;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    TOKEN_SECRET: randomBytes(32).toString('hex'),
    WEB_DIST: '/nonexistent',
    SEED_DEMO: 'true',
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    ...extraEnv,
    ...(databaseUrl ? { DATABASE_URL: databaseUrlWithName(databaseUrl, databaseName) } : {}),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL, REDIS_KEY_PREFIX: `${name}-${randomBytes(6).toString('hex')}` } : {}),
  };
  return {
    env,
    prepare: async () => {
      if (databaseUrl) await adminQuery(databaseUrl, `create database ${databaseName} template ${inject('templateDb')}`);
    },
    dispose: async () => {
      if (databaseUrl) await adminQuery(databaseUrl, `drop database if exists ${databaseName} with (force)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function startServer(env: Record<string, string>, options: { readyTimeoutMs?: number } = {}): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    // Only what the server needs: nothing from the test runner's own environment leaks in.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TMPDIR: process.env.TMPDIR ?? '/tmp', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-8_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = once(child, 'exit');
  const server: ServerProcess = {
    baseUrl: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    },
  };
  await waitForHealth(server, options.readyTimeoutMs ?? 90_000);
  return server;
}

async function waitForHealth(server: ServerProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`server exited (${server.child.exitCode ?? server.child.signalCode}) before it was healthy:\n${server.output()}`);
    }
    try {
      const res = await fetch(`${server.baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  await server.kill();
  throw new Error(`server was not healthy within ${timeoutMs} ms:\n${server.output()}`);
}

async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  await once(probe, 'close');
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export type HttpReply = { status: number; body: string; json: <T = any>() => T };

/** A browser over real HTTP: its own cookie jar, and the app header on state-changing calls. */
export class HttpClient {
  readonly cookies = new Map<string, string>();
  constructor(private readonly baseUrl: () => string) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  get(url: string) {
    return this.send('GET', url);
  }
  post(url: string, body: unknown = {}) {
    return this.send('POST', url, body);
  }

  async send(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown): Promise<HttpReply> {
    const headers: Record<string, string> = {};
    if (method !== 'GET') headers[CLIENT_HEADER] = 'web';
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.cookies.size) headers.cookie = this.cookieHeader;
    const res = await fetch(`${this.baseUrl()}${url}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(15_000),
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      if (!value || /expires=Thu, 01 Jan 1970/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    return { status: res.status, body: text, json: () => JSON.parse(text) };
  }
}
