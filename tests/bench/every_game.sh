#!/usr/bin/env bash
# Every 2-seat game under the same load, one line each (docs/capacity-measurements.md, "Every game under
# load"): `starport loadgen --game G` starting its own server, closed loop (every seat acts
# the moment it may) or paced (each seat every 1-3 s).
#
#   tests/bench/every_game.sh <starport> closed [matches=200] [moves=400]
#   tests/bench/every_game.sh <starport> paced  [matches=1000] [seconds=60]
#
# Prints, per game: accepted moves, moves/s, the server's CPU per move while every match
# played (and over the whole run), bytes per move (packed, as pages ask), client p50/p99,
# the server's peak resident memory, refusals. Loopback only; each run bounded by --seconds.
set -euo pipefail
exe=${1:?usage: every_game.sh <starport> closed|paced [matches] [moves|seconds]}
mode=${2:-closed}
games="space_war space_race terminus scoundrels quasar_search"
printf '%-14s %9s %9s %12s %9s %8s %8s %8s %9s %7s\n' game accepted moves/s "us/move(win)" "(run)" "B/move" p50_ms p99_ms peak_MB refused
for g in $games; do
  if [ "$mode" = closed ]; then
    args=(--matches "${3:-200}" --moves "${4:-400}" --seconds 40)
  else
    secs=${4:-60}
    args=(--matches "${3:-1000}" --think-ms 2000 --jitter 0.5 --ramp-seconds 10 --moves 100000 --seconds "$secs")
  fi
  line=$("$exe" loadgen --game "$g" "${args[@]}" 2>/dev/null | head -1)
  python3 - "$g" "$line" <<'PY'
import json, sys
g, line = sys.argv[1], sys.argv[2]
r = json.loads(line)
print("%-14s %9d %9.0f %12.1f %9.1f %8.1f %8.2f %8.2f %9.1f %7d" % (
    g, r["accepted"], r["moves_per_s"], r.get("playing_server_cpu_us_per_move", 0), r["server_cpu_us_per_move"],
    r["bytes_per_move"], r.get("playing_p50_ms", r["p50_ms"]), r.get("playing_p99_ms", r["p99_ms"]),
    r["server_peak_rss_mb"], r["refused"]))
PY
done
