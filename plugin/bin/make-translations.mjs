/**
 * The plugin's translations, from languages/studio-data-LOCALE.po (one per language) and the template
 * languages/studio-data.pot (`php plugin/bin/make-pot.php` writes it). There is no wp-cli here; this
 * does what `wp i18n update-po`, `msgfmt` and `wp i18n make-json` do, with gettext-parser:
 *
 * 1. each .po follows the template: new strings are added untranslated (msgstr ""), strings gone are
 *    dropped, references and comments are the template's, translations are kept;
 * 2. studio-data-LOCALE.mo, which the plugin's PHP loads (load_plugin_textdomain);
 * 3. for each block's editor script, studio-data-LOCALE-MD5.json (Jed 1.x, as `wp i18n make-json`
 *    writes it; MD5 of the built script's path in the plugin, build/NAME/index.js, the name
 *    load_script_textdomain() looks for): the strings of the TypeScript files the script is built
 *    from, its block.json's editorScript and the files it imports.
 *
 * Usage: node plugin/bin/make-translations.mjs [--check]
 *   --check writes nothing: exit 1 when a .po lacks a translation or a written file is not current.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mo, po } from 'gettext-parser';

const PLUGIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BLOCKS = path.resolve(PLUGIN, '../blocks');
const LANGUAGES = path.join(PLUGIN, 'languages');
const DOMAIN = 'studio-data';
const check = process.argv.includes('--check');

const template = po.parse(fs.readFileSync(path.join(LANGUAGES, `${DOMAIN}.pot`)));
const problems = [];
const warnings = [];

for (const file of fs.readdirSync(LANGUAGES).filter((name) => /^studio-data-[a-z]{2,3}(_[A-Z]{2})?\.po$/.test(name)).sort()) {
  const locale = file.slice(DOMAIN.length + 1, -3);
  const catalog = followTemplate(po.parse(fs.readFileSync(path.join(LANGUAGES, file))));
  const untranslated = entries(catalog).filter((entry) => entry.msgstr.every((text) => text === ''));
  // Writing goes on without them (the .mo and JSON leave them out); --check fails on them.
  for (const entry of untranslated) (check ? problems : warnings).push(`${file}: no translation of ${JSON.stringify(entry.msgid)}`);

  const outputs = new Map([
    [file, po.compile(catalog, { foldLength: 0, sort: false })],
    [`${DOMAIN}-${locale}.mo`, mo.compile(withoutUntranslated(catalog))],
  ]);
  for (const script of editorScripts()) {
    outputs.set(`${DOMAIN}-${locale}-${createHash('md5').update(script.built).digest('hex')}.json`, Buffer.from(`${JSON.stringify(jedFor(catalog, locale, script))}\n`));
  }
  for (const [name, content] of outputs) {
    const target = path.join(LANGUAGES, name);
    const current = fs.existsSync(target) ? fs.readFileSync(target) : null;
    if (current !== null && current.equals(content)) continue;
    if (check) problems.push(`${name} is not current: run node plugin/bin/make-translations.mjs`);
    else fs.writeFileSync(target, content);
  }
  // JSON files of scripts that are gone.
  const written = new Set(outputs.keys());
  for (const stale of fs.readdirSync(LANGUAGES).filter((name) => name.startsWith(`${DOMAIN}-${locale}-`) && name.endsWith('.json') && !written.has(name))) {
    if (check) problems.push(`${stale} belongs to no script`);
    else fs.rmSync(path.join(LANGUAGES, stale));
  }
  process.stdout.write(`${locale}: ${entries(catalog).length - untranslated.length} of ${entries(catalog).length} strings translated\n`);
}

if (warnings.length > 0) process.stderr.write(`${warnings.join('\n')}\n`);
if (problems.length > 0) {
  process.stderr.write(`${problems.join('\n')}\n`);
  process.exit(1);
}

/** The template's entries, each with the .po's translation when it has one; the .po's headers. */
function followTemplate(catalog) {
  const translations = {};
  for (const [context, byId] of Object.entries(template.translations)) {
    for (const [msgid, entry] of Object.entries(byId)) {
      if (msgid === '') continue;
      const known = catalog.translations[context]?.[msgid];
      const plural = entry.msgid_plural !== undefined;
      const msgstr = known && known.msgstr.some((text) => text !== '') ? known.msgstr : plural ? ['', ''] : [''];
      translations[context] ??= {};
      translations[context][msgid] = { ...entry, msgstr, comments: { ...entry.comments, ...(known?.comments?.translator ? { translator: known.comments.translator } : {}) } };
    }
  }
  translations[''] = { '': catalog.translations['']?.[''] ?? { msgid: '', msgstr: [''] }, ...(translations[''] ?? {}) };
  return { charset: 'utf-8', headers: catalog.headers, translations };
}

function entries(catalog) {
  return Object.values(catalog.translations).flatMap((byId) => Object.values(byId).filter((entry) => entry.msgid !== ''));
}

function withoutUntranslated(catalog) {
  const translations = {};
  for (const [context, byId] of Object.entries(catalog.translations)) {
    translations[context] = Object.fromEntries(Object.entries(byId).filter(([msgid, entry]) => msgid === '' || entry.msgstr.some((text) => text !== '')));
  }
  return { ...catalog, translations };
}

/**
 * Each block's editor script: the path it is built to in the plugin (what load_script_textdomain()
 * hashes) and its source files (its entry and what that imports, followed through relative imports).
 */
function editorScripts() {
  const scripts = [];
  for (const folder of fs.readdirSync(BLOCKS).sort()) {
    const blockJson = path.join(BLOCKS, folder, 'block.json');
    if (!fs.existsSync(blockJson)) continue;
    const { editorScript } = JSON.parse(fs.readFileSync(blockJson, 'utf8'));
    for (const script of [editorScript].flat().filter((value) => typeof value === 'string' && value.startsWith('file:'))) {
      const entry = path.resolve(BLOCKS, folder, script.slice('file:'.length));
      const built = `build/${folder}/${path.basename(entry).replace(/\.(tsx?|jsx?)$/, '.js')}`;
      scripts.push({ built, sources: sourcesOf(entry) });
    }
  }
  return scripts;
}

/** The file and every file it imports by a relative path, as the .pot's references name them (../blocks/…). */
function sourcesOf(entry) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = fs.readFileSync(file, 'utf8');
    for (const [, specifier] of source.matchAll(/(?:from|import)\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const base = path.resolve(path.dirname(file), specifier);
      const found = ['', '.ts', '.tsx', '.js', '.jsx', '/index.ts', '/index.tsx'].map((ending) => base + ending).find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());
      if (found && /\.(tsx?|jsx?)$/.test(found)) visit(found);
    }
  };
  visit(entry);
  return new Set([...seen].map((file) => path.relative(PLUGIN, file).split(path.sep).join('/')));
}

/** The translations a script uses, as Jed 1.x locale data (the format of `wp i18n make-json`). */
function jedFor(catalog, locale, script) {
  const messages = { '': { domain: 'messages', lang: locale, 'plural-forms': catalog.headers['Plural-Forms'] ?? 'nplurals=2; plural=(n != 1);' } };
  for (const entry of entries(withoutUntranslated(catalog))) {
    const references = (entry.comments?.reference ?? '').split(/\s+/).map((reference) => reference.replace(/:\d+$/, ''));
    if (!references.some((reference) => script.sources.has(reference))) continue;
    messages[entry.msgctxt ? `${entry.msgctxt}\u0004${entry.msgid}` : entry.msgid] = entry.msgstr;
  }
  return { 'translation-revision-date': catalog.headers['PO-Revision-Date'] ?? '', generator: 'studio-data/make-translations', source: script.built, domain: 'messages', locale_data: { messages } };
}
