#!/usr/bin/env python3
"""compare_reports.py EXPECTED.json GOT.json [--shards SHARD.json...]: the two JSON reports of
pitboss say the same thing: the same inputs, skipped files, completeness and currency, the same
specs (in any order), the same summary (money totals included), the same violations in the same
order with every key (the evidence keys time, rules, revision, event, unit, currency,
underpaid/overpaid, money_moved, cleared_by, consequences and consequence_list included), and the same figures for every reading of every ambiguity
(rounds settled differently, net difference and findings cleared, summed per spec, ambiguity and
reading, so that the order of the ambiguities does not matter). The version, command line and
analysis time are not compared: a merge carries its own.

With --shards, GOT is the merge of those files, and its provenance is checked too: its "shards"
name each file in order with the sha256 of its bytes and the version, command line, analysis
time and completeness the file states; its command line is a merge's; its analysis time is
UTC to the second. Exits 1, naming each difference, if not."""
import hashlib
import json
import re
import sys


def ambiguity_sums(report):
    sums = {}
    for a in report["ambiguities"]:
        for r in a["readings"]:
            key = (a["spec"], a["id"], r["name"])
            rounds, net, cleared = sums.get(key, (0, 0, 0))
            sums[key] = (rounds + r["rounds_settled_differently"], net + r["net_difference"],
                         cleared + r.get("findings_cleared", 0))
    return sums


def differences(expected, got):
    for key in ("tool", "format", "inputs", "summary", "complete", "skipped", "currency"):
        if expected.get(key) != got.get(key):
            yield f"{key}: expected {json.dumps(expected.get(key))[:300]}, got {json.dumps(got.get(key))[:300]}"
    spec_key = lambda s: (s["id"], s["revision"], s["sha256"])
    if sorted(map(spec_key, expected["specs"])) != sorted(map(spec_key, got["specs"])):
        yield f"specs: expected {expected['specs']}, got {got['specs']}"
    # The few figures first, then the many violations.
    want, have = ambiguity_sums(expected), ambiguity_sums(got)
    for key in sorted(set(want) | set(have)):
        if want.get(key) != have.get(key):
            spec, ambiguity, reading = key
            yield (f"ambiguity {ambiguity} of {spec}, reading {reading}: expected (rounds, net, findings cleared) "
                   f"{want.get(key)}, got {have.get(key)}")
    want, have = expected["violations"], got["violations"]
    if len(want) != len(have):
        yield f"violations: expected {len(want)}, got {len(have)}"
    for i, (w, h) in enumerate(zip(want, have)):
        if w != h:
            yield f"violations[{i}]: expected {json.dumps(w)}, got {json.dumps(h)}"


def provenance_differences(got, shard_paths):
    shards = got.get("shards")
    if shards is None:
        yield "shards: missing from a merged report"
        return
    if len(shards) != len(shard_paths):
        yield f"shards: expected {len(shard_paths)}, got {len(shards)}"
    for i, (path, shard) in enumerate(zip(shard_paths, shards)):
        with open(path, "rb") as f:
            data = f.read()
        report = json.loads(data)
        want = {"path": path, "sha256": hashlib.sha256(data).hexdigest(), "version": report["version"],
                "command_line": report.get("command_line", []), "analysis_time": report.get("analysis_time", ""),
                "complete": report.get("complete", True)}
        if shard != want:
            yield f"shards[{i}]: expected {json.dumps(want)}, got {json.dumps(shard)}"
    if "merge_warnings" not in got:
        yield "merge_warnings: missing from a merged report"
    command = got.get("command_line", [])
    if len(command) < 2 or command[1] != "merge":
        yield f"command_line: expected a merge's, got {command}"
    if not re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", got.get("analysis_time", "")):
        yield f"analysis_time: expected UTC to the second, got {got.get('analysis_time')!r}"


def main():
    args = sys.argv[1:]
    shard_paths = None
    if "--shards" in args:
        at = args.index("--shards")
        args, shard_paths = args[:at], args[at + 1:]
    if len(args) != 2:
        sys.exit(__doc__)
    with open(args[0]) as f:
        expected = json.load(f)
    with open(args[1]) as f:
        got = json.load(f)
    found = list(differences(expected, got))
    if shard_paths is not None:
        found += provenance_differences(got, shard_paths)
    for d in found[:20]:
        print(d)
    if len(found) > 20:
        print(f"... and {len(found) - 20} more differences")
    print(f"compare_reports: {len(found)} differences, {len(expected['violations'])} violations expected")
    sys.exit(1 if found else 0)


if __name__ == "__main__":
    main()
