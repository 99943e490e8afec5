#!/usr/bin/env python3
"""readings_inferred.py PITBOSS RULES WORK_DIR CASE: which reading a table deals under, from logs
made by `pitboss generate` (docs/report.md, "Which reading the house deals under").

  every-reading  for each ambiguity of each bundled spec and each of its other readings, a log
                 dealt under that reading on two tables and checked under the default: per
                 table one reading/not-checked finding naming it, nothing else, the text
                 report's lead line saying so, readings_inferred inferring it, and the log clean
                 under --reading auto, each table named under that reading; or, where
                 no round of the log tells the readings apart, nothing found and every table
                 "not-distinguished" (never inferred)
  switch         one table dealt under the default, then under another reading: one
                 reading/switch finding at the first round of the second stretch, the findings
                 of the second stretch counted under it
  mixed          one table whose short stretches (each a fresh shoe) are dealt under one reading
                 or the other at random: readings_inferred says "mixed", and every finding is
                 reported as found (none counted under a reading)
"""
import json
import os
import random
import subprocess
import sys

PITBOSS, RULES, WORK, CASE = sys.argv[1:5]
os.makedirs(WORK, exist_ok=True)
SPECS = ["us-sd/casino-war", "us-sd/war-blackjack", "us-sd/war-blackjack-second-house", "online/war",
         "vendor/shuffle-master/casino-war"]
problems = []


def run(*args, expect=(0, 1)):
    p = subprocess.run([PITBOSS, *args], capture_output=True, text=True)
    if p.returncode not in expect:
        raise SystemExit(f"pitboss {' '.join(args)}: exit {p.returncode}\n{p.stderr}")
    return p


def generate(path, spec, *extra):
    run("generate", "--rules", RULES, "--spec", spec, "--out", path, *extra, expect=(0,))


def check(path, *extra):
    p = run("check", "--no-progress", "--rules", RULES, "--format", "json", *extra, path)
    return json.loads(p.stdout)


def ambiguities(spec):
    path = os.path.join(WORK, "probe.jsonl")
    generate(path, spec, "--rounds", "5")
    return [a for a in check(path)["ambiguities"] if a["spec"] == spec]


def every_reading():
    checked = 0
    for spec in SPECS:
        for amb in ambiguities(spec):
            for reading in amb["readings"]:
                if reading["default"]:
                    continue
                name = f"{amb['id']}={reading['name']}"
                log = os.path.join(WORK, f"{spec.replace('/', '_')}--{name}.jsonl")
                generate(log, spec, "--reading", name, "--rounds", "2000", "--tables", "2")
                report = check(log)
                entries = [e for e in report["readings_inferred"] if e["ambiguity"] == amb["id"]]
                codes = report["summary"]["by_code"]
                if len(entries) != 2:
                    problems.append(f"{name}: {len(entries)} readings_inferred entries, expected one a table")
                    continue
                checked += 1
                if all(e["status"] == "not-distinguished" for e in entries):
                    if codes:
                        problems.append(f"{name}: no round tells the readings apart, yet {codes} found")
                    continue
                for e in entries:
                    if e["status"] != "inferred" or e["reading"] != reading["name"]:
                        problems.append(f"{name}: table {e['table']} {e['status']} {e['consistent_with']}, "
                                        f"expected {reading['name']} inferred")
                if codes != {"reading/not-checked": 2}:
                    problems.append(f"{name}: findings {codes}, expected one reading/not-checked a table")
                for f in report["violations"]:
                    if reading["name"] not in f["message"] or f["reading_dependent"] != [amb["id"]]:
                        problems.append(f"{name}: {f['code']} at {f['round']} does not name the reading: "
                                        f"{f['message']}")
                text = run("check", "--no-progress", "--rules", RULES, log).stdout.splitlines()
                lead = [line for line in text[1:3] if line.startswith("table ")]
                if len(lead) != 2 or any(f"as {reading['name']}" not in line or line.rstrip().endswith("FAIL")
                                         for line in lead):
                    problems.append(f"{name}: the text report does not lead with the reading: {text[:3]}")
                elif not all(line.endswith(f"under {reading['name']}: PASS") for line in lead):
                    problems.append(f"{name}: the lead lines do not pass the reading: {lead}")
                auto = check(log, "--reading", "auto")
                tables = sorted(t for s in auto["specs"] for t in s.get("tables", []) if s["readings"].get(amb["id"]) == reading["name"])
                if auto["violations"] or tables != ["T1", "T2"]:
                    problems.append(f"{name}: --reading auto found {auto['summary']['by_code']}, tables {tables} "
                                    f"checked under the reading; expected a clean check of T1 and T2 under it")
    if checked < 12:
        problems.append(f"only {checked} readings checked")


def renumber(lines, suffix):
    """Rounds with their ids made unique ("T1-000001" -> "T1-000001-b")."""
    out = []
    for line in lines:
        r = json.loads(line)
        r["round"] += suffix
        out.append(json.dumps(r, separators=(",", ":")))
    return out


def switch():
    spec, name = "us-sd/casino-war", "sd-war-win-payout=paytable-half-on-raise"
    first, second = os.path.join(WORK, "first.jsonl"), os.path.join(WORK, "second.jsonl")
    generate(first, spec, "--rounds", "1500", "--seed", "3")
    generate(second, spec, "--rounds", "1500", "--seed", "4", "--reading", name, "--start", "2026-02-01T18:00:00Z")
    log = os.path.join(WORK, "switch.jsonl")
    lines = open(first).read().splitlines() + renumber(open(second).read().splitlines(), "-b")
    open(log, "w").write("\n".join(lines) + "\n")
    report = check(log)
    entry = [e for e in report["readings_inferred"] if e["ambiguity"] == "sd-war-win-payout"][0]
    codes = report["summary"]["by_code"]
    if entry["status"] != "switches" or [r["readings"] for r in entry["runs"]] != [["three-wagers"],
                                                                                ["paytable-half-on-raise"]]:
        problems.append(f"switch: {entry['status']} {entry['runs']}")
    if codes != {"reading/switch": 1}:
        problems.append(f"switch: findings {codes}, expected one reading/switch")
        return
    f = report["violations"][0]
    starts = entry["runs"][1]["first_round"]
    if f["round"] != starts or not f["round"].endswith("-b") or f["consequences"] < 1:
        problems.append(f"switch: the finding is at {f['round']} with {f['consequences']} consequences, "
                        f"expected the switch's round {starts}, with the second stretch's findings")


def mixed():
    spec, name = "us-sd/casino-war", "sd-war-win-payout=paytable-half-on-raise"
    rng = random.Random(7)
    lines = []
    for part in range(60):
        path = os.path.join(WORK, "part.jsonl")
        extra = ["--reading", name] if rng.random() < 0.5 else []
        generate(path, spec, "--rounds", "40", "--seed", str(part + 1),
                 "--start", f"2026-03-{1 + part // 24:02d}T{part % 24:02d}:00:00Z", *extra)
        lines += renumber(open(path).read().splitlines(), f"-{part}")
    log = os.path.join(WORK, "mixed.jsonl")
    open(log, "w").write("\n".join(lines) + "\n")
    report = check(log)
    entry = [e for e in report["readings_inferred"] if e["ambiguity"] == "sd-war-win-payout"][0]
    codes = report["summary"]["by_code"]
    if entry["status"] != "mixed" or entry["reading"] is not None:
        problems.append(f"mixed: {entry['status']} {entry['consistent_with']}, expected mixed")
    if set(codes) != {"settle/payout"}:
        problems.append(f"mixed: findings {codes}, expected the settle/payout findings as found")


{"every-reading": every_reading, "switch": switch, "mixed": mixed}[CASE]()
for p in problems:
    print("FAIL", p)
print(f"readings_inferred {CASE}: {'ok' if not problems else f'{len(problems)} problems'}")
sys.exit(1 if problems else 0)
