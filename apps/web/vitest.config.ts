import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    // The default pool: a process per file. The VM pools (vmThreads, vmForks) load jsdom once per
    // worker and take a third of the time, but there one file's vi.mock factory can reach another
    // file's imports in the same worker (vitest-dev/vitest#11284: a mocked toast asserted on in
    // one file while the page used the previous file's), so which tests pass would depend on how
    // files are grouped.
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // userEvent typing in jsdom takes seconds when the 2 cores are busy (a test passing in 1 s alone took 5.2 s under load).
    testTimeout: 15_000,
  },
});
