const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const globals = require('globals');

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
  { files: ['server/src/http/pages/assets/**/*.js'], languageOptions: { globals: { ...globals.browser } } },
  // The Gutenberg blocks run in the editor and in visitors' browsers.
  { files: ['blocks/**/*.{ts,tsx}', 'plugin/includes/blocks/*.js'], languageOptions: { globals: { ...globals.browser } } },
  // Tests break documents on purpose, field by field: loose typing there is the point.
  { files: ['test/**/*.ts'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
);
