#!/usr/bin/env python3
"""A static context model of a game's frames, probed (docs/capacity.md, "A context model per
game, probed"). Reads the frames tests/bench/dictionary_probe.sh captured (<dir>/train and
<dir>/test, one frame a file), counts which byte follows each context of the previous
`order` bytes in the first N training frames, and reports how many bytes each test frame
would take coded against those counts by an arithmetic coder: the sum of -log2 p over its
bytes, rounded up to whole bytes, plus one byte for the coder's end. The model is PPM's
(method C: an escape counts as many as the distinct bytes seen in a context; escaping
from a context excludes its bytes below), fixed after training, so a frame is coded alone.

Usage: context_model_probe.py <dir> [--orders 1,2,3] [--train N[,N...]] [--test N]
"""
import argparse
import glob
import gzip
import math
import os
from collections import defaultdict


def load(path):
    return [open(f, "rb").read() for f in sorted(glob.glob(os.path.join(path, "*.bin")))]


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
    a = ap.parse_args()
    training, testing = load(os.path.join(a.dir, "train")), load(os.path.join(a.dir, "test"))[: a.test]
    plain = sum(map(len, testing)) / len(testing)
    print(f"{len(testing)} test frames, {plain:.1f} B each as sent")
    for n in map(int, a.train.split(",")):
        frames = training[:n] if n else training
        sample = b"".join(frames)
        print(f"trained on {len(frames)} frames ({len(sample)} B, {len(gzip.compress(sample, 9))} B gzipped):")
        for order in map(int, a.orders.split(",")):
            counts = train(frames, order)
            entries = sum(len(c) for o in range(1, order + 1) for c in counts[o].values())
            coded = sum(math.ceil(frame_bits(counts, order, f) / 8) + 1 for f in testing) / len(testing)
            print(f"  order {order}: {coded:.1f} B a frame ({entries} context entries)")


if __name__ == "__main__":
    main()
