import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    // Each file in its own VM context inside a long-lived worker: jsdom and the modules every file
    // imports load once per worker, not once per file (the suite takes about a third of the time
    // of the default process per file). The browser's \`location\` cannot be replaced there:
    // code reloads through shared/lib/reload-page, which a test mocks.
    pool: 'vmThreads',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // userEvent typing in jsdom takes seconds when the 2 cores are busy (a test passing in 1 s alone took 5.2 s under load).
    testTimeout: 15_000,
  },
});
