#!/usr/bin/env bash
# The project's one test command: installs what is missing, checks formatting, lint and types, runs
# every test tier (unit, browser, slow: see vitest.config.ts), and ends with one plain
# "N passed, N failed, N skipped" line for all of them. CI (.ci/run) calls exactly this.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { local start=$SECONDS; "$@"; echo "[test.sh] '$*' took $((SECONDS - start))s" >&2; }

# Debian's Chromium (the browser layer and its tests use it; Playwright never downloads one).
chromium_path="${SAFECUA_CHROMIUM:-/usr/bin/chromium}"
if [ ! -x "$chromium_path" ] && ! command -v chromium >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then
    step apt-get update -qq
    step env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "[test.sh] chromium is missing and this is not root: run 'sudo apt-get install chromium' (browser tests will fail)" >&2
  fi
fi

# Debian's Redis: the queue's tests (test/queue/) start their own redis-server on a free loopback
# port; nothing is started here.
redis_path="${SAFECUA_REDIS_SERVER:-/usr/bin/redis-server}"
if [ ! -x "$redis_path" ] && ! command -v redis-server >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then
    step apt-get update -qq
    step env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null
  else
    echo "[test.sh] redis-server is missing and this is not root: run 'sudo apt-get install redis-server' (queue tests will fail)" >&2
  fi
fi

# npm ci when node_modules is absent or older than the lock file (its `prepare` builds dist/).
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  step npm ci --no-audit --no-fund
fi

step npx biome check .
step npx tsc --noEmit

# CPU seconds (user + system) of every process this shell has waited for, Chromium included: the
# suite's work, which bounds its time from below at (CPU seconds / cores) however it is scheduled.
# Sets $children_cpu; not called as $(…), whose subshell would count only its own children.
children_cpu() {
  local file
  file=$(mktemp)
  times >"$file"
  children_cpu=$(tail -1 "$file" | awk '{ total = 0; for (i = 1; i <= 2; i++) { split($i, p, "m"); total += p[1] * 60 + p[2] } printf "%d", total }')
  rm -f "$file"
}

rm -f .vitest-result.json .vitest-tiers.json
set +e
start=$SECONDS
children_cpu
cpu_start=$children_cpu
NO_COLOR=1 npx vitest run --reporter=default --reporter=json --outputFile.json=.vitest-result.json \
  --reporter=./test/support/tier-times-reporter.ts
rc=$?
children_cpu
cpu=$((children_cpu - cpu_start))
cores=$(nproc)
echo "[test.sh] every tier took $((SECONDS - start))s (load average: $(cut -d' ' -f1-3 /proc/loadavg))" >&2
echo "[test.sh] the tests used ${cpu}s of CPU (with Chromium's): at least $((cpu / cores))s on these ${cores} cores" >&2
set -e
if [ -f .vitest-result.json ]; then
  node -e 'const r = JSON.parse(require("fs").readFileSync(".vitest-result.json", "utf8"));
    console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`);'
else
  echo "0 passed, 1 failed, 0 skipped"
  [ "$rc" -ne 0 ] || rc=1
fi
exit "$rc"
