import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Each file builds its own app on its own copy of the database (harness.ts), and what the server
    // keeps in a module is kept per database or is the same for every copy (a room's two members,
    // date formats), so a worker imports the server once, not once per file: the suite in about
    // 60 % of the time. A file that mocks a module would need a project of its own with `isolate`.
    isolate: false,
    globalSetup: ['./src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
