#!/usr/bin/env bash
# The README's quick start, for real, with the `node` first on PATH: on a fresh copy of this checkout
# (its tracked and untracked files, no node_modules, no data/), `npm install`, then `npm start` until
# it serves the demo studio's classes, then `npm run import` of the demo document into the same
# SQLite file while the server runs, a few hundred requests that miss the cache, and SIGTERM, after
# which the server, and so `npm start`, must exit with 0. Any step that fails, or an abort (issue 15), fails the script.
#
#   test/smoke/readme-commands.sh
#
# For another Node than the machine's, put its bin/ first on PATH and point npm_config_nodedir at
# it, so that native addons build against its headers (.ci/run does this for Node 24).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/studio-data-smoke.XXXXXX")"
server_pid=""
log="$work/server.log"

cleanup() {
  # The whole process group: npm, sh, tsx and the server, whichever are still there.
  if [ -n "$server_pid" ]; then kill -KILL -- "-$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

fail() {
  echo "readme-commands: $1" >&2
  if [ -f "$log" ]; then
    echo "--- server output (last 40 lines)" >&2
    tail -n 40 "$log" >&2
  fi
  exit 1
}

step_started=$SECONDS
step() {
  echo "readme-commands: $1 ($((SECONDS - step_started)) s so far)"
}

step "Node $(node --version), npm $(npm --version), copy in $work/app"
mkdir "$work/app"
(cd "$root" && git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf -) | tar -x -C "$work/app"
cd "$work/app"

step "npm install"
npm install --no-audit --no-fund --loglevel=error >"$work/install.log" 2>&1 || {
  tail -n 40 "$work/install.log" >&2
  fail "npm install failed"
}

port="$(node -e "const s = require('net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })")"
base="http://127.0.0.1:$port"
step "npm start on port $port"
# Its own process group (set -m), so that cleanup can stop npm, tsx and the server together.
set -m
PORT="$port" HOST=127.0.0.1 DEMO_STUDIO=auto npm start >"$log" 2>&1 &
server_pid=$!
set +m

# The demo studio's classes this week: 200 and a list with at least one class.
classes_listed() {
  node -e '
    fetch(process.argv[1]).then(async (response) => {
      const list = response.status === 200 ? await response.json() : null;
      process.exit(Array.isArray(list) && list.length > 0 ? 0 : 1);
    }, () => process.exit(1));
  ' "$base/api/public/studio/salsa-city/classes"
}

for _ in $(seq 1 120); do
  classes_listed && break
  kill -0 "$server_pid" 2>/dev/null || fail "npm start exited before serving the demo studio"
  sleep 0.5
done
classes_listed || fail "the demo studio's classes were not served within 60 s"
[ -f data/studio-data.sqlite ] || fail "npm start did not create ./data/studio-data.sqlite"

step "npm run import -- server/demo/demo-studio.json"
import_output="$(npm run import --silent -- server/demo/demo-studio.json 2>&1)" || fail "npm run import failed: $import_output"
echo "$import_output"
grep -q 'studio "salsa-city"' <<<"$import_output" || fail "npm run import did not report the demo studio"

step "300 requests for other weeks (each a cache miss: the database answers)"
node -e '
  const base = process.argv[1];
  (async () => {
    for (let week = 0; week < 300; week++) {
      const from = new Date(Date.now() + (week % 60) * 7 * 86400000 + week * 3600000).toISOString().slice(0, 13);
      const response = await fetch(`${base}/api/public/studio/salsa-city/classes?from=${from}:00`);
      if (response.status !== 200) throw new Error(`GET classes?from=${from}:00 answered ${response.status}`);
      await response.arrayBuffer();
    }
  })().catch((error) => { console.error(error.message); process.exit(1); });
' "$base" || fail "the server stopped answering under the requests"
classes_listed || fail "the demo studio's classes are no longer served after the import"

# npm and the `sh -c` it runs the script in do not pass a SIGTERM on (npm exits 143 and leaves the
# server running), and tsx, given one, waits 30 ms for its child to say it got it too, relays it, and
# kills the child with SIGKILL if it has not said so 30 ms later: on a loaded machine (CI, with other work beside it) that cut the server off before it
# drained, and the run failed with 143. So the signal goes to the server itself, tsx's child, as a
# process manager signalling the server's process would; it drains and exits with 0, and tsx, sh and
# npm exit with its code.
server_node_pid="$(ps -eo pid=,pgid=,args= | awk -v group="$server_pid" '$2 == group && /preflight\.cjs .*server\/src\/main\.ts$/ { print $1 }')"
[ -n "$server_node_pid" ] || fail "no server process (tsx's child) under npm start"
step "SIGTERM to the server (pid $server_node_pid, under tsx)"
kill -TERM "$server_node_pid"
status=0
wait "$server_pid" || status=$?
[ "$status" -eq 0 ] || fail "npm start exited with $status after SIGTERM (134 is an abort)"
# (tsx's esbuild service ends a moment after its parent.)
group_left() { ps -eo pid=,pgid=,args= | awk -v group="$server_pid" '$2 == group'; }
for _ in $(seq 1 50); do [ -z "$(group_left)" ] && break; sleep 0.1; done
[ -z "$(group_left)" ] || fail "processes of npm start still run 5 s after it exited: $(group_left)"
server_pid=""
grep -q '"signal":"SIGTERM"' "$log" || fail "the server did not log its SIGTERM shutdown"
if grep -qE 'Assertion failed|Aborted|SIGABRT|Native stack trace' "$log"; then fail "the server's output shows an abort"; fi
step "passed"
