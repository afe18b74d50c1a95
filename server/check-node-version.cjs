'use strict';
/*
 * Run by npm before `npm start`, `npm run start:production` and `npm run import` (their pre-scripts):
 * on a Node that package.json's `engines` does not list, stop with one sentence saying so, rather
 * than with whatever tsx or the SQLite driver would print. Written for any Node, however old, so
 * nothing newer than ES5 syntax here.
 */
var fs = require('fs');
var path = require('path');

/** [major, minor, patch] of "20.11.1" (or "v20.11.1"). */
function parts(version) {
  return String(version).replace(/^v/, '').split('.').map(function (part) {
    return parseInt(part, 10) || 0;
  });
}

function compare(a, b) {
  for (var i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

/** The ranges of `engines.node`: "||"-separated, each "^X.Y.Z" (that major, from X.Y.Z) or ">=X.Y.Z". */
function ranges(engines) {
  return engines.split('||').map(function (text) {
    var match = /^\s*(\^|>=)\s*(\d+(?:\.\d+){0,2})\s*$/.exec(text);
    if (!match) throw new Error('engines.node: cannot read "' + text.trim() + '" (write ^X.Y.Z or >=X.Y.Z)');
    return { caret: match[1] === '^', from: parts(match[2]) };
  });
}

function satisfies(version, engines) {
  var v = parts(version);
  return ranges(engines).some(function (range) {
    return compare(v, range.from) >= 0 && (!range.caret || v[0] === range.from[0]);
  });
}

/** "Node 20.11 or a later 20.x, 22.11 or a later 22.x, or 24 or later" from "^20.11.0 || ^22.11.0 || >=24.0.0". */
function supportedNodes(engines) {
  var names = ranges(engines).map(function (range) {
    var from = range.from[2] > 0 ? range.from.join('.') : range.from[1] > 0 ? range.from.slice(0, 2).join('.') : String(range.from[0]);
    if (!range.caret) return from + ' or later';
    return from === String(range.from[0]) ? from + '.x' : from + ' or a later ' + range.from[0] + '.x';
  });
  var last = names.pop();
  return 'Node ' + (names.length === 0 ? last : names.join(', ') + (names.length > 1 ? ',' : '') + ' or ' + last);
}

function refusal(version, engines) {
  return 'Studio Data runs on ' + supportedNodes(engines) + ', not on Node ' + String(version).replace(/^v/, '') + ': switch to a supported Node and run npm install again.';
}

module.exports = { satisfies: satisfies, refusal: refusal };

if (require.main === module) {
  var engines = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')).engines.node;
  if (!satisfies(process.versions.node, engines)) {
    process.stderr.write(refusal(process.versions.node, engines) + '\n');
    process.exit(1);
  }
}
