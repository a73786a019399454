#!/bin/bash
# The network threads' lag through a capacity run, second by second (docs/capacity-measurements.md,
# "The wait before a move is read"). Runs `starport loadgen` paced (seats act every 1-3 s)
# and samples the server's /metrics every second: accepted moves, the lag histogram
# (starport_network_lag_seconds: how late a timer due every 100 ms ran), the storage queue
# and the network threads' CPU. Prints one line a second, then the loadgen report.
# Usage: tests/bench/capacity_lag.sh <out-dir> <starport binary> [matches=9968] [extra loadgen flags...]
set -u
out=$1; exe=$2; matches=${3:-9968}; shift 3 2>/dev/null || shift $#
mkdir -p "$out"
echo "start $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)" > "$out/info"
"$exe" loadgen --matches "$matches" --think-ms 2000 --jitter 0.5 --ramp-seconds 30 --moves 1000 --seconds 95 "$@" \
  > "$out/loadgen.json" 2> "$out/loadgen.err" &
loadgen=$!
sleep 2
server=$(pgrep -P $loadgen | head -1)
port=$(ss -ltnpH | grep "pid=$server," | head -1 | awk '{print $4}' | sed 's/.*://')
echo "server pid $server port $port" >> "$out/info"
sample() {
  curl -s --max-time 5 "http://127.0.0.1:$port/metrics" | awk -v t="$(date +%s.%N)" '
    /^starport_actions_total /{a=$2}
    /^starport_network_lag_seconds_bucket\{le="0.005"\}/{l5=$2}
    /^starport_network_lag_seconds_bucket\{le="0.02"\}/{l20=$2}
    /^starport_network_lag_seconds_bucket\{le="0.1"\}/{l100=$2}
    /^starport_network_lag_seconds_count /{n=$2}
    /^starport_network_lag_seconds_sum /{s=$2}
    /^starport_storage_queue_depth /{q=$2}
    /^starport_network_cpu_seconds_total /{c=$2}
    /^starport_connections /{k=$2}
    END{if (n != "") printf "%.2f %d %d %d %d %d %.4f %d %.2f %d\n", t, a, n, l5, l20, l100, s, q, c, k}'
}
echo "# t moves probes le5ms le20ms le100ms lag_sum_s storage_queue network_cpu_s connections" > "$out/samples"
while kill -0 $loadgen 2>/dev/null; do sample >> "$out/samples"; sleep 1; done
wait $loadgen
echo "end $(date -u +%T)" >> "$out/info"
# Per second: moves/s, probes, how many ran more than 5 / 20 / 100 ms late, the mean lag.
awk 'NR > 2 && p != "" { split(p, q, " ");
       dn = $3 - q[3]; printf "%6.1f s  %5d moves/s  probes %2d  late >5ms %2d >20ms %2d >100ms %2d  mean %.1f ms  queue %5d  network %.2f cores  conns %d\n",
       $1 - t0, $2 - q[2], dn, dn - ($4 - q[4]), dn - ($5 - q[5]), dn - ($6 - q[6]), dn ? 1000 * ($7 - q[7]) / dn : 0, $8, ($9 - q[9]) / ($1 - q[1]), $10 }
     NR == 2 { t0 = $1 } NR > 1 { p = $0 }' "$out/samples" | tee "$out/per_second"
tail -c 1500 "$out/loadgen.json"; echo
