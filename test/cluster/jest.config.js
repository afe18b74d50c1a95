/** `npm run test:cluster`: the cluster test alone (it starts its own databases, instances and HAProxy). */
const base = require('../../jest.config.js');

module.exports = {
  ...base,
  rootDir: '../..',
  roots: ['<rootDir>/test/cluster'],
  testPathIgnorePatterns: ['/node_modules/'],
  globalSetup: undefined,
  maxWorkers: 1,
  testTimeout: 60_000,
};
