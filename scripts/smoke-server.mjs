// `node scripts/smoke-server.mjs` (CI, after `npm run build`): starts the compiled server the way
// production does (NODE_ENV=production, `node apps/server/dist/main.js`, no tsx) on a temp data
// dir, and checks what it reads from disk at run time: the migrations (it answers /api/health),
// the web build (the landing page) and the sandbox checkout script. Then stops it by its PID.
// SMOKE_PORT picks the port (default: one the OS says is free).
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const port = process.env.SMOKE_PORT ? Number(process.env.SMOKE_PORT) : await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-smoke-'));

const startedAt = performance.now();
const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  cwd: repoRoot,
  env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', PUBLIC_URL: baseUrl, PAYMENT_PROVIDER: 'sandbox', BANK_DETAILS_KEY: randomBytes(32).toString('hex'), SEED_DEMO: 'false', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
const keep = (chunk) => (output = (output + chunk).slice(-8000));
server.stdout.on('data', keep);
server.stderr.on('data', keep);
const exited = new Promise((resolve) => server.once('exit', resolve));

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address();
      probe.close(() => resolve(free));
    });
  });
}

async function waitForHealth(timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    const res = await fetch(`${baseUrl}/api/health`).catch(() => undefined);
    if (res?.ok) return res.json();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no answer from ${baseUrl}/api/health within ${timeoutMs} ms`);
}

async function expectOk(urlPath, contentType) {
  const res = await fetch(`${baseUrl}${urlPath}`);
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || !type.includes(contentType)) throw new Error(`GET ${urlPath} → ${res.status} ${type}`);
  console.log(`  GET ${urlPath} → ${res.status} ${type}`);
}

try {
  const health = await waitForHealth(120_000);
  console.log(`compiled server answered /api/health in ${Math.round(performance.now() - startedAt)} ms: ${JSON.stringify(health)}`);
  await expectOk('/', 'text/html');
  const { checkoutScriptUrl } = await (await fetch(`${baseUrl}/api/images`)).json();
  await expectOk(checkoutScriptUrl, 'javascript');
} catch (error) {
  console.error(`smoke start failed: ${error.message}\n--- server output ---\n${output}`);
  process.exitCode = 1;
} finally {
  if (server.exitCode === null) server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
  rmSync(dataDir, { recursive: true, force: true });
}
