#!/usr/bin/env bash
# The one test command (README, .ci/run): installs what is missing, builds, runs every test.
#   bash tests/run-all.sh              everything: C++ (ctest), web client, browser end to end
#   bash tests/run-all.sh --sanitize   the C++ tests again under ASan + UBSan (CI runs both)
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)
started=$SECONDS
took() { echo "   ($(( SECONDS - $1 )) s)"; }   # each step's time, so CI's log shows where its minutes go

t=$SECONDS
bash deploy/install-deps.sh
took $t

build=build
sanitize=false
if [ "${1:-}" = "--sanitize" ]; then
  sanitize=true
  build=build-sanitize
  export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
  export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
  export STARPORT_PROPERTY_PLAYOUTS=${STARPORT_PROPERTY_PLAYOUTS:-200}
  t=$SECONDS
  bash tests/sanitize_build.sh   # clang; its fuzz targets serve tests/fuzz/run.sh too
  took $t
else
  echo "== build ($build)"
  t=$SECONDS
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
  ninja -C "$build" -j "$jobs"
  took $t
fi
export STARPORT_BIN=$PWD/$build/starport

passed=0 failed=0
suite() {   # suite NAME COMMAND…: runs one suite, counts it, keeps going
  echo "== $1"
  local t=$SECONDS
  if "${@:2}"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "!! $1 failed"; fi
  took $t
}

# The web client's build is served by the server tests, so it comes first.
if ! $sanitize; then
  t=$SECONDS
  (cd web-client && npm ci --no-audit --no-fund --loglevel=error && npm run build)
  took $t
fi
suite "C++ tests (ctest)" ctest --test-dir "$build" --output-on-failure -j "$jobs" --timeout 900
if ! $sanitize; then
  suite "web client unit tests" npm --prefix web-client test
  suite "browser end to end (Playwright, Chromium)" npm --prefix web-client run e2e
  suite "load generator smoke run" "$STARPORT_BIN" loadgen --matches 5 --moves 40 --seconds 30
fi

echo "suites: $passed passed, $failed failed, in $(( SECONDS - started )) s"
[ "$failed" = 0 ]
