#!/usr/bin/env python3
"""--jobs changes nothing in a report: check, stats and impact give the same JSON report
(once the command line and the time of the analysis are set aside) for --jobs 1, 2, 3 and 8;
so does a check of the same rounds read through a CSV and a text dialect.

Deals a log of several tables and two games with `pitboss generate`, plants faults of several
kinds in it (wrong payouts, lines that are not JSON, a bad card, a run of lines seen before,
a round dated before its table's last, rules that are not loaded, a missing shuffle, blank
lines), writes it plain and gzipped, and compares the reports. Then the same for findings
spilled to a temporary file (PITBOSS_FINDINGS_IN_MEMORY=5): every format of the check's
report, and the stats report, byte for byte the same as with every finding held in memory. And
for round ids that are UUIDs (no table's numbered run) checked with --round-id-memory 1, so
that the ids seen go to disk every 700 or so: the same report as with the ids held in memory.

Usage: jobs_same_report.py PITBOSS_BINARY SOURCE_DIR WORK_DIR
"""

import gzip
import json
import os
import re
import subprocess
import sys
import uuid


def generate(pitboss, work, spec, tables, prefix, rounds, seed):
    out = os.path.join(work, prefix + ".jsonl")
    subprocess.run([pitboss, "generate", "--spec", spec, "--tables", str(tables), "--table-prefix", prefix,
                    "--rounds", str(rounds), "--seed", str(seed), "--out", out], check=True)
    with open(out) as f:
        return [line.rstrip("\n") for line in f]


def plant(lines):
    """Faults of several kinds, at places spread over the log."""
    out = []
    for i, line in enumerate(lines):
        r = json.loads(line)
        if i % 97 == 5:  # a settlement off by one unit
            for e in reversed(r["events"]):
                if e["type"] == "settle":
                    e["net"] += 1
                    break
        elif i % 331 == 7:
            out.append(line[: len(line) // 2])  # a line cut short
            continue
        elif i % 409 == 11:
            for e in r["events"]:
                if e["type"] == "deal":
                    e["card"] = "1X"
                    break
        elif i % 503 == 13:
            r["rules"] = "nowhere/no-such-game"
        elif i % 617 == 17:
            r["events"] = [e for e in r["events"] if e["type"] != "shuffle"]
        elif i % 701 == 19:
            out.append("   ")
        out.append(json.dumps(r, separators=(",", ":")))
    # A round dated before the last of its table: two rounds of a table swapped.
    out[900], out[1300] = out[1300], out[900]
    # A run of lines seen before, and a single one.
    out[2000:2000] = out[100:140]
    out.append(out[50])
    return out


def report(pitboss, args):
    quiet = [] if args[0] == "impact" else ["--no-progress"]
    run = subprocess.run([pitboss] + args + ["--format", "json"] + quiet, capture_output=True, text=True)
    if run.returncode not in (0, 1):
        sys.exit("pitboss " + " ".join(args) + ": exit status %d\n%s" % (run.returncode, run.stderr))
    doc = json.loads(run.stdout)
    for key in ("command_line", "analysis_time"):
        doc.pop(key, None)
        if isinstance(doc.get("check"), dict):
            doc["check"].pop(key, None)
    return run.returncode, json.dumps(doc, sort_keys=True)


def main():
    pitboss, source, work = sys.argv[1:4]
    os.makedirs(work, exist_ok=True)
    war = generate(pitboss, work, "us-sd/casino-war", 5, "W", 2400, 7)
    bj = generate(pitboss, work, "us-sd/war-blackjack", 3, "B", 1200, 8)
    mixed = []
    for i in range(max(len(war), len(bj))):
        if i < len(war):
            mixed.append(war[i])
        if i < len(bj) and i % 2 == 0:
            mixed.append(bj[i])
    mixed += bj[len(war):]
    log = os.path.join(work, "faulted.jsonl")
    with open(log, "w") as f:
        f.write("\n".join(plant(mixed)) + "\n")
    with open(log, "rb") as f, gzip.open(log + ".gz", "wb") as g:
        g.write(f.read())
    online = generate(pitboss, work, "online/war", 4, "O", 3000, 9)
    online_log = os.path.join(work, "online.jsonl")
    with open(online_log, "w") as f:
        f.write("\n".join(plant(online)) + "\n")

    # The Casino War rounds, faults and all, in an operator's CSV export and a dealer terminal's
    # text log, with records no dialect rule reads (a round checked ahead of its reading at
    # --jobs 1, and by the workers in turn above it).
    war_log = os.path.join(work, "war.jsonl")
    with open(war_log, "w") as f:
        f.write("\n".join(plant(war)) + "\n")
    vendor = {}
    for dialect, damage in (("tgms/casino-war-csv", "T9,T9,not a time\n"), ("terminal/dealer-terminal", "?? a line of no kind\n")):
        out = os.path.join(work, dialect.replace("/", "-") + ".log")
        subprocess.run([pitboss, "convert", "--to", dialect, "--out", out, war_log], capture_output=True)
        with open(out) as f:
            lines = f.readlines()
        for i in range(len(lines) // 3, len(lines), len(lines) // 4):
            lines.insert(i, damage)
        with open(out, "w") as f:
            f.writelines(lines)
        vendor[dialect] = out

    runs = {
        "check-csv": ["check", "--dialect", "tgms/casino-war-csv", vendor["tgms/casino-war-csv"]],
        "check-text": ["check", "--dialect", "terminal/dealer-terminal", vendor["terminal/dealer-terminal"]],
        "check": ["check", log],
        "check-gz": ["check", log + ".gz"],
        "check-reading": ["check", "--reading", "sd-war-win-payout=paytable-half-on-raise", log],
        "stats": ["stats", log],
        "impact": ["impact", "--from", os.path.join(source, "rules/online/war.yaml"),
                   "--to", os.path.join(source, "fixtures/revisions/rules/online/war.yaml"), online_log],
    }
    failed = False
    for name, args in runs.items():
        first = report(pitboss, args + ["--jobs", "1"])
        if first[0] != 1:
            print("%s: expected findings (exit status 1), got %d" % (name, first[0]))
            failed = True
        for jobs in (2, 3, 8):
            if report(pitboss, args + ["--jobs", str(jobs)]) != first:
                print("%s: the report of --jobs %d differs from that of --jobs 1" % (name, jobs))
                failed = True
    time = re.compile(r"20[0-9]{2}-[0-9]{2}-[0-9]{2}T[0-9:]{8}Z")
    spill = dict(os.environ, PITBOSS_FINDINGS_IN_MEMORY="5")
    for args in [["check", "--format", f] for f in ("text", "json", "junit", "sarif", "md", "html")] + [
            ["stats", "--format", "json"]]:
        args = [pitboss] + args + ["--jobs", "2", "--no-progress", log]
        held = subprocess.run(args, capture_output=True, text=True)
        spilled = subprocess.run(args, capture_output=True, text=True, env=spill)
        if (held.returncode, time.sub("", held.stdout)) != (spilled.returncode, time.sub("", spilled.stdout)):
            print("%s: the report differs when findings spill to a file" % " ".join(args[1:4]))
            failed = True
    # Round ids as UUIDs (one for each id, so that a round logged twice is still twice).
    uuid_log = os.path.join(work, "uuids.jsonl")
    round_id = re.compile(r'"round":"([^"]*)"')
    with open(log) as f, open(uuid_log, "w") as g:
        for line in f:
            g.write(round_id.sub(lambda m: '"round":"%s"' % uuid.uuid5(uuid.NAMESPACE_URL, m.group(1)), line, 1))
    in_memory = report(pitboss, ["check", "--jobs", "2", uuid_log])
    on_disk = report(pitboss, ["check", "--jobs", "2", "--round-id-memory", "1", uuid_log])
    if on_disk != in_memory:
        print("check of UUID round ids: the report with --round-id-memory 1 differs from the default's")
        failed = True
    if json.loads(in_memory[1])["summary"]["by_code"].get("input/duplicate-round", 0) < 2:
        print("check of UUID round ids: the rounds logged twice are not found")
        failed = True
    if failed:
        sys.exit(1)
    print("same reports for --jobs 1, 2, 3 and 8, with findings spilled, and with round ids on disk")


if __name__ == "__main__":
    main()
