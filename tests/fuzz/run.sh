#!/usr/bin/env bash
# Builds the libFuzzer targets in the sanitizer build (tests/sanitize_build.sh: clang, ASan +
# UBSan, -DSTARPORT_FUZZ=ON; shared with `run-all.sh --sanitize`) in build-sanitize/,
# seeds their corpora from real messages (fuzz_seeds) and runs each in turn.
#   bash tests/fuzz/run.sh                      long: 10 million executions per target
#   bash tests/fuzz/run.sh --runs N             N executions per target
#   bash tests/fuzz/run.sh --seconds S          S seconds per target (CI: brief)
#   bash tests/fuzz/run.sh ... TARGET...        only these (request_fuzzer view_diff_fuzzer
#                                               scenario_fuzzer deck_text_fuzzer)
# A finding stops the run with the crashing input in build-sanitize/fuzz-findings/<target>/;
# the exit code is then non-zero. Each target's last libFuzzer status line is printed.
set -euo pipefail
cd "$(dirname "$0")/../.."

limit=(-runs=10000000)
targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) limit=(-runs="$2"); shift 2 ;;
    --seconds) limit=(-max_total_time="$2"); shift 2 ;;
    *) targets+=("$1"); shift ;;
  esac
done
all=(request_fuzzer view_diff_fuzzer scenario_fuzzer deck_text_fuzzer)
[ ${#targets[@]} -eq 0 ] && targets=("${all[@]}")

build=build-sanitize
bash tests/sanitize_build.sh fuzz_seeds "${targets[@]}"

seeds=$build/fuzz-seeds
rm -rf "$seeds"
"$build/tests/fuzz/fuzz_seeds" "$seeds" >/dev/null
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1:allocator_may_return_null=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

failed=0
for t in "${targets[@]}"; do
  corpus=$build/fuzz-corpus/$t
  findings=$build/fuzz-findings/$t
  mkdir -p "$corpus" "$findings"
  seed_dir=$seeds/${t%_fuzzer}
  [ -d "$seed_dir" ] || seed_dir=$(mktemp -d)
  log=$build/fuzz-$t.log
  echo "== $t (${limit[*]})"
  start=$(date +%s)
  # Leaks are off: the request target keeps one server for the whole run on purpose.
  if "$build/tests/fuzz/$t" "${limit[@]}" -rss_limit_mb=3072 -timeout=20 -max_len=8192 \
       -artifact_prefix="$findings/" -print_final_stats=1 "$corpus" "$seed_dir" >"$log" 2>&1; then
    result=ok
  else
    result=FINDING
    failed=1
  fi
  execs=$(grep -a "stat::number_of_executed_units" "$log" | awk '{print $2}' | tail -1 || true)
  echo "   $result: ${execs:-?} executions in $(( $(date +%s) - start )) s; $(grep -a -E '^#[0-9]+' "$log" | tail -1)"
  [ "$result" = ok ] || tail -40 "$log"
done
exit $failed
