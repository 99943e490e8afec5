#!/usr/bin/env python3
"""integrity.py PITBOSS SOURCE_DIR: the report's figures hold against hostile input (issue 12).

- Every input's lines are its rounds, its malformed lines and its blank lines, in every format;
  a line of garbage is never a round (10 MB of random bytes reports no thousands of rounds).
- A net difference past 64 bits (five surrenders of 2^62) is exact in the JSON, as a string,
  and a merge keeps it.
- A log whose file name holds the byte 0xff keeps that byte in the JSON (path_bytes), through a
  merge too.
"""
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

pitboss, source = sys.argv[1], sys.argv[2]
failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        failures.append(what)


def run(*args):
    return subprocess.run([pitboss, *args], capture_output=True, env=dict(os.environ, LC_ALL="C"))


tmp = tempfile.mkdtemp(prefix="pitboss-integrity-")
try:
    os.chdir(tmp)
    clean = open(os.path.join(source, "fixtures", "violations", "settle-payout.jsonl"), "rb").read()
    rounds = [line for line in clean.split(b"\n") if line.strip()]

    # A file of rounds, malformed lines and blank lines.
    lines = [rounds[0], b"", b"{\"round\":\"X1\", broken", rounds[1], b"   ", b"not json at all", b""]
    lines += rounds[2:] + [b"[1,2,3]"]
    with open(b"mixed.jsonl", "wb") as f:
        f.write(b"\n".join(lines) + b"\n")
    want_rounds, want_malformed = len(rounds), 3  # "broken", "not json", the array
    want_lines = len(lines)
    want_blank = want_lines - want_rounds - want_malformed
    run("check", "--no-progress", "--format", "json", "--out", "mixed.json", "mixed.jsonl")
    report = json.load(open("mixed.json"))
    i = report["inputs"][0]
    check((i["lines"], i["rounds"], i["malformed_lines"], i["blank_lines"]) ==
          (want_lines, want_rounds, want_malformed, want_blank),
          f"mixed.jsonl: lines, rounds, malformed, blank = {i['lines']}, {i['rounds']}, "
          f"{i['malformed_lines']}, {i['blank_lines']} (want {want_lines}, {want_rounds}, {want_malformed}, "
          f"{want_blank})")
    check(report["summary"]["rounds"] == want_rounds, "summary.rounds counts the rounds, not the malformed lines")
    check(report["summary"]["by_code"].get("input/malformed") == want_malformed,
          "each malformed line is one input/malformed finding")
    formats = {
        "text": f"{want_lines} lines, {want_rounds} rounds, {want_malformed} malformed lines, {want_blank} blank lines",
        "md": f"| {want_lines} | {want_rounds} | {want_malformed} | {want_blank} |",
        "junit": f'<property name="malformed_lines" value="{want_malformed}"/>',
        "html": f'data-figure="inputs.0.blank_lines">{want_blank}<',
    }
    for fmt, needle in formats.items():
        out = run("check", "--no-progress", "--format", fmt, "mixed.jsonl").stdout.decode("utf-8", "replace")
        check(needle in out, f"--format {fmt} shows the line counts ({needle})")
    sarif = json.loads(run("check", "--no-progress", "--format", "sarif", "mixed.jsonl").stdout)
    props = sarif["runs"][0]["artifacts"][0]["properties"]
    check((props["malformed_lines"], props["blank_lines"]) == (want_malformed, want_blank),
          "--format sarif: the artifact's properties carry the line counts")
    merged = json.loads(run("merge", "--format", "json", "mixed.json").stdout)
    m = merged["inputs"][0]
    check((m["malformed_lines"], m["blank_lines"]) == (want_malformed, want_blank), "merge keeps the line counts")

    # Ten megabytes of random bytes: lines, but no rounds.
    rng = random.Random(12)
    with open("random.jsonl", "wb") as f:
        f.write(rng.randbytes(10 * 1024 * 1024))
    p = run("check", "--no-progress", "--format", "json", "random.jsonl")
    report = json.loads(p.stdout)
    i = report["inputs"][0]
    check(report["summary"]["rounds"] == 0 and i["rounds"] == 0,
          f"random bytes: {report['summary']['rounds']} rounds reported (want 0)")
    check(i["lines"] == i["rounds"] + i["malformed_lines"] + i["blank_lines"] and i["malformed_lines"] > 1000,
          f"random bytes: {i['lines']} lines = {i['rounds']} + {i['malformed_lines']} + {i['blank_lines']}")
    check(p.returncode == 1, f"random bytes: exit {p.returncode} (want 1: its lines are input/malformed findings)")

    # Five surrenders of 2^62: the default reading loses half, as written a tie loses it all.
    log = ""
    for n in range(1, 6):
        log += json.dumps({"round": f"S{n}", "time": "2026-11-21T20:14:40Z", "table": "T7", "rules": "us-sd/casino-war",
                           "events": [{"type": "shuffle", "shoe": "S1", "decks": 6},
                                      {"type": "bet", "seat": 1, "wager": "main", "amount": 2**62},
                                      {"type": "deal", "seat": 1, "card": "QH"},
                                      {"type": "deal", "seat": "dealer", "card": "QS"},
                                      {"type": "decision", "seat": 1, "action": "surrender"},
                                      {"type": "settle", "seat": 1, "wager": "main", "net": -2**61}]}) + "\n"
    open("wide.jsonl", "w").write(log)
    run("check", "--no-progress", "--format", "json", "--out", "wide.json", "wide.jsonl")
    text = open("wide.json").read()
    check('"net_difference":"-11529215046068469760"' in text, "a net difference past 64 bits is its exact decimal")
    merged = run("merge", "--format", "json", "wide.json").stdout.decode()
    check('"net_difference":"-11529215046068469760"' in merged, "merge reads it back and keeps it")
    out = run("check", "--no-progress", "wide.jsonl").stdout.decode()
    check("-11,529,215,046,068,469,760 minor units" in out, "the text shows the exact figure")

    # A file name with the byte 0xff.
    name = b"day\xff.jsonl"
    with open(name, "wb") as f:
        f.write(clean)
    run("check", "--no-progress", "--format", "json", "--out", "ff.json", name)
    report = json.load(open("ff.json", encoding="utf-8"))  # valid UTF-8 JSON
    check(report["inputs"][0].get("path_bytes") == "day\\xff.jsonl", "inputs[0].path_bytes escapes 0xff")
    check(all(v.get("input_bytes") == "day\\xff.jsonl" for v in report["violations"]) and report["violations"],
          "every finding's input_bytes escapes 0xff")
    merged = json.loads(run("merge", "--format", "json", "ff.json").stdout)
    check(merged["inputs"][0].get("path_bytes") == "day\\xff.jsonl", "merge keeps path_bytes")
    out = run("merge", "ff.json").stdout
    check(b"day\\xff.jsonl:" in out, "the merged text names the file with \\xff")
finally:
    os.chdir("/")
    shutil.rmtree(tmp, ignore_errors=True)

print(f"integrity: {len(failures)} failed")
sys.exit(1 if failures else 0)
