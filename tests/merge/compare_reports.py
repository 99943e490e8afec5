#!/usr/bin/env python3
"""compare_reports.py EXPECTED.json GOT.json: the two JSON reports of pitboss say the same
thing: the same inputs, the same specs (in any order), the same summary, the same violations
in the same order, and the same figures for every reading of every ambiguity (summed per
spec, ambiguity and reading, so that the order of the ambiguities does not matter). The
version is not compared: a merge carries its own. Exits 1, naming each difference, if not."""
import json
import sys


def ambiguity_sums(report):
    sums = {}
    for a in report["ambiguities"]:
        for r in a["readings"]:
            key = (a["spec"], a["id"], r["name"])
            rounds, net = sums.get(key, (0, 0))
            sums[key] = (rounds + r["rounds_settled_differently"], net + r["net_difference"])
    return sums


def differences(expected, got):
    for key in ("tool", "format", "inputs", "summary"):
        if expected[key] != got[key]:
            yield f"{key}: expected {json.dumps(expected[key])[:300]}, got {json.dumps(got[key])[:300]}"
    spec_key = lambda s: (s["id"], s["revision"], s["sha256"])
    if sorted(map(spec_key, expected["specs"])) != sorted(map(spec_key, got["specs"])):
        yield f"specs: expected {expected['specs']}, got {got['specs']}"
    want, have = expected["violations"], got["violations"]
    if len(want) != len(have):
        yield f"violations: expected {len(want)}, got {len(have)}"
    for i, (w, h) in enumerate(zip(want, have)):
        if w != h:
            yield f"violations[{i}]: expected {json.dumps(w)}, got {json.dumps(h)}"
    want, have = ambiguity_sums(expected), ambiguity_sums(got)
    for key in sorted(set(want) | set(have)):
        if want.get(key) != have.get(key):
            spec, ambiguity, reading = key
            yield (f"ambiguity {ambiguity} of {spec}, reading {reading}: expected (rounds, net) "
                   f"{want.get(key)}, got {have.get(key)}")


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    with open(sys.argv[1]) as f:
        expected = json.load(f)
    with open(sys.argv[2]) as f:
        got = json.load(f)
    found = list(differences(expected, got))
    for d in found[:20]:
        print(d)
    if len(found) > 20:
        print(f"... and {len(found) - 20} more differences")
    print(f"compare_reports: {len(found)} differences, {len(expected['violations'])} violations expected")
    sys.exit(1 if found else 0)


if __name__ == "__main__":
    main()
