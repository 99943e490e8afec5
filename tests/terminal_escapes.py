#!/usr/bin/env python3
"""terminal_escapes.py PITBOSS SOURCE_DIR: no byte from an input reaches a terminal raw (issue 21, item 2).

Table names, round ids and file names carrying ESC sequences, an OSC 52 clipboard write, CR and
LF (a forged "FAKE: 0 violations" line), a bidi override (U+202E), a C1 control (U+009B) and a
line separator (U+2028) go through split (its TABLE -> path lines and its warning of a round id
in two shards), check (its "not read: FILE" line, its progress line, its text and Markdown
reports) and a usage error. Neither standard output nor standard error holds any of them: no
control byte but the newline, no character that moves or hides text, no line that starts with
the forged text.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

pitboss, source = sys.argv[1], sys.argv[2]
failures = []
HOSTILE = "\x1b]52;c;aGk=\x07\x1b[2J\rFAKE: 0 violations\n\u202e\u009b\u2028"
# What must never reach a stream: C0 controls but LF, DEL, and (decoded) C1 controls, bidi
# controls and the line and paragraph separators.
RAW = re.compile(rb"[\x00-\x09\x0b-\x1f\x7f]")
HIDDEN = re.compile("[\u0080-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]")


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        failures.append(what)


def clean_stream(data, what):
    raw = RAW.search(data)
    check(raw is None, f"{what}: no raw control byte" + (f" (found {raw.group()!r})" if raw else ""))
    text = data.decode("utf-8", errors="replace")
    hidden = HIDDEN.search(text)
    check(hidden is None, f"{what}: no bidi, C1 or separator character" + (f" ({hidden.group()!r})" if hidden else ""))
    forged = [line for line in text.split("\n") if line.startswith("FAKE")]
    check(not forged, f"{what}: no forged line")


def run(what, *args, env=None):
    p = subprocess.run([pitboss, *args], capture_output=True, env=dict(os.environ, LC_ALL="C", **(env or {})))
    clean_stream(p.stdout, what + ", standard output")
    clean_stream(p.stderr, what + ", standard error")
    return p


tmp = tempfile.mkdtemp(prefix="pitboss-terminal-")
try:
    os.chdir(tmp)
    with open(os.path.join(source, "fixtures", "clean", "online-war.jsonl"), encoding="utf-8") as f:
        rounds = [json.loads(line) for line in f if line.strip()]
    first, second = rounds[0], rounds[1]
    first["table"] = "T" + HOSTILE
    first["round"] = "R" + HOSTILE
    second["table"] = "U" + HOSTILE
    second["round"] = "R" + HOSTILE  # the same id at another table: split warns of it
    os.mkdir("logs")
    name = "day" + HOSTILE.replace("\n", "").replace("\x00", "") + ".jsonl"
    with open(os.path.join("logs", name), "w", encoding="utf-8") as f:
        for r in (first, second):
            f.write(json.dumps(r) + "\n")
        # Enough rounds after them for a progress line (one every 1,024 rounds).
        for k in range(1100):
            r = dict(rounds[k % len(rounds)], round=f"more-{k}")
            f.write(json.dumps(r) + "\n")
    open(os.path.join("logs", "notes" + HOSTILE + ".txt"), "w").close()

    p = run("split", "split", "--by", "table", "--out-dir", "shards", "logs")
    check(p.returncode == 1, f"split exits 1 for a round id in two shards (got {p.returncode})")
    check(b"\\x1b]52" in p.stdout and b"\\u202e" in p.stdout, "split shows the table names escaped")
    check(b"in two shards" in p.stderr and b"\\rFAKE" in p.stderr, "split's warning shows the round id escaped")

    p = run("check", "check", "--progress", "logs", env={"PITBOSS_PROGRESS_SECONDS": "0"})
    check(b"not read: " in p.stderr and b"notes\\x1b]52" in p.stderr, "check's not-read line names the file escaped")
    check(re.search(rb"day\\x1b\]52[^\n]*: 1,024 rounds", p.stderr) is not None, "the progress line names the log escaped")
    check(b"\\u202e" in p.stdout, "the text report shows U+202E escaped")
    run("check --format md", "check", "--no-progress", "--format", "md", "logs")
    run("a usage error", "check", "--jobs", HOSTILE, "logs")
finally:
    os.chdir("/")
    shutil.rmtree(tmp, ignore_errors=True)

print(f"{len(failures)} failed" if failures else "all passed")
sys.exit(1 if failures else 0)
