/**
 * Builds the Gutenberg blocks in blocks/ into plugin/build/ with @wordpress/scripts' own webpack
 * setup, and is the one place its configuration is extended. Blocks are found by their block.json
 * under blocks/; `viewScriptModule` needs the second (ES module) compilation that
 * WP_EXPERIMENTAL_MODULES turns on, so the defaults are an array of two configurations.
 */
const path = require('node:path');

process.env.WP_SOURCE_PATH = process.env.WP_SOURCE_PATH || 'blocks';
process.env.WP_EXPERIMENTAL_MODULES = 'true';

let defaults;
try {
  defaults = require('@wordpress/scripts/config/webpack.config');
} catch {
  throw new Error('webpack.config.js builds the WordPress blocks and needs @wordpress/scripts (npm install --save-dev @wordpress/scripts).');
}

const outputPath = path.resolve(__dirname, 'plugin/build');
const withOutputPath = (config) => ({ ...config, output: { ...config.output, path: outputPath } });

module.exports = Array.isArray(defaults) ? defaults.map(withOutputPath) : withOutputPath(defaults);
