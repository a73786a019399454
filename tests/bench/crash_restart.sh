#!/bin/bash
# What a crash at capacity costs the players (docs/capacity-measurements.md, "A restart after a crash, at
# capacity"): paced play on a server of its own, `kill -9` of it, then the same server on the
# same data, timed from its start to "listening on" (every running match is re-played from
# storage first). The load generator's clients come back as pages do (--reconnect) and play on
# for `after` seconds. Prints the metrics at the crash, the time, memory and CPU of the restart,
# what it resumed, and the load generator's report: each seat's outage, from its connection's
# loss to the snapshot that shows it the table again.
# Usage: tests/bench/crash_restart.sh <starport binary> [matches=9968] [seconds of play=150] [after=60] [port=18121]
set -u
exe=$1; matches=${2:-9968}; play=${3:-150}; after=${4:-60}; port=${5:-18121}
data=$(mktemp -d /tmp/starport-crash-XXXXXX)
trap 'rm -rf "$data"' EXIT
ulimit -n "$(ulimit -Hn)"
echo "start $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)"
"$exe" serve --port "$port" --data "$data" > "$data/first.log" 2>&1 &
server=$!
for _ in $(seq 1 100); do grep -qs 'listening on' "$data/first.log" && break; sleep 0.05; done
"$exe" loadgen --url "ws://127.0.0.1:$port/ws" --reconnect --matches "$matches" --think-ms 2000 \
  --jitter 0.5 --ramp-seconds 30 --moves 100000 --seconds $((play + after)) > "$data/loadgen.json" 2> "$data/loadgen.err" &
loadgen=$!
sleep "$play"
echo "at the crash:"
curl -s --max-time 10 "http://127.0.0.1:$port/metrics" | grep -E '^(starport_connections|starport_matches|starport_actions_total) '
grep VmRSS "/proc/$server/status"
kill -9 "$server"; wait "$server" 2>/dev/null
ls -l "$data"/starport.db*
start=$(date +%s.%N)
"$exe" serve --port "$port" --data "$data" > "$data/second.log" 2>&1 &
server=$!
for _ in $(seq 1 12000); do grep -qs 'listening on' "$data/second.log" && break; sleep 0.01; done
echo "restart to listening: $(echo "$(date +%s.%N) - $start" | bc) s"
grep -E 'VmHWM|VmRSS' "/proc/$server/status"
echo "CPU $(ps -o cputime= -p "$server")"
curl -s --max-time 10 "http://127.0.0.1:$port/metrics" | grep -E '^(starport_matches|starport_lobbies) '
# The players coming back, every half second for 20 s: connections, moves, the storage
# queue, lag probes more than 100 ms late, and the kernel's listen-queue overflows (SYNs and
# handshakes dropped because the server had not accepted the ones before: the client's TCP
# tries again after 1, then 2, 4 … s).
overflows() { nstat -az TcpExtListenOverflows 2>/dev/null | awk '/ListenOverflows/{print $2}'; }
base=$(overflows)
ticks() { awk '{print $14 + $15}' "/proc/$1/stat" 2>/dev/null || echo 0; }
echo "# s connections moves storage_queue lag_probes_over_100ms listen_overflows server_cpu_ticks loadgen_cpu_ticks"
for i in $(seq 1 40); do
  curl -s --max-time 2 "http://127.0.0.1:$port/metrics" | awk -v t="$(echo "$(date +%s.%N) - $start" | bc)" -v o="$(( $(overflows) - base ))" \
      -v sc="$(ticks "$server")" -v lc="$(ticks "$loadgen")" '
    /^starport_connections /{k=$2} /^starport_actions_total /{a=$2} /^starport_storage_queue_depth /{q=$2}
    /^starport_network_lag_seconds_bucket\{le="0.1"\}/{l=$2} /^starport_network_lag_seconds_count /{n=$2}
    END{printf "%5.1f %6d %8d %6d %4d %6d %6d %6d\n", t, k, a, q, n - l, o, sc, lc}'
  sleep 0.5
done
wait "$loadgen"
echo "after the load generator's $((play + after)) s:"
curl -s --max-time 10 "http://127.0.0.1:$port/metrics" | grep -E '^(starport_matches|starport_actions_total|starport_refusals_total.*[1-9][0-9]*$) ' | grep -v ' 0$'
grep VmHWM "/proc/$server/status"
grep -v '^loadgen:   ' "$data/loadgen.err"
cat "$data/loadgen.json"
kill "$server"; wait "$server" 2>/dev/null
