#!/usr/bin/env python3
"""cut_off_line.py PITBOSS SOURCE_DIR: a plain log whose last line was cut off is a truncated log,
not a malformed line (issue 21, item 7).

A last line with no newline that is not JSON is where the log was cut: input/unreadable at that
line, saying so, the rounds before it checked, the report incomplete, exit 2, as for a truncated
.gz. A last line with no newline that is a round is a round (exit 0); one that is JSON but no
round, or no JSON before its end, is input/malformed (exit 1). With --jobs 1 and 2, from a file and from standard input.
"""
import json
import os
import subprocess
import sys
import tempfile

pitboss, source = sys.argv[1], sys.argv[2]
failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what, flush=True)
    if not ok:
        failures.append(what)


def run(tmp, name, data, jobs, stdin):
    path = os.path.join(tmp, name)
    with open(path, "wb") as f:
        f.write(data)
    out = os.path.join(tmp, "r.json")
    args = [pitboss, "check", "--no-progress", "--jobs", str(jobs), "--format", "json", "--out", out]
    if stdin:
        with open(path, "rb") as f:
            p = subprocess.run(args + ["-"], stdin=f, capture_output=True)
    else:
        p = subprocess.run(args + [path], capture_output=True)
    with open(out, encoding="utf-8") as f:
        return p.returncode, json.load(f), p.stderr.decode(errors="replace")


with open(os.path.join(source, "fixtures", "clean", "online-war.jsonl"), "rb") as f:
    log = f.read()
lines = log.rstrip(b"\n").split(b"\n")
assert len(lines) == 8 and log.endswith(b"\n")
cut = b"\n".join(lines[:7]) + b"\n" + lines[7][:len(lines[7]) // 2]

with tempfile.TemporaryDirectory(prefix="pitboss-cut-off-") as tmp:
    for jobs in (1, 2):
        for stdin in (False, True):
            how = f"--jobs {jobs}" + (", standard input" if stdin else "")

            code, r, err = run(tmp, "cut.jsonl", cut, jobs, stdin)
            found = [(v["code"], v["line"]) for v in r["violations"]]
            message = r["violations"][0]["message"] if r["violations"] else ""
            summary = r["inputs"][0]
            check(code == 2, f"cut off, {how}: exit 2 (got {code}; {err.strip()[-200:]})")
            check(r["complete"] is False, f"cut off, {how}: the report is incomplete")
            check(found == [("input/unreadable", 8)], f"cut off, {how}: one input/unreadable at line 8: {found}")
            check("line 8 is cut off" in message and "truncated file?" in message and "7 rounds before it" in message,
                  f"cut off, {how}: the finding says the last line is cut off: {message}")
            check((summary["lines"], summary["rounds"], summary["malformed_lines"]) == (7, 7, 0) and "error" in summary,
                  f"cut off, {how}: 7 lines read, 7 rounds, no malformed line, an error: {summary}")

            code, r, err = run(tmp, "no-newline.jsonl", log.rstrip(b"\n"), jobs, stdin)
            check(code == 0 and r["complete"] is True and not r["violations"] and r["inputs"][0]["rounds"] == 8,
                  f"a round with no newline after it, {how}: a round, exit 0 (got {code}; {r['violations']})")

            for what, last in (("JSON that is no round", b'{"round":"R-last","table":"T"}'),
                               ("a line of text", b"not a round"), ("JSON with a fault before its end", b'{"round":x')):
                code, r, err = run(tmp, "last.jsonl", log + last, jobs, stdin)
                found = [(v["code"], v["line"]) for v in r["violations"]]
                check(code == 1 and r["complete"] is True and found == [("input/malformed", 9)],
                      f"{what}, no newline, {how}: input/malformed, exit 1 (got {code}; {found})")

if failures:
    print(f"{len(failures)} failed")
    sys.exit(1)
