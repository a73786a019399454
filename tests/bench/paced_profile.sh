#!/bin/bash
# Where a paced move's server CPU goes (docs/capacity-measurements.md, "What a paced move costs").
# Usage: tests/bench/paced_profile.sh <out-dir> <starport binary> [matches=1000]
# Runs `starport loadgen` paced (seats act every 1-3 s, turn timers on) and, while every
# match is playing, takes: the server's CPU per thread and the accepted moves (and match
# timer waits) from /metrics over 10 s; `strace -c -f` over 8 s; `perf record -g` over 10 s.
# Then: tests/bench/perf_by_thread.py <moves in the perf window> <network thread id> < perf script
set -u
out=$1; exe=$2; matches=${3:-1000}
mkdir -p "$out"
echo "start $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)" > "$out/info"
"$exe" loadgen --matches "$matches" --think-ms 2000 --jitter 0.5 --ramp-seconds 5 --moves 70 --seconds 75 \
  --server-exe "$exe" > "$out/loadgen.json" 2> "$out/loadgen.err" &
loadgen=$!
sleep 3
server=$(pgrep -P $loadgen | head -1)   # the server loadgen started (its first thread: the network thread)
port=$(ss -ltnpH | grep "pid=$server," | head -1 | awk '{print $4}' | sed 's/.*://')
echo "server pid $server port $port" >> "$out/info"
counters() {
  curl -s --max-time 20 "http://127.0.0.1:$port/metrics" |
    awk '/^starport_actions_total/{a=$2} /^starport_match_timer_waits_total/{w=$2} END{print "moves=" a " timer_waits=" w}'
}
threads() {   # per thread: user + system clock ticks
  for t in /proc/$server/task/*; do printf "%s=%s " "$(basename "$t")" "$(awk '{print $14+$15}' "$t/stat")"; done
  echo
}
sleep 17   # the ramp is over and every match is playing
echo "cpu window from $(date +%s.%N) $(counters) ticks $(threads)" >> "$out/info"
sleep 10
echo "cpu window to $(date +%s.%N) $(counters) ticks $(threads) load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/info"
echo "strace from $(counters)" >> "$out/info"
timeout -s INT 8 strace -c -f -p "$server" -o "$out/strace.txt"
echo "strace to $(counters)" >> "$out/info"
perf record -e cpu-clock -F 2000 -g -p "$server" -o "$out/perf.data" -- sleep 10 > /dev/null 2>&1
echo "perf to $(counters) load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/info"
wait $loadgen
echo "end $(date -u +%T)" >> "$out/info"
