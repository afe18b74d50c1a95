const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const globals = require('globals');

/*
 * What each server folder may import (ARCHITECTURE.md has the table): http -> domain
 * <- data, the domain free of Express and SQL, mail and the words it shares with the pages (i18n/)
 * free of both. Only server.ts, main.ts, the CLIs and the delivery worker wire the parts together.
 */
/** A relative import of one of these top-level folders (or files) of server/src, from any depth. */
const into = (...names) => `^(\\.\\./)+(${names.join('|')})(/|$)`;
const outOf = (names, layer) => ({ regex: into(...names), message: `${layer} does not import from ${names.join(', ')} (ARCHITECTURE.md, "What may import what").` });
const packages = (names, layer) => ({ regex: `^(${names.join('|')})(/|$)`, message: `${layer} does not use ${names.join(', ')}.` });
const COMPOSITION = ['server', 'main', 'config', 'welcome', 'cli', 'demo'];
const SQL_DRIVERS = ['kysely', 'mysql2', 'better-sqlite3', 'node:sqlite'];
const boundaries = (...patterns) => ({ '@typescript-eslint/no-restricted-imports': ['error', { patterns }] });

module.exports = tseslint.config(
  { ignores: ['node_modules/', 'server/dist/', 'plugin/build/', 'data/', 'coverage/', '.cache/', 'dist/', 'client/dist/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  { files: ['**/*.js', '**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  // Scripts served to students' browsers.
  { files: ['server/src/http/pages/assets/**/*.js', 'server/src/http/front-door/assets/**/*.js'], languageOptions: { globals: { ...globals.browser } } },
  // The Gutenberg blocks run in the editor and in visitors' browsers.
  { files: ['blocks/**/*.{ts,tsx}', 'plugin/includes/blocks/*.js', 'plugin/assets/*.js'], languageOptions: { globals: { ...globals.browser } } },
  {
    files: ['server/src/domain/**/*.ts'],
    rules: boundaries(outOf(['http', 'data', 'mail', 'delivery', 'i18n', 'shared-state', ...COMPOSITION], 'The domain'), packages(['express', 'nodemailer', 'nunjucks', ...SQL_DRIVERS], 'The domain')),
  },
  {
    files: ['server/src/data/**/*.ts'],
    ignores: ['server/src/data/migrations/**'],
    rules: boundaries(outOf(['http', 'mail', 'delivery', 'i18n', 'shared-state', ...COMPOSITION], 'data/'), packages(['express', 'nodemailer', 'nunjucks'], 'data/')),
  },
  {
    // A migration is frozen: what it needs of live code is copied in as it was, so no later change alters it; types are free.
    files: ['server/src/data/migrations/**/*.ts'],
    rules: boundaries(
      outOf(['http', 'mail', 'delivery', 'i18n', ...COMPOSITION], 'A migration'),
      { regex: '^\\.\\./', allowTypeImports: true, message: 'A migration does not import live code (types only): copy in what it needs, as of that migration.' },
      packages(['express', 'nodemailer', 'nunjucks'], 'A migration'),
    ),
  },
  {
    files: ['server/src/http/**/*.ts'],
    rules: boundaries(
      { regex: into('data'), message: 'http/ does not import data/: it reads through the domain\'s ports, wired in server.ts.' },
      outOf(['mail', 'delivery', 'cli', 'shared-state'], 'http/'),
      packages(['nodemailer', ...SQL_DRIVERS], 'http/'),
    ),
  },
  {
    files: ['server/src/mail/**/*.ts', 'server/src/i18n/**/*.ts'],
    rules: boundaries(outOf(['http', 'data', 'delivery', ...COMPOSITION.filter((name) => name !== 'config')], 'Mail and i18n code'), packages(['express', ...SQL_DRIVERS], 'Mail and i18n code')),
  },
  {
    files: ['server/src/logging/**/*.ts'],
    rules: boundaries(outOf(['http', 'data', 'domain', 'mail', 'delivery', 'i18n', 'shared-state', ...COMPOSITION], 'logging/')),
  },
  {
    files: ['server/src/runtime/**/*.ts'],
    rules: boundaries(outOf(['http', 'data', 'domain', 'mail', 'delivery', 'i18n', 'shared-state', 'logging', ...COMPOSITION], 'runtime/')),
  },
  // Tests break documents on purpose, field by field: loose typing there is the point.
  { files: ['test/**/*.ts'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
);
