import { defineConfig } from 'vitest/config';

// One runner for every workspace; `--project <name>` runs one of them.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/server', 'apps/web'],
  },
});
