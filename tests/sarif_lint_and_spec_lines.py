#!/usr/bin/env python3
"""sarif_lint_and_spec_lines.py lint PITBOSS LINT.sarif PATH...
   sarif_lint_and_spec_lines.py check CHECK.sarif

lint: LINT.sarif, written by `pitboss lint --format sarif PATH...`, holds one rule per lint code
(in the order of `lint --format json`'s codes, each result's ruleIndex its rule) and exactly the
errors and warnings of `pitboss lint --format json PATH...`, each at its file:line:column.

check: each result of CHECK.sarif (`pitboss check --format sarif`) whose finding names a clause
and a rule set carries relatedLocations, each at a line of a spec file that cites that clause
(`cite:` there, its column at the cite's value); and at least one result has them.
"""
import json
import subprocess
import sys
from urllib.parse import unquote, urlparse

failures = []


def fail(message):
    failures.append(message)


def path_of(uri):
    parsed = urlparse(uri)
    return unquote(parsed.path) if parsed.scheme == "file" else unquote(uri)


def check_lint(pitboss, sarif_path, paths):
    with open(sarif_path, encoding="utf-8") as f:
        sarif = json.load(f)
    run = sarif["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    ids = [r["id"] for r in rules]
    if len(ids) != len(set(ids)) or not all(i.startswith("lint/") for i in ids):
        fail(f"rules are not one per lint code: {ids}")
    for expected in ("lint/quote-not-found", "lint/schema", "lint/extraction-marker"):
        if expected not in ids:
            fail(f"no rule {expected}")
    got = []
    for result in run["results"]:
        if ids[result["ruleIndex"]] != result["ruleId"]:
            fail(f"ruleIndex {result['ruleIndex']} is not {result['ruleId']}")
        loc = result["locations"][0]["physicalLocation"]
        region = loc.get("region", {})
        got.append((result["ruleId"], path_of(loc["artifactLocation"]["uri"]), region.get("startLine", 0),
                    region.get("startColumn", 0), result["level"]))
    out = subprocess.run([pitboss, "lint", "--format", "json", *paths], capture_output=True, text=True)
    report = json.loads(out.stdout)
    want = []
    for spec in report["specs"]:
        for key, level in (("errors", "error"), ("warnings", "warning")):
            for e in spec[key]:
                want.append((e["code"], e["file"], e["line"], e["column"] if e["line"] > 0 else 0, level))
    for e in report["lock_errors"]:
        want.append((e["code"], e["file"], e["line"], e["column"] if e["line"] > 0 else 0, "error"))
    if sorted(got) != sorted(want):
        fail("SARIF results differ from lint's JSON errors:\n  sarif: %s\n  json:  %s" % (sorted(got), sorted(want)))
    if not any(level == "error" for *_, level in got) or not any(level == "warning" for *_, level in got):
        fail("expected both errors and warnings among the results")


def check_check(sarif_path):
    with open(sarif_path, encoding="utf-8") as f:
        sarif = json.load(f)
    with_related = 0
    for result in sarif["runs"][0]["results"]:
        props = result.get("properties", {})
        clause, rules = props.get("clause"), props.get("rules")
        related = result.get("relatedLocations", [])
        if not clause or not rules:
            continue
        if not related:
            fail(f"no relatedLocations for a finding of clause {clause} under {rules}: {result['message']['text'][:120]}")
            continue
        with_related += 1
        for loc in related:
            phys = loc["physicalLocation"]
            file = path_of(phys["artifactLocation"]["uri"])
            line, column = phys["region"]["startLine"], phys["region"]["startColumn"]
            with open(file, encoding="utf-8") as f:
                text = f.read().split("\n")[line - 1]
            if "cite" not in text[:column] or clause not in loc["message"]["text"]:
                fail(f"{file}:{line}:{column} is no cite of {clause}: {text!r}")
                continue
            value = text[column - 1:].strip().strip('"\'')
            if not clause.endswith(value) and not clause.endswith(value.replace("Rule ", "rule ")):
                fail(f"{file}:{line}:{column}: cite {value!r} is not clause {clause}")
    if with_related == 0:
        fail("no result carries relatedLocations")


def main():
    if len(sys.argv) >= 4 and sys.argv[1] == "lint":
        check_lint(sys.argv[2], sys.argv[3], sys.argv[4:])
    elif len(sys.argv) == 3 and sys.argv[1] == "check":
        check_check(sys.argv[2])
    else:
        print(__doc__)
        return 2
    for f in failures:
        print("FAIL:", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
