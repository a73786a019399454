#!/usr/bin/env bash
# The one test command (README, .ci/run): installs what is missing, builds, runs every test.
#   bash tests/run-all.sh              everything
#   bash tests/run-all.sh --sanitize   the C++ tests again under ASan + UBSan (CI runs both)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
jobs=$(nproc)

bash deploy/install-deps.sh

build=build
flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo)
if [ "${1:-}" = "--sanitize" ]; then
  build=build-sanitize
  flags=(-DCMAKE_BUILD_TYPE=Debug -DSTARPORT_SANITIZE=ON)
  export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
  export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
  export STARPORT_PROPERTY_PLAYOUTS=${STARPORT_PROPERTY_PLAYOUTS:-300}
fi

echo "== build ($build)"
cmake -S . -B "$build" -G Ninja "${flags[@]}" >/dev/null
ninja -C "$build" -j "$jobs"

echo "== C++ tests (ctest)"
ctest --test-dir "$build" --output-on-failure -j "$jobs" --timeout 900
