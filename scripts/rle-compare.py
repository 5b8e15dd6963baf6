#!/usr/bin/env python3
"""Compares two RLE files cell for cell, state for state, up to a translation.

    scripts/rle-compare.py A.rle B.rle

Reads both (two-state b/o bodies and Golly's multi-state letters: . A-X, then pA-pX, qA-... up
to yO for state 255), takes each as the set of its non-dead cells (x, y, state) moved so that
its bounding box starts at 0,0, and compares the sets. bgolly writes no position, so only the
cells relative to their bounding box can be compared: a whole pattern shifted the same way
on both sides goes unnoticed, anything else does not.
Prints `same CELLS` (exit 0) or `differ: ...` (exit 1).
"""
import sys


def cells(path):
    with open(path) as f:
        lines = [line.rstrip("\r\n") for line in f]
    body = []
    header_seen = False
    for line in lines:
        if line.startswith("#"):
            continue
        if not header_seen and line.lstrip().startswith("x"):
            header_seen = True
            continue
        body.append(line.strip())
    text = "".join(body)
    result = {}
    x = y = 0
    count = ""
    prefix = None
    for ch in text:
        if ch.isdigit():
            count += ch
            continue
        n = int(count) if count else 1
        count = ""
        if ch == "!":
            break
        if ch == "$":
            y += n
            x = 0
            continue
        if "p" <= ch <= "y":
            prefix = ch
            if n != 1:
                count = str(n)  # the count belongs to the prefixed letter
            continue
        if ch in "b.":
            state = 0
        elif ch == "o":
            state = 1
        elif "A" <= ch <= "X":
            state = ord(ch) - ord("A") + 1
            if prefix:
                state += 24 * (ord(prefix) - ord("p") + 1)
        else:
            raise SystemExit(f"{path}: unexpected {ch!r} in the body")
        prefix = None
        if state:
            for i in range(n):
                result[(x + i, y)] = state
        x += n
    if not result:
        return {}
    mx = min(c[0] for c in result)
    my = min(c[1] for c in result)
    return {(cx - mx, cy - my): s for (cx, cy), s in result.items()}


a, b = cells(sys.argv[1]), cells(sys.argv[2])
if a == b:
    print(f"same {len(a)}")
    sys.exit(0)
only_a = sorted(set(a) - set(b))
only_b = sorted(set(b) - set(a))
states = sorted(k for k in set(a) & set(b) if a[k] != b[k])
print(f"differ: {len(a)} vs {len(b)} cells; {len(only_a)} only in the first, {len(only_b)} only in the second, "
      f"{len(states)} in other states; first: {(only_a or only_b or states)[:3]}")
sys.exit(1)
