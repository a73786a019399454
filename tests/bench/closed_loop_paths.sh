#!/bin/bash
# Where a closed-loop move's server CPU goes, by call path and thread (docs/capacity-measurements.md,
# "A closed-loop move by call path").
# Usage: tests/bench/closed_loop_paths.sh <out-dir> <starport binary> [matches=1000]
# Starts `starport serve` (the message rate raised as loadgen's own closed-loop server has it),
# runs `starport loadgen` against it with every seat acting the moment it may, and from 5 s in
# records 5 s of `perf record --call-graph dwarf` (both threads), counting the accepted moves
# in that window from /metrics. Then it prints tests/bench/perf_by_path.py's table.
set -eu
out=$1; exe=$2; matches=${3:-1000}
frequency=499   # dwarf stacks are large: a low rate keeps the file small and perf's own cost low
mkdir -p "$out"
rm -rf "$out/data"
port=$((20000 + RANDOM % 20000))
"$exe" serve --port "$port" --data "$out/data" --rate 10000 --burst 20000 > "$out/serve.log" 2>&1 &
server=$!
trap 'kill $server 2> /dev/null || true' EXIT
for _ in $(seq 50); do curl -s -o /dev/null "http://127.0.0.1:$port/metrics" && break; sleep 0.1; done
echo "start $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)" > "$out/info"
"$exe" loadgen --url "ws://127.0.0.1:$port/ws" --server-pid "$server" --matches "$matches" --moves 2000 \
  --seconds 25 > "$out/loadgen.json" 2> "$out/loadgen.err" &
loadgen=$!
moves() { curl -s --max-time 20 "http://127.0.0.1:$port/metrics" | awk '/^starport_actions_total/{print $2}'; }
sleep 5
before=$(moves)
perf record -e cpu-clock -F "$frequency" --call-graph dwarf,16384 -p "$server" -o "$out/perf.data" -- sleep 5 \
  > /dev/null 2>&1
after=$(moves)
wait $loadgen
echo "end $(date -u +%T) moves in the window $((after - before))" >> "$out/info"
perf script -i "$out/perf.data" 2> /dev/null |
  python3 "$(dirname "$0")/perf_by_path.py" "$((after - before))" "$frequency" "$server" | tee "$out/paths.txt"
grep '^loadgen: while every match' "$out/loadgen.err" || true
