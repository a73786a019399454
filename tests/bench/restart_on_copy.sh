#!/bin/bash
# A restart's cost on a kept database (docs/capacity-measurements.md, "A restart with runs"):
# copies <data dir> (say, one a crash_restart.sh run left, or any server's --data) to a temp
# directory `runs` times and starts `starport serve` on each copy, timed from its start to
# "listening on" (every running match re-played from storage first). Prints per run the time,
# the CPU spent and the peak resident memory at that moment, and what it resumed.
# Usage: tests/bench/restart_on_copy.sh <starport binary> <data dir> [runs=3] [port=18141]
set -u
exe=$1; saved=$2; runs=${3:-3}; port=${4:-18141}
work=$(mktemp -d /tmp/starport-restart-XXXXXX)
trap 'rm -rf "$work"' EXIT
echo "# $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg) $exe"
for run in $(seq 1 "$runs"); do
  rm -rf "$work/d"; cp -r "$saved" "$work/d"; sync
  start=$(date +%s.%N)
  "$exe" serve --port "$port" --data "$work/d" > "$work/serve.log" 2>&1 &
  server=$!
  for _ in $(seq 1 12000); do grep -qs 'listening on' "$work/serve.log" && break; sleep 0.01; done
  took=$(echo "$(date +%s.%N) - $start" | bc)
  hwm=$(awk '/VmHWM/{printf "%.1f", $2 / 1024}' "/proc/$server/status")
  cpu=$(awk -v hz="$(getconf CLK_TCK)" '{printf "%.2f", ($14 + $15) / hz}' "/proc/$server/stat")
  matches=$(curl -s --max-time 10 "http://127.0.0.1:$port/metrics" | awk '/^starport_matches /{print $2}')
  echo "run $run: listening after $took s, CPU $cpu s, peak RSS $hwm MB, $matches matches running"
  kill "$server"; wait "$server" 2>/dev/null
done
