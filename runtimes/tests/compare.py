#!/usr/bin/env python3
"""Compares a conformance driver's output with the expected lines (runtimes/FORMAT.md section 7).

compare.py EXPECTED.jsonl ACTUAL.jsonl: same number of lines; an expected {"error": ...} needs an
error line (any message); an expected {"hits": [...]} needs the same hits in the same order (ids
and layers equal, depth and normal within 1e-9) and the keys in the contract's order. Exit 1 with
the differences on stderr."""
import json
import math
import sys

TOLERANCE = 1e-9
HIT_KEYS = ["a", "b", "a_layer", "b_layer", "depth", "normal"]


def pairs(items):
    return items  # keep key order: object_pairs_hook gives the list of (key, value)


def load_lines(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if text and not text.endswith("\n"):
        raise ValueError(f"{path}: last line has no newline")
    return text.split("\n")[:-1] if text else []


def check_line(n, expected, actual, problems):
    try:
        got = json.loads(actual, object_pairs_hook=pairs)
    except ValueError as e:
        problems.append(f"line {n}: not JSON ({e}): {actual}")
        return
    want = json.loads(expected)
    keys = [k for k, _ in got] if isinstance(got, list) else None
    if keys is None or len(keys) != 1:
        problems.append(f"line {n}: expected one key, got {actual}")
        return
    got_value = got[0][1]
    if "error" in want:
        if keys != ["error"] or not isinstance(got_value, str) or not got_value:
            problems.append(f"line {n}: expected an error, got {actual}")
        return
    if keys != ["hits"]:
        problems.append(f"line {n}: expected hits, got {actual}")
        return
    hits = want["hits"]
    if len(got_value) != len(hits):
        problems.append(f"line {n}: {len(got_value)} hits, expected {len(hits)}: {actual}")
        return
    for h, (w, g) in enumerate(zip(hits, got_value)):
        if [k for k, _ in g] != HIT_KEYS:
            problems.append(f"line {n} hit {h}: keys {[k for k, _ in g]}, expected {HIT_KEYS}")
            continue
        g = dict(g)
        for key in ["a", "b", "a_layer", "b_layer"]:
            if g[key] != w[key]:
                problems.append(f"line {n} hit {h}: {key} {g[key]!r}, expected {w[key]!r}")
        numbers = [(g["depth"], w["depth"])] + list(zip(g["normal"], w["normal"]))
        if len(g["normal"]) != 2 or any(
                not isinstance(x, (int, float)) or not math.isfinite(x) or abs(x - y) > TOLERANCE
                for x, y in numbers):
            problems.append(f"line {n} hit {h}: depth {g['depth']} normal {g['normal']}, "
                            f"expected {w['depth']} {w['normal']}")


def main():
    expected, actual = load_lines(sys.argv[1]), load_lines(sys.argv[2])
    problems = []
    if len(expected) != len(actual):
        problems.append(f"{len(actual)} lines, expected {len(expected)}")
    for n, (e, a) in enumerate(zip(expected, actual), 1):
        check_line(n, e, a, problems)
    for p in problems:
        print(p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
