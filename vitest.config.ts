import { defineConfig } from 'vitest/config';

// One runner for every workspace; `--project <name>` runs one of them.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core CI machine,
    // while much of the server suite waits on the database, sockets and child servers.
    maxWorkers: 2,
    projects: [
      'packages/domain',
      'apps/server',
      'apps/web',
      // The lint boundaries of eslint.config.js, proved on fixtures.
      { test: { name: 'lint', include: ['scripts/**/*.test.ts'], environment: 'node', testTimeout: 30_000 } },
    ],
  },
});
