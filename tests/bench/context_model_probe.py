#!/usr/bin/env python3
"""A static context model of a game's frames, probed (docs/capacity-measurements.md, "A context model per
game, probed"). Reads the frames tests/bench/dictionary_probe.sh captured (<dir>/train and
<dir>/test, one frame a file), counts which byte follows each context of the previous
`order` bytes in N training frames spread over the run, and reports how many bytes each test
frame would take coded against those counts by an arithmetic coder: the sum of -log2 p over
its bytes, rounded up to whole bytes, plus one byte for the coder's end and one for the
frame's ID (as a packed view starts with its dictionary's). The model is PPM's
(method C: an escape counts as many as the distinct bytes seen in a context; escaping
from a context excludes its bytes below), fixed after training, so a frame is coded alone.

Out of sample: `--train-file F` trains on the updates `starport train-dictionary
--samples-out F` wrote (bot matches, as a shipped model would be), and `--updates` codes
the view updates inside the captured frames (as packed views are: the update alone), beside
deflate against `--dictionary` (a proto/dictionaries file) for comparison.

Usage: context_model_probe.py <dir> [--orders 1,2,3] [--train N[,N...]] [--test N]
       [--train-file F] [--updates [--without-log]] [--dictionary D]
"""
import argparse
import glob
import gzip
import math
import os
import zlib
from collections import defaultdict


def load(path):
    return [open(f, "rb").read() for f in sorted(glob.glob(os.path.join(path, "*.bin")))]


def load_samples(path):
    data, out, i = open(path, "rb").read(), [], 0
    while i + 4 <= len(data):
        n = int.from_bytes(data[i:i + 4], "little")
        out.append(data[i + 4:i + 4 + n])
        i += 4 + n
    return out


def varint(b, i):
    v, shift = 0, 0
    while True:
        v |= (b[i] & 0x7F) << shift
        shift += 7
        i += 1
        if not b[i - 1] & 0x80:
            return v, i


def view_update(frame):
    """The ViewUpdate inside a ServerMessage (field 3), or None for any other frame."""
    i = 0
    while i < len(frame):
        key, i = varint(frame, i)
        if key & 7 == 0:
            _, i = varint(frame, i)
        elif key & 7 == 2:
            n, i = varint(frame, i)
            if key >> 3 == 3:
                return frame[i:i + n]
            i += n
        else:
            return None
    return None


def without_log(update):
    """The update less its log lines (log_line 6, log_refs 13): what a protocol that let the
    client write a contest's lines from the view would leave."""
    out, i = bytearray(), 0
    while i < len(update):
        start = i
        key, i = varint(update, i)
        if key & 7 == 0:
            _, i = varint(update, i)
        else:
            n, i = varint(update, i)
            i += n
        if key >> 3 not in (6, 13):
            out += update[start:i]
    return bytes(out)


def deflated(dictionary, update):
    z = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, dictionary)
    return 1 + len(z.compress(update) + z.flush())   # the ID byte, then raw deflate


START = 256   # the context before a frame's first byte


def train(frames, order):
    counts = [defaultdict(lambda: defaultdict(int)) for _ in range(order + 1)]
    for f in frames:
        history = (START,) * order
        for b in f:
            for o in range(order + 1):
                counts[o][history[order - o:]][b] += 1
            history = (history + (b,))[1:] if order else ()
    return counts


def frame_bits(counts, order, frame):
    bits = 0.0
    history = (START,) * order
    for b in frame:
        p, excluded = 1.0, set()
        for o in range(order, -1, -1):
            seen = counts[o].get(history[order - o:])
            if not seen:
                continue
            total = sum(n for s, n in seen.items() if s not in excluded)
            distinct = sum(1 for s in seen if s not in excluded)
            if total == 0:
                continue
            if b in seen and b not in excluded:
                p *= seen[b] / (total + distinct)
                break
            p *= distinct / (total + distinct)
            excluded |= set(seen)
        else:
            p /= 256 - len(excluded)
        bits -= math.log2(p)
        history = (history + (b,))[1:] if order else ()
    return bits


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dir")
    ap.add_argument("--orders", default="1,2,3")
    ap.add_argument("--train", default="600,2400,0", help="training frames (0: all)")
    ap.add_argument("--test", type=int, default=4000, help="test frames")
    ap.add_argument("--train-file", help="train on these samples (train-dictionary --samples-out)")
    ap.add_argument("--updates", action="store_true", help="code the view updates inside the frames")
    ap.add_argument("--dictionary", help="also deflate each against this dictionary file")
    ap.add_argument("--without-log", action="store_true", help="with --updates: code them less their log lines")
    a = ap.parse_args()
    training = load_samples(a.train_file) if a.train_file else load(os.path.join(a.dir, "train"))
    testing = load(os.path.join(a.dir, "test"))
    if a.updates:
        testing = [u for u in map(view_update, testing) if u]
        if a.without_log:
            testing = [without_log(u) for u in testing]
            training = [without_log(u) for u in training] if a.train_file else training
    testing = testing[: a.test]
    plain = sum(map(len, testing)) / len(testing)
    print(f"{len(testing)} test {'updates' if a.updates else 'frames'}, {plain:.1f} B each as sent")
    if a.dictionary:
        d = open(a.dictionary, "rb").read()[1:]
        packed = sum(min(len(u), deflated(d, u)) for u in testing) / len(testing)
        print(f"deflate against {os.path.basename(a.dictionary)}: {packed:.1f} B each (the smaller of packed and plain)")
    for n in map(int, a.train.split(",")):
        frames = training[:: max(1, len(training) // n)][:n] if n else training   # spread over every match
        sample = b"".join(frames)
        print(f"trained on {len(frames)} frames ({len(sample)} B, {len(gzip.compress(sample, 9))} B gzipped):")
        for order in map(int, a.orders.split(",")):
            counts = train(frames, order)
            entries = sum(len(c) for o in range(1, order + 1) for c in counts[o].values())
            coded = sum(math.ceil(frame_bits(counts, order, f) / 8) + 2 for f in testing) / len(testing)
            print(f"  order {order}: {coded:.1f} B a frame ({entries} context entries)")


if __name__ == "__main__":
    main()
