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

# The machine's busy and total CPU ticks (USER_HZ) from /proc/stat. The suite's work, Chromium's
# included, is read there rather than from bash's `times`, which counts a process only when every
# parent up to this shell waited for it: it missed about half (748 s against 1,466 s on one run).
# Other work on the machine counts too, so the figure is the suite's on a quiet machine and an
# upper bound otherwise. Sets $busy_ticks and $all_ticks.
cpu_ticks() {
  busy_ticks=0 all_ticks=0
  [ -r /proc/stat ] || return 0
  local _ user nice system idle iowait irq softirq steal
  read -r _ user nice system idle iowait irq softirq steal _ </proc/stat
  busy_ticks=$((user + nice + system + irq + softirq + steal))
  all_ticks=$((busy_ticks + idle + iowait))
}

# The seed of the suite's generated inputs (test/support/test-seed.ts): one per commit, so this
# command draws on a fresh clone exactly what CI draws for the same commit.
if [ -z "${SAFECUA_TEST_SEED:-}" ]; then
  commit=$(git rev-parse --short=7 HEAD 2>/dev/null || true)
  if [ -n "$commit" ]; then SAFECUA_TEST_SEED=$((16#$commit)); else SAFECUA_TEST_SEED=$((RANDOM * 32768 + RANDOM)); fi
fi
export SAFECUA_TEST_SEED
echo "[test.sh] generated inputs use seed $SAFECUA_TEST_SEED (SAFECUA_TEST_SEED=$SAFECUA_TEST_SEED scripts/test.sh draws them again)" >&2

rm -f .vitest-result.json .vitest-tiers.json
set +e
start=$SECONDS
cpu_ticks
busy_start=$busy_ticks all_start=$all_ticks
NO_COLOR=1 npx vitest run --reporter=default --reporter=json --outputFile.json=.vitest-result.json \
  --reporter=./test/support/tier-times-reporter.ts
rc=$?
cpu_ticks
cores=$(nproc)
hz=$(getconf CLK_TCK)
echo "[test.sh] every tier took $((SECONDS - start))s (load average: $(cut -d' ' -f1-3 /proc/loadavg))" >&2
if [ "$all_ticks" -gt "$all_start" ]; then
  cpu=$(((busy_ticks - busy_start) / hz))
  echo "[test.sh] the machine used ${cpu}s of CPU meanwhile ($((100 * (busy_ticks - busy_start) / (all_ticks - all_start)))% of its ${cores} cores): the suite alone needs at least $((cpu / cores))s here when the machine is otherwise quiet" >&2
fi
set -e
if [ -f .vitest-result.json ]; then
  node -e 'const r = JSON.parse(require("fs").readFileSync(".vitest-result.json", "utf8"));
    console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`);'
else
  echo "0 passed, 1 failed, 0 skipped"
  [ "$rc" -ne 0 ] || rc=1
fi
exit "$rc"
