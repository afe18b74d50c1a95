import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const source = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

/**
 * Vitest rather than the root's jest: the framework packages (Angular above all) ship ESM only,
 * which vitest runs as it is. One real server is started for the whole run (test/support/global-setup.ts).
 * Core and element tests run in Node; the React, Vue and Angular tests in jsdom (their
 * `@vitest-environment` line). The examples import the package by its name, as users do.
 */
export default defineConfig({
  resolve: {
    alias: [
      { find: /^@studio-data\/client$/, replacement: source('index.ts') },
      { find: /^@studio-data\/client\/(react|vue|angular|elements)$/, replacement: source('$1/index.ts') },
    ],
  },
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    globalSetup: ['test/support/global-setup.ts'],
    environment: 'node',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
