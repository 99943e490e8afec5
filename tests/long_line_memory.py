#!/usr/bin/env python3
"""long_line_memory.py PITBOSS SOURCE_DIR: a line several times the length cap, on standard
input, costs no more memory with --jobs 2 than with --jobs 1 (issue 21, item 4).

A line of 256 MiB and one byte (four times the 64 MiB cap) comes down a pipe, then the rounds of
a clean log. The line is passed over as it is read: one input/malformed finding that gives its
length, the rounds after it checked, the input's sha256 that of every byte, and the peak RSS of
pitboss under 200 MiB (the cap's buffer is 64 MiB; the line held whole would be 256 MiB more).
"""
import hashlib
import json
import os
import subprocess
import sys
import tempfile

pitboss, source = sys.argv[1], sys.argv[2]
CAP = 64 << 20
LONG = 4 * CAP + 1
BOUND_KIB = 200 << 10
failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what, flush=True)
    if not ok:
        failures.append(what)


with open(os.path.join(source, "fixtures", "clean", "online-war.jsonl"), "rb") as f:
    rounds = f.read()
round_count = sum(1 for line in rounds.splitlines() if line.strip())

with tempfile.TemporaryDirectory(prefix="pitboss-long-line-") as tmp:
    report = os.path.join(tmp, "r.json")
    p = subprocess.Popen([pitboss, "check", "--no-progress", "--jobs", "2", "--format", "json", "--out", report, "-"],
                         stdin=subprocess.PIPE, stderr=subprocess.DEVNULL)
    digest = hashlib.sha256()
    chunk = b"x" * (1 << 20)
    sent = 0
    while sent < LONG:
        piece = chunk[:min(len(chunk), LONG - sent)]
        p.stdin.write(piece)
        digest.update(piece)
        sent += len(piece)
    for piece in (b"\n", rounds):
        p.stdin.write(piece)
        digest.update(piece)
    p.stdin.close()
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)  # reaped here: Popen is told

    check(p.returncode == 1, f"exit 1, the long line a finding (got {p.returncode})")
    check(usage.ru_maxrss < BOUND_KIB, f"peak RSS {usage.ru_maxrss} KiB, under {BOUND_KIB} KiB")
    with open(report, encoding="utf-8") as f:
        r = json.load(f)
    found = [(v["code"], v["line"], v["message"]) for v in r["violations"]]
    check(found == [("input/malformed", 1, f"a line of {LONG} bytes, over the limit of {CAP} bytes: "
                     "not a round of any log, and not read")], f"one finding of the long line: {found}")
    summary = r["inputs"][0]
    check(summary["rounds"] == round_count and summary["malformed_lines"] == 1,
          f"the {round_count} rounds after it checked: {summary}")
    check(summary["bytes"] == sent + 1 + len(rounds), f"every byte counted: {summary['bytes']}")
    check(summary["sha256"] == digest.hexdigest(), "the sha256 of every byte")

if failures:
    print(f"{len(failures)} failed")
    sys.exit(1)
