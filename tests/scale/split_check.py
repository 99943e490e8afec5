#!/usr/bin/env python3
"""End-to-end tests of `pitboss split` and of spreading a check over shards (docs/scale.md).

A multi-day log of three SD Casino War tables is dealt by `pitboss generate`, and faults are
planted, each noted beside the code that plants it. One case a run:

  table     split --by table (gzip shards), each shard checked, the reports merged: the
            findings of one check of the whole, but for the round id logged in two shards,
            which the split's manifest lists instead
  day       the same --by day; the removed shuffle moves its table's day cut to its next
            shuffle, so that the shoe stays in one shard
  parallel  the GNU parallel recipe (scripts/cluster/parallel-check.sh) on this machine
            (--sshlogin :), shared folder and TRANSFER=1; and the Slurm array's scripts run
            one task at a time by hand (Slurm itself cannot run here); each compared with
            one check; the scripts are in docs/scale.md word for word
  refusals  a non-empty --out-dir is refused without --force; no shard is written onto an
            input; a bad --by is a usage error

Findings are compared on code, round, table, seat, wager, expected, actual, event,
consequences and message, with every "FILE:LINE" in a message made "<where>": a shard's
findings name the shard's file and line, not the original's.

Usage: split_check.py PITBOSS SOURCE_DIR WORKDIR CASE
"""
import collections
import gzip
import json
import os
import re
import shutil
import subprocess
import sys

PITBOSS = SOURCE = WORK = None
FAILURES = []
FIELDS = ("code", "round", "table", "seat", "wager", "expected", "actual", "event", "consequences", "message")
WHERE = re.compile(r"\S+?\.jsonl(\.gz|\.zst)?:\d+")


def expect(condition, message):
    if not condition:
        FAILURES.append(message)
        print("FAIL:", message)
    return condition


def run(*args, ok=(0,), env=None):
    p = subprocess.run([str(a) for a in args], capture_output=True, text=True, env=env)
    if p.returncode not in ok:
        raise SystemExit(f"{' '.join(map(str, args))}: exit {p.returncode}\n{p.stdout}\n{p.stderr}")
    return p


def make_log():
    """The whole log, with its planted faults; returns its path and what was planted."""
    clean = os.path.join(WORK, "clean.jsonl")
    run(PITBOSS, "generate", "--spec", "us-sd/casino-war", "--rounds", 20000, "--tables", 3,
        "--start", "2026-03-01T20:00:00Z", "--seed", 10, "--out", clean)
    rounds = [json.loads(line) for line in open(clean)]
    lines = [json.dumps(r, separators=(",", ":")) for r in rounds]
    planted = {}

    def first(pred):
        return next(i for i, r in enumerate(rounds) if pred(r))

    def shuffles(r):
        return any(e["type"] == "shuffle" for e in r["events"])

    # settle/payout: the first settlement of a round on day 2 of T2 pays 100 more.
    i = first(lambda r: r["table"] == "T2" and r["time"].startswith("2026-03-02T12"))
    settle = next(e for e in rounds[i]["events"] if e["type"] == "settle")
    settle["net"] += 100
    lines[i] = json.dumps(rounds[i], separators=(",", ":"))
    planted["payout"] = rounds[i]["round"]
    # shoe/card-overdrawn: T1's first shuffle on day 3, the one its day cut would be at, is
    # removed: the new shoe's cards are drawn from the old one.
    i = first(lambda r: r["table"] == "T1" and r["time"] >= "2026-03-03" and shuffles(r))
    rounds[i]["events"] = [e for e in rounds[i]["events"] if e["type"] != "shuffle"]
    lines[i] = json.dumps(rounds[i], separators=(",", ":"))
    planted["no_shuffle"] = rounds[i]["round"]
    # A round id in two shards: a T3 round of day 2 (that does not shuffle) takes the id of a
    # T1 round of day 1. One check does not replay it (input/duplicate-round); no shard sees it.
    i = first(lambda r: r["table"] == "T3" and r["time"] >= "2026-03-02T06" and not shuffles(r))
    planted["cross_id"] = rounds[3]["round"]
    rounds[i]["round"] = planted["cross_id"]
    lines[i] = json.dumps(rounds[i], separators=(",", ":"))
    out = []
    for n, line in enumerate(lines):
        out.append(line)
        if n == 5000:  # input/duplicate-round in one shard: a line logged twice
            out.append(line)
            planted["repeated"] = rounds[n]["round"]
        if n == 7000:  # input/malformed, no table: to the unreadable shard
            out.append("{not json")
        if n == 9000:  # input/malformed of table T3: its shoe forgotten until its next shuffle
            out.append('{"round":"T3-broken","table":"T3","time":"2026-03-02T20:00:00Z"}')
        if n == 11000:  # blank lines: dropped
            out += ["", "   "]
    whole = os.path.join(WORK, "whole.jsonl")
    with open(whole, "w") as f:
        f.write("\n".join(out) + "\n")
    return whole, planted


def check_json(out, *logs, ok=(0, 1)):
    run(PITBOSS, "check", "--no-progress", "--format", "json", "--out", out, *logs, ok=ok)
    return json.load(open(out))


def finding(v):
    values = []
    for k in FIELDS:
        value = v.get(k)
        if k == "message" and value is not None:
            value = WHERE.sub("<where>", value)
        values.append(value)
    return tuple(values)


def compare(whole, merged, manifest, label):
    """Merged findings, with the manifest's duplicate ids, are the whole check's."""
    want = collections.Counter(finding(v) for v in whole["violations"])
    expect(len(whole["violations"]) >= 5, f"{label}: the planted faults are found: {len(whole['violations'])}")
    got = collections.Counter(finding(v) for v in merged["violations"])
    for d in manifest["duplicate_ids"]:
        match = [f for f in want if f[0] == "input/duplicate-round" and f[1] == d["round"]
                 and f[2] == d["again"]["table"]]
        if expect(len(match) == 1, f"{label}: the manifest's duplicate {d['round']} is one check's finding"):
            want[match[0]] -= 1
    want += collections.Counter()  # drop zero counts
    expect(got == want, f"{label}: merged findings differ from one check's:\n  missing {want - got}\n"
                        f"  extra {got - want}")
    expect(merged["summary"]["rounds"] == whole["summary"]["rounds"],
           f"{label}: {merged['summary']['rounds']} rounds merged, {whole['summary']['rounds']} in one check")


def split(by, out_dir, *args, ok=(0, 1)):
    p = run(PITBOSS, "split", "--by", by, "--out-dir", out_dir, *args, ok=ok)
    return p, json.load(open(os.path.join(out_dir, "split-manifest.json")))


def check_shards(out_dir, manifest, reports):
    os.makedirs(reports, exist_ok=True)
    paths = []
    for i, s in enumerate(manifest["shards"]):
        paths.append(os.path.join(reports, f"shard-{i}.json"))
        check_json(paths[-1], os.path.join(out_dir, s["path"]))
    merged = os.path.join(reports, "merged.json")
    run(PITBOSS, "merge", "--format", "json", "--out", merged, *paths, ok=(1,))
    return json.load(open(merged))


def common_expectations(whole_log, whole, manifest, planted, label):
    codes = {v["code"] for v in whole["violations"]}
    for code in ("settle/payout", "shoe/card-overdrawn", "input/duplicate-round", "input/malformed"):
        expect(code in codes, f"{label}: the planted {code} is found by one check")
    ids = [d["round"] for d in manifest["duplicate_ids"]]
    expect(ids == [planted["cross_id"]], f"{label}: duplicate_ids {ids}, planted {planted['cross_id']}")
    expect(manifest["lines"]["blank"] == 2, f"{label}: blank lines counted: {manifest['lines']}")
    lines = sum(1 for _ in open(whole_log))
    expect(manifest["lines"]["read"] == lines and manifest["lines"]["written"] == lines - 2,
           f"{label}: {manifest['lines']} of {lines} lines")
    unreadable = [s for s in manifest["shards"] if s.get("unreadable")]
    expect(len(unreadable) == 1 and unreadable[0]["lines"] == 1 and manifest["unreadable_lines"][0]["line"] == 7003,
           f"{label}: the line that is no round goes to the unreadable shard: {manifest['unreadable_lines']}")
    # Every round's bytes as they were: the shards hold exactly the log's lines.
    original = collections.Counter(line for line in open(whole_log).read().split("\n") if line.strip())
    copied = collections.Counter()
    for s in manifest["shards"]:
        path = os.path.join(os.path.dirname(manifest["_path"]), s["path"])
        data = gzip.open(path, "rb").read() if path.endswith(".gz") else open(path, "rb").read()
        copied.update(data.decode().split("\n")[:-1])
        expect(s["lines"] == data.count(b"\n"), f"{label}: {s['path']} has {s['lines']} lines")
    expect(copied == original, f"{label}: the shards hold the log's lines byte for byte")


def case_table():
    whole_log, planted = make_log()
    whole = check_json(os.path.join(WORK, "whole.json"), whole_log)
    out = os.path.join(WORK, "shards")
    p, manifest = split("table", out, "--compress", "gz", whole_log, ok=(1,))
    manifest["_path"] = os.path.join(out, "split-manifest.json")
    expect(sorted(s.get("table", "") for s in manifest["shards"]) == ["", "T1", "T2", "T3"],
           f"table: one shard a table: {manifest['shards']}")
    expect(all(s["path"].endswith(".jsonl.gz") for s in manifest["shards"]), "table: gzip shards")
    expect(f"round id {planted['cross_id']} is logged at" in p.stderr, f"table: the duplicate said: {p.stderr}")
    expect("T1 -> " in p.stdout, f"table: the mapping printed: {p.stdout}")
    common_expectations(whole_log, whole, manifest, planted, "table")
    compare(whole, check_shards(out, manifest, os.path.join(WORK, "reports")), manifest, "table")


def case_day():
    whole_log, planted = make_log()
    whole = check_json(os.path.join(WORK, "whole.json"), whole_log)
    out = os.path.join(WORK, "shards")
    _, manifest = split("day", out, whole_log, ok=(1,))
    manifest["_path"] = os.path.join(out, "split-manifest.json")
    days = [s.get("day") for s in manifest["shards"] if not s.get("unreadable")]
    expect(days == ["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04"], f"day: shards {days}")
    common_expectations(whole_log, whole, manifest, planted, "day")
    # T1's cut into day 3 is after the round whose shuffle was removed, which stays on day 2.
    removed_line = next(n for n, line in enumerate(open(whole_log), 1) if f'"round":"{planted["no_shuffle"]}"' in line)
    cut = next(c for c in manifest["day_cuts"] if c["table"] == "T1" and c["shard"] == "2026-03-03.jsonl")
    expect(cut["line"] > removed_line, f"day: T1 enters day 3 at line {cut['line']}, after {removed_line}")
    day2 = open(os.path.join(out, "2026-03-02.jsonl")).read()
    expect(f'"round":"{planted["no_shuffle"]}"' in day2, "day: the round with no shuffle stays on day 2")
    compare(whole, check_shards(out, manifest, os.path.join(WORK, "reports")), manifest, "day")


def case_parallel():
    if not expect(shutil.which("parallel"), "parallel: GNU parallel is not installed (scripts/setup.sh)"):
        return
    whole_log, planted = make_log()
    whole = check_json(os.path.join(WORK, "whole.json"), whole_log)
    out = os.path.join(WORK, "shards")
    _, manifest = split("table", out, "--compress", "zst", whole_log, ok=(1,))
    scripts = os.path.join(SOURCE, "scripts", "cluster")
    env = dict(os.environ, PITBOSS=os.path.abspath(PITBOSS), JOBS="2")
    for label, extra in (("parallel shared", {}), ("parallel transfer", {"TRANSFER": "1"})):
        reports = os.path.join(WORK, "reports-" + label.split()[1])
        run(os.path.join(scripts, "parallel-check.sh"), out, reports, ":", ok=(1,), env=dict(env, **extra))
        compare(whole, json.load(open(os.path.join(reports, "merged.json"))), manifest, label)
    # The Slurm array's tasks, one at a time, then the merge job.
    reports = os.path.join(WORK, "reports-slurm")
    for i in range(len(manifest["shards"])):
        run(os.path.join(scripts, "slurm-check.sh"), out, reports, env=dict(env, SLURM_ARRAY_TASK_ID=str(i)))
    p = run(os.path.join(scripts, "slurm-merge.sh"), out, reports, env=env)
    expect(f"round id {planted['cross_id']} is in two shards" in p.stderr, f"slurm: duplicate said: {p.stderr}")
    compare(whole, json.load(open(os.path.join(reports, "merged.json"))), manifest, "slurm scripts")
    # A shard that is not the one the split wrote is refused.
    first = os.path.join(out, manifest["shards"][0]["path"])
    with open(first, "ab") as f:
        f.write(b"\n")
    p = run(os.path.join(scripts, "slurm-check.sh"), out, reports, ok=(2,), env=dict(env, SLURM_ARRAY_TASK_ID="0"))
    expect("sha256 differs" in p.stderr, f"slurm: a changed shard refused: {p.stderr}")
    # The doc shows the scripts as they are.
    doc = open(os.path.join(SOURCE, "docs", "scale.md")).read()
    for name in ("parallel-check.sh", "slurm-check.sh", "slurm-merge.sh", "slurm-submit.sh"):
        expect(open(os.path.join(scripts, name)).read() in doc, f"docs/scale.md shows scripts/cluster/{name} as it is")


def case_refusals():
    log = os.path.join(SOURCE, "fixtures", "clean", "online-war.jsonl")
    out = os.path.join(WORK, "shards")
    os.makedirs(out)
    open(os.path.join(out, "old.jsonl"), "w").write("{}\n")
    p = run(PITBOSS, "split", "--by", "table", "--out-dir", out, log, ok=(2,))
    expect("is not empty" in p.stderr, f"refusals: non-empty out dir: {p.stderr}")
    run(PITBOSS, "split", "--by", "table", "--out-dir", out, "--force", log)
    # A shard's name is the input's own: refused, the input untouched.
    inside = os.path.join(WORK, "inside")
    os.makedirs(inside)
    table = json.loads(open(log).readline())["table"]
    victim = os.path.join(inside, table + ".jsonl")
    shutil.copy(log, victim)
    before = open(victim, "rb").read()
    p = run(PITBOSS, "split", "--by", "table", "--out-dir", inside, "--force", victim, ok=(2,))
    expect("same file as the input" in p.stderr, f"refusals: onto an input: {p.stderr}")
    expect(open(victim, "rb").read() == before, "refusals: the input is untouched")
    expect(not [n for n in os.listdir(inside) if n.endswith(".partial")], "refusals: no partial shard left")
    p = run(PITBOSS, "split", "--by", "week", log, ok=(2,))


def main():
    global PITBOSS, SOURCE, WORK
    PITBOSS, SOURCE, WORK, case = sys.argv[1:5]
    shutil.rmtree(WORK, ignore_errors=True)
    os.makedirs(WORK)
    {"table": case_table, "day": case_day, "parallel": case_parallel, "refusals": case_refusals}[case]()
    if FAILURES:
        print(f"{len(FAILURES)} failure(s)")
        return 1
    print(f"{case}: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
