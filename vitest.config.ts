import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/model', 'packages/server', 'packages/web', 'packages/web/vitest.isolated.config.ts'],
  },
});
