/** Jest runs every TypeScript test under test/ through SWC (type-checking is `npm run typecheck`). */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  // The cluster test starts databases, Redis clients, instances and HAProxy of its own: `npm run test:cluster`.
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/cluster/'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  transform: {
    // The blocks' editor components (test/blocks/) are React with the automatic JSX runtime.
    '^.+\\.tsx$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } }, module: { type: 'commonjs' } }],
    '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs' } }],
    '^.+\\.mjs$': ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  // ESM-only packages under the WordPress components and blocks, compiled to CommonJS like the tests.
  transformIgnorePatterns: ['/node_modules/(?!(uuid|@wordpress/theme|marked)/)'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  maxWorkers: 2,
  testTimeout: 30000,
};
