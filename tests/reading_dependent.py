#!/usr/bin/env python3
"""reading_dependent.py REPORT.json AMBIGUITY...: every finding of the JSON report depends on
exactly the ambiguities named, and there is at least one finding."""
import json
import sys

report = json.load(open(sys.argv[1]))
want = sys.argv[2:]
findings = report["violations"]
bad = [f for f in findings if f["reading_dependent"] != want]
for f in bad[:10]:
    print(f"{f['input']}:{f['line']}: {f['code']} depends on {f['reading_dependent']}, expected {want}")
print(f"reading_dependent: {len(findings) - len(bad)} passed, {len(bad)} failed")
sys.exit(1 if bad or not findings else 0)
