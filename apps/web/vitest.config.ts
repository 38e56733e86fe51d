import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // userEvent typing in jsdom takes seconds when the 2 cores are busy (a test passing in 1 s alone took 5.2 s under load).
    testTimeout: 15_000,
  },
});
