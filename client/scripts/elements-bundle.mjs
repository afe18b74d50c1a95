// The one-script-tag build of the custom elements: src/elements bundled with the core into one
// minified file (dist/studio-elements.js) that registers the elements when it loads.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const MAX_GZIPPED_BYTES = 15 * 1024;
const ENTRY = fileURLToPath(new URL('../src/elements/index.ts', import.meta.url));
export const BUNDLE_PATH = fileURLToPath(new URL('../dist/studio-elements.js', import.meta.url));

/** Bundles the elements; returns the code and its gzipped size (and writes it to dist/ when asked). */
export async function buildElementsBundle({ write = false } = {}) {
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    minify: true,
    format: 'iife',
    target: ['es2022'],
    legalComments: 'none',
    write: false,
    outfile: BUNDLE_PATH,
  });
  const code = result.outputFiles[0].text;
  if (write) {
    const fs = await import('node:fs');
    fs.mkdirSync(fileURLToPath(new URL('../dist', import.meta.url)), { recursive: true });
    fs.writeFileSync(BUNDLE_PATH, code);
  }
  return { code, bytes: Buffer.byteLength(code), gzippedBytes: gzipSync(code, { level: 9 }).length };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { bytes, gzippedBytes } = await buildElementsBundle({ write: true });
  console.log(`dist/studio-elements.js: ${bytes} bytes, ${gzippedBytes} bytes gzipped (limit ${MAX_GZIPPED_BYTES})`);
  if (gzippedBytes > MAX_GZIPPED_BYTES) {
    console.error('The elements bundle is over its size budget.');
    process.exit(1);
  }
}
