// Starting and stopping real Parley server processes for the benchmarks: a temp data dir (or a
// fresh PostgreSQL database), a free port on 127.0.0.1, readiness by /api/health, stop by PID.
import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
/** The compiled server (`npm run build:server`), what production runs. */
export const serverEntry = 'apps/server/dist/main.js';

/** A port the OS says is free now (BENCH_PORT pins the first one, for shared machines). */
let nextPinnedPort = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined;
export async function freePort(): Promise<number> {
  if (nextPinnedPort !== undefined) return nextPinnedPort++;
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

// Safety net: whatever way this process ends, the servers it started end with it (by PID).
const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** Where spawned servers write a V8 CPU profile each when they exit (read one with `npm run bench:profile -- <file>`). */
const cpuProfileDir = process.env.BENCH_CPU_PROF_DIR;

/** Spawns `node <script>` from the repo root (through tsx for a .ts script), tracked by the safety net above. */
export function spawnNode(script: string, env: NodeJS.ProcessEnv): ChildProcess {
  const profiling = cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(cpuProfileDir)}`] : [];
  const args = [...profiling, ...(script.endsWith('.ts') ? ['--import', 'tsx'] : []), script];
  const child = spawn(process.execPath, args, { cwd: repoRoot, env, stdio: ['ignore', 'ignore', 'pipe'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

export type RunningServer = {
  url: string;
  port: number;
  pid: number;
  /** From spawning the process to its first successful GET /api/health. */
  readyMs: number;
  stop: () => Promise<void>;
};

export type StartServerOptions = {
  /** Extra environment (DATABASE_URL, REDIS_URL, TOKEN_SECRET, WEB_DIST…). */
  env?: Record<string, string>;
  /** Defaults to a fresh temp dir, removed on stop. */
  dataDir?: string;
  label?: string;
  readyTimeoutMs?: number;
  /** How often readiness is polled (default 250 ms; the cold-start bench polls finer). */
  pollMs?: number;
  /** Defaults to the compiled server; the cold-start bench also times the source under tsx. */
  entry?: string;
  /**
   * Seeds the demo data on this start (default): SEED_DEMO=true, since production never seeds by
   * itself; on data seeded before it only adds what is missing. The cold-start bench's timed
   * restarts leave it out.
   */
  seed?: boolean;
};

/** Starts `node apps/server/dist/main.js` and waits until /api/health answers. */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const entry = options.entry ?? serverEntry;
  if (!existsSync(path.join(repoRoot, entry))) throw new Error(`${entry} is missing: run \`npm run build:server\` first`);
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'parley-bench-'));
  const server = await startScript(entry, {
    label: options.label ?? 'server',
    readyTimeoutMs: options.readyTimeoutMs,
    pollMs: options.pollMs,
    env: {
      ...inheritedEnv(),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // Production refuses to start without a named provider; the benchmarks pay offline.
      PAYMENT_PROVIDER: 'sandbox',
      // Hundreds of learners buy their plans from one address.
      ORDER_RATE_LIMIT_PER_MINUTE: '1000000',
      // Production needs the key that seals affiliates' bank details; a bench run makes its own.
      BANK_DETAILS_KEY: randomBytes(32).toString('hex'),
      // No web build needed unless the caller asks for one.
      WEB_DIST: path.join(dataDir, 'no-web-dist'),
      SEED_DEMO: (options.seed ?? true) ? 'true' : 'false',
      ...options.env,
    },
  }).catch((error: unknown) => {
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  return {
    ...server,
    stop: async () => {
      await server.stop();
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts a script that listens on PORT and answers GET /api/health; resolves once it does. */
export async function startScript(
  script: string,
  options: { env: NodeJS.ProcessEnv; label: string; readyTimeoutMs?: number | undefined; pollMs?: number | undefined },
): Promise<RunningServer> {
  const port = await freePort();
  const spawnedAt = performance.now();
  // Production needs its public address: this machine at the port just chosen, unless the caller names one.
  const child = spawnNode(script, { PUBLIC_URL: `http://127.0.0.1:${port}`, ...options.env, PORT: String(port) });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = () => stopProcess(child);
  try {
    await waitForHealth(url, child, options.readyTimeoutMs ?? 120_000, options.pollMs ?? 250);
  } catch (error) {
    await stop();
    throw new Error(`${options.label} did not start: ${(error as Error).message}\n${stderr}`);
  }
  return { url, port, pid: child.pid!, readyMs: performance.now() - spawnedAt, stop };
}

/** The bench's own environment minus every Parley setting: each server gets exactly what it is given. */
export function inheritedEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'REDIS_KEY_PREFIX', 'TOKEN_SECRET', 'PORT', 'HOST', 'DATA_DIR', 'WEB_DIST', 'SEED_DEMO', 'PUBLIC_URL', 'PAYMENT_PROVIDER', 'LOGIN_RATE_LIMIT_PER_MINUTE', 'ORDER_RATE_LIMIT_PER_MINUTE']) {
    delete env[key];
  }
  return env;
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number, pollMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  throw new Error(`no answer from ${url}/api/health within ${timeoutMs} ms`);
}

/** SIGTERM to this child only (graceful shutdown), SIGKILL if it lingers. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

export type FreshDatabase = { url: string; name: string; drop: () => Promise<void> };

/** CREATE DATABASE parley_bench_<time> on the server DATABASE_URL points at; drop() removes it. */
export async function createFreshDatabase(adminUrl: string, prefix = 'parley_bench'): Promise<FreshDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** Runs `fn` with cleanups registered, and runs them (last first) even when it throws or on Ctrl-C. */
export async function withCleanup<T>(fn: (onCleanup: (cleanup: () => Promise<void>) => void) => Promise<T>): Promise<T> {
  const cleanups: (() => Promise<void>)[] = [];
  const runAll = async () => {
    while (cleanups.length) await cleanups.pop()!().catch((error: unknown) => console.error('cleanup failed:', error));
  };
  const onSignal = () => {
    void runAll().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    return await fn((cleanup) => cleanups.push(cleanup));
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await runAll();
  }
}

/**
 * Runs `bench` on PGlite, then on a fresh PostgreSQL database made on `adminUrl` and dropped after;
 * without `adminUrl`, says how to include PostgreSQL (`variable` names the setting).
 */
export async function onEachDatabase(
  bench: (mode: string, env: Record<string, string>) => Promise<void>,
  { adminUrl = process.env.DATABASE_URL, prefix, variable = 'DATABASE_URL' }: { adminUrl?: string; prefix?: string; variable?: string } = {},
): Promise<void> {
  await bench('PGlite (embedded)', {});
  if (!adminUrl) {
    console.log(`\nPostgreSQL: skipped (set ${variable}, e.g. postgres://postgres@127.0.0.1:5432/postgres, to run it too)`);
    return;
  }
  const db = await createFreshDatabase(adminUrl, prefix);
  try {
    await bench(`PostgreSQL (fresh database ${db.name})`, { DATABASE_URL: db.url });
  } finally {
    await db.drop();
  }
}
