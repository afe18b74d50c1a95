import { defineConfig } from 'vitest/config';

/**
 * Vitest rather than the root's jest: the framework packages (Angular above all) ship ESM only,
 * which vitest runs as it is. One real server is started for the whole run (test/support/global-setup.ts).
 * Core and element tests run in Node; the React, Vue and Angular tests in jsdom (see each file's
 * `@vitest-environment` line).
 */
export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    globalSetup: ['test/support/global-setup.ts'],
    environment: 'node',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
