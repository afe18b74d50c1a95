import { readFileSync } from 'node:fs';
import path from 'node:path';
import { escapeRegExp, openApiDocument } from '../support/openapi';

/**
 * The endpoint lists people read: the README's table of the public API and the plugin README's
 * table of its REST proxy's routes. The public API's paths come from the contract; a new endpoint
 * fails here until both tables have its row (ARCHITECTURE.md, "To add an endpoint").
 */

const root = path.join(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** The public API's data endpoints, by path under /api/public (the document itself is not one). */
const dataPaths = Object.entries(openApiDocument.paths)
  .filter(([template]) => template !== '/api/public/openapi.json')
  .map(([template, item]) => ({ path: template.replace('/api/public', ''), json: 'application/json' in ((item as { get: { responses: { 200: { content: object } } } }).get.responses[200].content) }));

/** A table row's first cell that names `path`: `path`, then the row's cell ends or a query begins. */
const rowNames = (markdown: string, route: string) => new RegExp(`^\\| \`${escapeRegExp(route)}(\\?[^\`]*)?\` \\|`, 'm').test(markdown);

describe('The endpoint tables of the docs', () => {
  it.each(dataPaths.map(({ path: route }) => route))("the README's table of the public API has a row for %s", (route) => {
    expect(rowNames(read('README.md'), route)).toBe(true);
  });

  // The plugin's REST proxy forwards the JSON endpoints (not the calendar feed), named in snake case as the plugin names parameters.
  it.each(dataPaths.filter(({ json }) => json).map(({ path: route }) => route.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)))(
    "the plugin README's table of REST routes has a row for GET %s",
    (route) => {
      expect(rowNames(read('plugin/README.md'), `GET ${route}`)).toBe(true);
    },
  );
});
