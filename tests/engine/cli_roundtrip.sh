#!/usr/bin/env bash
# The starport CLI end to end: simulate records a match, replay re-plays it to the same
# end, scenario poses a position, and a refused action in a file fails with its reason.
set -euo pipefail
starport=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

"$starport" simulate -n 5 -p 3 --seed 11 --record "$dir/match.json" > "$dir/simulate.txt"
grep -q "finished 5/5" "$dir/simulate.txt"
grep -q "actions/s" "$dir/simulate.txt"

"$starport" replay "$dir/match.json" > "$dir/replay.json"
grep -q '"over": true' "$dir/replay.json"
"$starport" replay "$dir/match.json" --at 3 > "$dir/at3.json"
grep -q '"actions_applied": 3' "$dir/at3.json"
grep -q '"over": false' "$dir/at3.json"

cat > "$dir/scenario.json" <<'JSON'
{"game": "space_war", "seats": 2, "seed": 1,
 "position": {"seats": [{"faction": "DWARVES", "deck": ["dwarves:thane", "dwarves:2"]},
                        {"faction": "ELVES", "deck": ["elves:8", "elves:2"]}]},
 "actions": ["0 flip", "1 flip", "0 trigger"]}
JSON
"$starport" scenario "$dir/scenario.json" > "$dir/scenario.out"
grep -q '"seat0"' "$dir/scenario.out"
grep -q '"spectator"' "$dir/scenario.out"
grep -q '"discard_count": 2' "$dir/scenario.out"
# The log names the seats by their labels and the revealed cards (describe + effects).
grep -q '"seats": \["Dwarves", "Elves"\]' "$dir/scenario.out"
grep -q 'Dwarves reveals Thane of the Deep Belt (8); Elves reveals Elven Warden (8)' "$dir/scenario.out"
grep -q 'Dwarves triggers Dwarven Armor.\\nDwarves wins the Battle and captures 2 cards.' "$dir/scenario.out"
if sed -n '/"log"/,/"views"/p' "$dir/scenario.out" | grep -q '{seat:'; then
  echo "an unfilled seat reference in the log" >&2; exit 1
fi

sed 's/"0 trigger"/"1 trigger"/' "$dir/scenario.json" > "$dir/bad.json"
if "$starport" scenario "$dir/bad.json" > /dev/null 2> "$dir/bad.err"; then
  echo "a refused action must fail the run" >&2; exit 1
fi
grep -q "action 3 (1 trigger) refused" "$dir/bad.err"
echo "cli round trip ok"
