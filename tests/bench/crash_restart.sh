#!/bin/bash
# What a crash at capacity costs before players can come back (docs/capacity.md, "A restart
# after a crash, at capacity"): paced play on a server of its own, `kill -9` of it, then the
# same server on the same data, timed from its start to "listening on" (every running match
# is re-played from storage first). Prints the metrics at the crash, the time, memory and CPU
# of the restart, and what it resumed.
# Usage: tests/bench/crash_restart.sh <starport binary> [matches=9968] [seconds of play=150] [port=18121]
set -u
exe=$1; matches=${2:-9968}; play=${3:-150}; port=${4:-18121}
data=$(mktemp -d /tmp/starport-crash-XXXXXX)
trap 'rm -rf "$data"' EXIT
ulimit -n "$(ulimit -Hn)"
echo "start $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)"
"$exe" serve --port "$port" --data "$data" > "$data/first.log" 2>&1 &
server=$!
for _ in $(seq 1 100); do grep -q 'listening on' "$data/first.log" && break; sleep 0.05; done
"$exe" loadgen --url "ws://127.0.0.1:$port/ws" --server-pid "$server" --matches "$matches" --think-ms 2000 \
  --jitter 0.5 --ramp-seconds 30 --moves 1000 --seconds $((play + 30)) > "$data/loadgen.json" 2> "$data/loadgen.err" &
loadgen=$!
sleep "$play"
echo "at the crash:"
curl -s --max-time 10 "http://127.0.0.1:$port/metrics" | grep -E '^(starport_connections|starport_matches|starport_actions_total) '
grep VmRSS "/proc/$server/status"
kill -9 "$server"; wait "$server" 2>/dev/null
kill "$loadgen" 2>/dev/null; wait "$loadgen" 2>/dev/null
ls -l "$data"/starport.db*
start=$(date +%s.%N)
"$exe" serve --port "$port" --data "$data" > "$data/second.log" 2>&1 &
server=$!
for _ in $(seq 1 12000); do grep -q 'listening on' "$data/second.log" && break; sleep 0.01; done
echo "restart to listening: $(echo "$(date +%s.%N) - $start" | bc) s"
grep -E 'VmHWM|VmRSS' "/proc/$server/status"
echo "CPU $(ps -o cputime= -p "$server")"
curl -s --max-time 10 "http://127.0.0.1:$port/metrics" | grep -E '^(starport_matches|starport_lobbies) '
kill "$server"; wait "$server" 2>/dev/null
