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
# The Dwarves captured both cards: the table's discard counts, by seat.
tr -d ' \n' < "$dir/scenario.out" | grep -q '"discard_counts":\[2,0\]'
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
# --trace: JSON lines, the start and one line per action with every seat's and the
# spectator's view, then the result. A position inside a War step: seat 0 has flipped
# (its face-up War card, humans:9, is hidden from seat 1 and spectators until seat 1 flips).
cat > "$dir/war.json" <<'JSON'
{"game": "space_war", "seats": 2, "seed": 5,
 "position": {"contest": 4, "phase": "FLIP_PHASE", "war_step": 1,
   "seats": [{"faction": "HUMANS", "deck": ["humans:5"], "discard": ["humans:1"]},
             {"faction": "ELVES", "deck": ["elves:4", "elves:5", "elves:6", "elves:8"]}],
   "battlefield": [{"owner": 0, "code": "humans:7", "face_up": true},
                   {"owner": 1, "code": "elves:7", "face_up": true},
                   {"owner": 0, "code": "humans:2", "step": 1},
                   {"owner": 0, "code": "humans:3", "step": 1},
                   {"owner": 0, "code": "humans:9", "step": 1, "face_up": true}],
   "participants": [0, 1], "flipped": [0]},
 "actions": ["1 flip"]}
JSON
"$starport" scenario "$dir/war.json" --trace > "$dir/trace.jsonl"
[ "$(wc -l < "$dir/trace.jsonl")" -eq 3 ] || { echo "a trace of 1 action has 3 lines" >&2; exit 1; }
sed -n 1p "$dir/trace.jsonl" | grep -q '^{"step": 0, "outcome": {"over": false'
sed -n 2p "$dir/trace.jsonl" | grep -q '^{"step": 1, "action": "1 flip", "log": "Elves adds 3 cards to the War'
sed -n 3p "$dir/trace.jsonl" | grep -q '"actions_applied": 1, "refused": false'
view_of() {   # line, viewer: that viewer's view on that line
  sed -n "$1p" "$dir/trace.jsonl" | sed "s/.*\"$2\": //; s/, \"spectator\": .*//; s/}}\$//"
}
# Views name a card by its kind in the catalog (ListCards): elves:7 is kind 17, humans:9
# kind 62; the log line names it in words.
sed -n 2p "$dir/trace.jsonl" | grep -q 'Humans reveals Starship Captain (9); Elves reveals Elven Starsinger (6)'
# A card of a view: a Card's kind, or an entry of a contest's `kinds` column (Reveals).
shows_kind() { grep -qE "\"kind\":$1}|\"kinds\":\[([0-9]+,)*$1[],]"; }
for who in seat1 spectator; do
  view_of 1 "$who" | shows_kind 17   # the Battle's reveals are public
  if view_of 1 "$who" | shows_kind 62; then echo "$who saw a hidden card in the trace" >&2; exit 1; fi
  view_of 2 "$who" | shows_kind 62   # revealed once every participant flipped
done
view_of 1 seat0 | grep -q '"contest":4'
if grep -q '"state"' "$dir/trace.jsonl"; then echo "scenario --trace has no omniscient state" >&2; exit 1; fi
"$starport" replay "$dir/war.json" --trace > "$dir/replay-trace.jsonl"
sed -n 1p "$dir/replay-trace.jsonl" | grep -q '"state": {'
# A refused action: the lines before it, then the result, exit code 1.
sed 's/"1 flip"/"1 flip", "1 trigger"/' "$dir/war.json" > "$dir/war-bad.json"
if "$starport" scenario "$dir/war-bad.json" --trace > "$dir/bad-trace.jsonl" 2> "$dir/bad-trace.err"; then
  echo "a refused action must fail a trace" >&2; exit 1
fi
[ "$(wc -l < "$dir/bad-trace.jsonl")" -eq 3 ]
grep -q '"refused": true' "$dir/bad-trace.jsonl"
grep -q "action 2 (1 trigger) refused" "$dir/bad-trace.err"
# A position that breaks the rules is refused before anything runs.
sed 's/"flipped": \[0\]/"flipped": [0, 0]/' "$dir/war.json" > "$dir/war-broken.json"
if "$starport" scenario "$dir/war-broken.json" > /dev/null 2> "$dir/broken.err"; then
  echo "a broken position must be refused" >&2; exit 1
fi
grep -q "flipped names a seat twice" "$dir/broken.err"

# A cooperative game: simulate says how often the team won, and a recorded Mission (decks
# dealt from the seed) re-plays to the same end.
"$starport" simulate --game quasar_search -n 3 -p 2 --bots heuristic --seed 3 --record "$dir/qs.json" > "$dir/qs.txt"
grep -q "finished 3/3" "$dir/qs.txt"
grep -q "team win rate: " "$dir/qs.txt"
"$starport" replay "$dir/qs.json" > "$dir/qs_replay.json"
grep -q '"over": true' "$dir/qs_replay.json"
echo "cli round trip ok"
