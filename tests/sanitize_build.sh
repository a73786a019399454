#!/usr/bin/env bash
# The one sanitizer build, shared by `tests/run-all.sh --sanitize` (every C++ test under
# ASan + UBSan) and tests/fuzz/run.sh (the libFuzzer targets): clang, -O1 with line tables,
# ASan + UBSan, and -DSTARPORT_FUZZ=ON so the fuzzers come from the same objects. One build
# instead of two (gcc for the tests, clang for the fuzzers) saves CI a whole compile.
#   bash tests/sanitize_build.sh [TARGET...]     configure build-sanitize/ and build (all by default)
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v clang++ >/dev/null || ! ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1; then
  echo "== installing clang and libFuzzer (Debian)"
  sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends clang libclang-rt-dev >/dev/null
fi

build=build-sanitize
# A directory configured by an older gcc sanitizer build cannot switch compilers in place.
if [ -f "$build/CMakeCache.txt" ] && ! grep -q 'CMAKE_CXX_COMPILER:.*clang' "$build/CMakeCache.txt"; then
  rm -rf "$build"
fi
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
echo "== build ($build: clang, ASan + UBSan, fuzzers)"
# Warnings are gcc's job (the release build has -Werror); clang's extra ones do not fail here.
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE="-O1 -gline-tables-only" \
  -DCMAKE_CXX_COMPILER=clang++ -DSTARPORT_SANITIZE=ON -DSTARPORT_FUZZ=ON -DSTARPORT_WERROR=OFF "${launcher[@]}" >/dev/null
ninja -C "$build" -j "$(nproc)" "$@"
