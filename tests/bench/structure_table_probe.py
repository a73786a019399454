#!/usr/bin/env python3
"""A table of patch structures per stream, probed (docs/capacity-measurements.md, "A table of
patch structures per stream, probed"). A view patch is keys, ops and lengths (its structure)
around values; the same structures recur all match long. If each stream kept a table of the
structures it was sent, as it keeps log line shapes, an update could name its structure by
number and send its values alone. This reads Space War patch streams (`starport diff-fixtures
--game space_war --players 2 ...`, one stream per viewer), splits each patch into structure
and values, and reports the bytes an update would take so: one byte for the structure's
number (a new structure: that byte, its keys and an end byte, then it is in the table), then
the values as the patch wrote them (varints, length-prefixed values, list lengths, COPY and
BASE numbers). Nested lengths are left out: a reader rebuilds them from the values.
Then each update deflated alone (raw, level 9) against 4 KiB of earlier ones of its kind, the
same crude dictionary for both, and the patch against the committed dictionary.

Usage: structure_table_probe.py <diff-fixtures JSON lines> [--table N] [--dictionary D]
"""
import argparse
import base64
import json
import zlib

# Space War's View as the patch format needs it: per message, field -> 'v' (a varint SET),
# 'l' (a length-prefixed SET: strings, bytes, packed lists) or the message a PATCH or LIST
# op goes into ('X*' a repeated message, list patched). proto/starport/v1/space_war.proto.
SCHEMA = {
    "View": {1: "Action*", 2: "v", 3: "v", 4: "v", 5: "v", 6: "v", 7: "v", 8: "Seat*",
             9: "BattlefieldCard*", 10: "LastContest", 11: "Outcome", 12: "v", 13: "l",
             15: "l", 16: "l", 17: "Reveals", 18: "v", 19: "v", 20: "v", 21: "l", 22: "l"},
    "Action": {1: "v", 2: "v", 3: "l"},
    "Seat": {1: "v", 2: "v", 5: "v", 6: "l", 7: "v", 11: "Card*", 12: "Card*"},
    "Card": {7: "v", 8: "v"},
    "BattlefieldCard": {1: "v", 2: "v", 3: "v", 4: "Card", 5: "v"},
    "LastContest": {1: "v", 2: "v", 3: "v", 4: "v", 5: "v", 6: "v", 7: "l", 8: "l*", 10: "Reveals"},
    "Reveals": {1: "l", 2: "l", 3: "l", 4: "l", 5: "l"},
    "Outcome": {1: "v", 2: "l", 3: "l", 4: "v"},
}


def varint(b, i):
    v = s = 0
    while True:
        c = b[i]
        i += 1
        v |= (c & 0x7F) << s
        s += 7
        if c < 0x80:
            return v, i


def value(b, i, values, prefixed):
    """One value at `i` (a varint, or length-prefixed) to `values`; where it ends."""
    n, j = varint(b, i)
    end = j + n if prefixed else j
    values += b[i:end]
    return end


def nested(b, i, split, msg, keys, values, marks="()"):
    """A length-prefixed nested patch (or list patch) at `i`, its keys between `marks`."""
    n, j = varint(b, i)
    keys.append(marks[0])
    i = split(b, j, j + n, msg, keys, values)
    keys.append(marks[1])
    return i


def split_patch(b, i, end, msg, keys, values):
    """docs/protocol.md, "The patch format": keys (with nesting marks) to `keys`, values to `values`."""
    first = True
    while i < end:
        key, i = varint(b, i)
        if key == 0 and first:   # BASE: the id is a value
            keys.append(0)
            _, j = varint(b, i)
            values += b[i:j]
            i, first = j, False
            continue
        first = False
        field, op = key >> 2, key & 3
        kind = SCHEMA[msg][field]
        keys.append(key)
        if op == 0:
            i = value(b, i, values, prefixed=kind != "v")
        elif op == 2:
            i = nested(b, i, split_patch, kind, keys, values)
        elif op == 3:
            i = nested(b, i, split_list, kind.rstrip("*"), keys, values, "[]")
    return i


def split_list(b, i, end, elem, keys, values):
    _, j = varint(b, i)   # the new length: a value
    values += b[i:j]
    i = j
    while i < end:
        key, i = varint(b, i)
        op = key & 3
        keys.append(("e", key))
        if op == 0:
            i = value(b, i, values, prefixed=True)
        elif op == 1:
            i = nested(b, i, split_patch, elem, keys, values)
        elif op == 2:   # COPY from, count
            _, j = varint(b, i)
            _, k = varint(b, j)
            values += b[i:k]
            i = k
        else:           # MOVE from, then a patch
            i = nested(b, value(b, i, values, prefixed=False), split_patch, elem, keys, values)
    return i


def raw_deflate(data, zdict):
    c = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, zdict)
    return len(c.compress(data) + c.flush())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("fixtures")
    ap.add_argument("--table", type=int, default=32, help="structures a stream keeps")
    ap.add_argument("--dictionary", help="a proto/dictionaries file (its first byte is the ID)")
    a = ap.parse_args()
    updates = []   # (patch, its coding with the table)
    known = 0
    for line in open(a.fixtures):
        stream = json.loads(line)
        if stream["game"] != "space_war":
            continue
        table = {}
        for u in stream["updates"]:
            patch = base64.b64decode(u["patch"])
            keys, values = [], bytearray()
            if split_patch(patch, 0, len(patch), "View", keys, values) != len(patch):
                raise SystemExit("a patch did not parse")
            shape = tuple(keys)
            if shape in table:
                known += 1
                coded = bytes([table[shape]]) + bytes(values)
            else:
                key_bytes = bytes(k & 0xFF if isinstance(k, int) else (k[1] & 0xFF if isinstance(k, tuple) else ord(k)) for k in keys)
                coded = bytes([0xFF]) + key_bytes + b"\0" + bytes(values)
                if len(table) < a.table:
                    table[shape] = len(table)
            updates.append((patch, coded))
    n = len(updates)
    if not n:
        raise SystemExit("no Space War updates")
    train, test = updates[0::2], updates[1::2]
    mean = lambda xs: sum(xs) / len(xs)
    print(f"{n} updates, a table of {a.table} structures a stream: {known / n * 100:.1f} % named a known one")
    print(f"as sent: patch {mean([len(p) for p, _ in updates]):.1f} B, with the table {mean([len(c) for _, c in updates]):.1f} B")
    zp = b"".join(p for p, _ in train)[-4096:]
    zc = b"".join(c for _, c in train)[-4096:]
    print(f"each alone, deflated against 4 KiB of earlier ones of its kind ({len(test)} updates): "
          f"patch {mean([raw_deflate(p, zp) for p, _ in test]):.1f} B, with the table {mean([raw_deflate(c, zc) for _, c in test]):.1f} B")
    if a.dictionary:
        d = open(a.dictionary, "rb").read()[1:]
        print(f"the patch deflated against {a.dictionary}: {mean([raw_deflate(p, d) for p, _ in test]):.1f} B "
              "(trained on whole updates, log lines and timers too)")


if __name__ == "__main__":
    main()
