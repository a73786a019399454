#!/usr/bin/env bash
# Builds the libFuzzer targets in the sanitizer build (tests/sanitize_build.sh: clang, ASan +
# UBSan, -DSTARPORT_FUZZ=ON; shared with `run-all.sh --sanitize`) in build-sanitize/,
# seeds their corpora from real messages (fuzz_seeds) and runs each in turn.
#   bash tests/fuzz/run.sh                      long: 10 million executions per target
#   bash tests/fuzz/run.sh --runs N             N executions per target (--runs 10000000: the issue's target)
#   bash tests/fuzz/run.sh --seconds S          S seconds per target (CI: brief)
#   bash tests/fuzz/run.sh --jobs J ...         J processes per target (libFuzzer -fork), for a long run
#                                               on a machine with cores to spare
# Every target's line says its executions per second and how long 10 million would take at
# that rate, so a short run (--seconds 60) tells how long the long one needs.
#   bash tests/fuzz/run.sh ... TARGET...        only these (request_fuzzer view_diff_fuzzer
#                                               packed_view_fuzzer scenario_fuzzer deck_text_fuzzer)
# Invocations for different targets can run side by side (each writes its own seeds; start
# them one after another, as each first runs ninja in build-sanitize), so
# that every long run gets its own share of the machine.
# A finding stops the run with the crashing input in build-sanitize/fuzz-findings/<target>/;
# the exit code is then non-zero. Each target's last libFuzzer status line is printed.
set -euo pipefail
cd "$(dirname "$0")/../.."

limit=(-runs=10000000)
jobs=()
targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --runs)
      [[ "${2:-}" =~ ^[0-9]+$ ]] || { echo "--runs needs a whole number, not '${2:-}'" >&2; exit 2; }
      limit=(-runs="$2"); shift 2 ;;
    --seconds)
      [[ "${2:-}" =~ ^[0-9]+$ ]] || { echo "--seconds needs a whole number, not '${2:-}'" >&2; exit 2; }
      limit=(-max_total_time="$2"); shift 2 ;;
    --jobs)
      [[ "${2:-}" =~ ^[1-9][0-9]*$ ]] || { echo "--jobs needs a number of processes, not '${2:-}'" >&2; exit 2; }
      [ "$2" -gt 1 ] && jobs=(-fork="$2" -ignore_crashes=0); shift 2 ;;
    -*) echo "unknown option $1 (--runs N, --seconds S, --jobs J, then target names)" >&2; exit 2 ;;
    *) targets+=("$1"); shift ;;
  esac
done
all=(request_fuzzer view_diff_fuzzer packed_view_fuzzer scenario_fuzzer deck_text_fuzzer)
[ ${#targets[@]} -eq 0 ] && targets=("${all[@]}")

build=build-sanitize
bash tests/sanitize_build.sh fuzz_seeds "${targets[@]}"

# Seeds of its own for each invocation, so that long runs of different targets can run side by side.
mkdir -p "$build"
seeds=$(mktemp -d "$build/fuzz-seeds.XXXXXX")
trap 'rm -rf "$seeds"' EXIT
"$build/tests/fuzz/fuzz_seeds" "$seeds" >/dev/null
# allocator_release_to_os_interval_ms=-1: ASan otherwise hands freed pages back to the
# kernel every 5 s and faults them in again (madvise and page faults were ~20% of
# request_fuzzer's time); detection is the same, only memory is kept.
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1:allocator_may_return_null=1:allocator_release_to_os_interval_ms=-1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

failed=0
rm -f "$build/fuzz-rates.txt"
for t in "${targets[@]}"; do
  corpus=$build/fuzz-corpus/$t
  findings=$build/fuzz-findings/$t
  mkdir -p "$corpus" "$findings"
  seed_dir=$seeds/${t%_fuzzer}
  [ -d "$seed_dir" ] || seed_dir=$(mktemp -d)
  log=$build/fuzz-$t.log
  echo "== $t (${limit[*]})"
  start=$(date +%s)
  # libFuzzer's entropic schedule spends over half of these two targets' time updating the
  # frequencies of their tens of thousands of features; the plain one reaches as much
  # coverage in the same time, with twice the executions (docs/server.md, "Fuzzing").
  schedule=()
  case $t in request_fuzzer | view_diff_fuzzer) schedule=(-entropic=0) ;; esac
  # Leaks are off: the request target keeps one server for many inputs on purpose. libFuzzer's
  # own -detect_leaks must be off too: it re-ran every input that allocated more than it
  # freed (a server always does) to look for a leak that ASan then never reports.
  if "$build/tests/fuzz/$t" "${limit[@]}" "${jobs[@]}" "${schedule[@]}" -detect_leaks=0 -rss_limit_mb=3072 -timeout=20 -max_len=8192 \
       -artifact_prefix="$findings/" -print_final_stats=1 "$corpus" "$seed_dir" >"$log" 2>&1; then
    result=ok
  else
    result=FINDING
    failed=1
  fi
  seconds=$(( $(date +%s) - start ))
  # The executions: the final stats (one process), else the last status line (#N …, -fork too).
  execs=$(grep -a "stat::number_of_executed_units" "$log" | awk '{s += $2} END {if (NR) print s}' || true)
  [ -n "$execs" ] || execs=$(grep -a -o -E '^#[0-9]+' "$log" | tail -1 | tr -d '#' || true)
  rate=$(awk -v e="${execs:-0}" -v s="$seconds" 'BEGIN {if (s > 0 && e > 0) printf "%.0f", e / s; else print "?"}')
  to_10m=$(awk -v e="${execs:-0}" -v s="$seconds" 'BEGIN {if (s > 0 && e > 0) {h = 1e7 / (e / s) / 3600; printf (h >= 1 ? "%.1f h" : "%.0f min"), (h >= 1 ? h : h * 60)} else print "?"}')
  echo "   $result: ${execs:-?} executions in $seconds s, $rate per second (10 million: $to_10m at this rate); $(grep -a -E '^#[0-9]+' "$log" | tail -1)"
  echo "$t $result ${execs:-0} $seconds $rate" >>"$build/fuzz-rates.txt"
  [ "$result" = ok ] || tail -40 "$log"
done
exit $failed
