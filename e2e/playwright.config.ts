import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// Every run starts the built app (`npm run build`: the compiled server in apps/server/dist, as in
// production, serving apps/web/dist) on a fresh data dir (new PGlite database, demo data seeded).
// The env var carries the dir to the workers, which evaluate this file again.
process.env.PARLEY_E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'parley-e2e-'));
const port = Number(process.env.PARLEY_E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${port}`;

// Debian's headless shell (package chromium-headless-shell) when it is there: the same engine
// without the full browser's UI and compositor, so the suite takes about half the CPU. Headed runs
// (`--headed`) need the full browser: CHROMIUM_PATH=/usr/bin/chromium.
const headlessShell = '/usr/bin/chromium-headless-shell';
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium');

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL,
    // No smooth scrolling or pulsing skeletons: nothing a test waits on moves, and frames are not
    // drawn for animations nobody looks at (the motion itself is cosmetic, index.css).
    reducedMotion: 'reduce',
    // Recording a trace of every test costs about a fifth of the suite's time: only the retry of a
    // failed test records one (CI retries once; locally `--trace on`).
    trace: 'on-first-retry',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    },
  },
  webServer: {
    command: 'node ../apps/server/dist/main.js',
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: process.env.PARLEY_E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
      ORDER_RATE_LIMIT_PER_MINUTE: '1000',
      // Lets several people run the suite at once against their own builds.
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    },
  },
});
