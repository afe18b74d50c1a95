/**
 * Builds the Gutenberg blocks in blocks/ into plugin/build/ with @wordpress/scripts' own webpack
 * setup. The blocks arrive with the blocks issue; @wordpress/scripts is added as a dev dependency
 * then, and this file is the one place its configuration is extended.
 */
const path = require('node:path');

let defaults;
try {
  defaults = require('@wordpress/scripts/config/webpack.config');
} catch {
  throw new Error('webpack.config.js builds the WordPress blocks and needs @wordpress/scripts (npm install --save-dev @wordpress/scripts).');
}

module.exports = {
  ...defaults,
  context: path.resolve(__dirname, 'blocks'),
  output: { ...defaults.output, path: path.resolve(__dirname, 'plugin/build') },
};
