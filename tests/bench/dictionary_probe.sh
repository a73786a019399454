#!/bin/bash
# A preset compression dictionary per game, probed on real frames (docs/capacity-measurements.md, "A
# preset dictionary per game"). Captures the payloads of the server's frames during a
# loadgen run (strace of its sendmsg calls), trains zstd dictionaries on half of them and
# compresses each frame of the other half alone: bytes a frame and µs a frame.
# Usage: tests/bench/dictionary_probe.sh <out-dir> <starport binary> [closed|paced]
set -euo pipefail
out=$1; exe=$2; mode=${3:-closed}
here=$(cd "$(dirname "$0")" && pwd)
command -v zstd >/dev/null && command -v strace >/dev/null && [ -e /usr/include/zstd.h ] ||
  apt-get install -y -q zstd libzstd-dev strace zlib1g-dev >/dev/null
mkdir -p "$out"
if [ "$mode" = paced ]; then
  args=(--matches 500 --think-ms 2000 --jitter 0.5 --ramp-seconds 2 --moves 400 --seconds 25 --plain)
  settle=12   # past the ramp: the frames of play, not of lobbies and starts
else
  args=(--matches 200 --moves 4000 --seconds 20 --plain)
  settle=3
fi
"$exe" loadgen "${args[@]}" --server-exe "$exe" > "$out/loadgen.json" 2> "$out/loadgen.err" &
loadgen=$!
sleep $settle
server=$(pgrep -P $loadgen | head -1)
timeout 8 strace -f -e trace=sendmsg -e write=all -p "$server" -o "$out/sendmsg.txt" || true
wait $loadgen || true
python3 - "$out" <<'PY'
import os, sys
out = sys.argv[1]
writes, cur = [], None
for line in open(os.path.join(out, "sendmsg.txt")):
    if "sendmsg(" in line:
        if cur: writes.append(cur)
        cur = bytearray()
    elif line.strip().startswith("|") and cur is not None:
        cur += bytes.fromhex(line.strip()[1:].split("  ", 1)[1][:48].replace(" ", ""))
if cur: writes.append(cur)
payloads = []
for w in writes:   # server frames: unmasked, so header then payload
    i = 0
    while i + 2 <= len(w):
        n, h = w[i + 1] & 0x7F, 2
        if n == 126: n, h = int.from_bytes(w[i + 2:i + 4], "big"), 4
        elif n == 127: n, h = int.from_bytes(w[i + 2:i + 10], "big"), 10
        payloads.append(bytes(w[i + h:i + h + n])); i += h + n
for k, p in enumerate(payloads):
    d = os.path.join(out, "train" if k % 2 == 0 else "test")
    os.makedirs(d, exist_ok=True)
    open(os.path.join(d, f"{k:07d}.bin"), "wb").write(p)
print(f"{len(payloads)} frames, {sum(map(len, payloads)) / max(1, len(payloads)):.1f} B on average")
PY
g++ -O2 -std=c++20 "$here/dictionary_probe.cpp" -o "$out/dictionary_probe" -lz -lzstd
for size in 4096 16384; do
  zstd -q -f --train "$out"/train/* -o "$out/dictionary$size" --maxdict=$size
  "$out/dictionary_probe" "$out/dictionary$size" "$out/test"
done
# The same frames against a context model per game (docs/capacity-measurements.md, "A context model").
python3 "$here/context_model_probe.py" "$out"
