#!/usr/bin/env python3
"""Compares a single check's report with a merge's, in a format other than JSON, byte for byte
but for the provenance each run states of itself: its command line and the time it ran (a
merge names its own, docs/report.md).

Usage: compare_formats.py FORMAT SINGLE MERGED
"""
import json
import re
import sys

TEXT_PATTERNS = [
    (re.compile(r"^command line: .*$", re.M), "command line: ..."),
    (re.compile(r"(analysis started|time of the analysis:|analysis time:?) \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"), r"\1 ..."),
    (re.compile(r"command line: [^\n]*?(?=\.?\n|$)"), "command line: ..."),
    (re.compile(r'(<property name="command_line" value=")[^"]*(")'), r"\1...\2"),
    (re.compile(r'(<property name="analysis_time" value=")[^"]*(")'), r"\1...\2"),
]


def normalize_text(text):
    for pattern, replacement in TEXT_PATTERNS:
        text = pattern.sub(replacement, text)
    return text


def normalize_sarif(text):
    doc = json.loads(text)
    for run in doc.get("runs", []):
        for inv in run.get("invocations", []):
            for k in ("commandLine", "arguments", "startTimeUtc", "endTimeUtc"):
                inv.pop(k, None)
        props = run.get("properties", {})
        for k in ("command_line", "analysis_time", "shards", "merge_warnings"):
            props.pop(k, None)
    return json.dumps(doc, indent=1, sort_keys=True)


def main():
    fmt, single, merged = sys.argv[1:4]
    a, b = open(single).read(), open(merged).read()
    norm = normalize_sarif if fmt == "sarif" else normalize_text
    a, b = norm(a), norm(b)
    if a == b:
        return 0
    al, bl = a.splitlines(), b.splitlines()
    for i, (x, y) in enumerate(zip(al, bl)):
        if x != y:
            print(f"line {i + 1} differs:\n  single: {x[:300]}\n  merged: {y[:300]}")
            break
    else:
        print(f"lengths differ: {len(al)} vs {len(bl)} lines")
    return 1


if __name__ == "__main__":
    sys.exit(main())
