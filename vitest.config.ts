import { defineConfig } from 'vitest/config';

// One runner for every workspace; `--project <name>` runs one of them.
export default defineConfig({
  test: {
    projects: [
      'packages/domain',
      'apps/server',
      'apps/web',
      // The lint boundaries of eslint.config.js, proved on fixtures.
      { test: { name: 'lint', include: ['scripts/**/*.test.ts'], environment: 'node', testTimeout: 30_000 } },
    ],
  },
});
