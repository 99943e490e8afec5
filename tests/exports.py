#!/usr/bin/env python3
"""End-to-end tests of exports and baselines (docs/report.md), as a user would meet them.

  csv          --format csv: RFC 4180 (CRLF, quoting, a header), one row per finding of the
               JSON report of the same check, each cell the JSON's value
  several-outs one check written to .json .sarif .xml .md .html .csv .txt and an --out of
               no known extension (--format), each file in its format, the report computed
               once (one analysis_time); a bad --out refused before any log is read
  merge-outs   merge writes several formats too, csv among them
  baseline     check --baseline: findings new or unchanged, the baseline's absent ones
               listed, in JSON, SARIF, CSV, text and md; --fail-on new exits 0 when nothing is
               new and 1 when something is; exit 2 unchanged; a finding moved to another line
               of a log copied to another folder is the same finding
  compare      pitboss compare OLD NEW: text and json, exit 1 when something is new, 0 when
               not, 2 for a file that is not a report

Usage: exports.py PITBOSS SOURCE_DIR WORKDIR [CASE...]
"""
import csv
import io
import json
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

PITBOSS = SOURCE = WORK = None
FAILURES = []


def expect(case, condition, message):
    if not condition:
        FAILURES.append(f"{case}: {message}")
        print(f"FAIL {case}: {message}")
    return condition


def run(*args):
    p = subprocess.run([PITBOSS, *args], capture_output=True, text=True, cwd=WORK)
    return p.returncode, p.stdout, p.stderr


def violations_dir():
    return os.path.join(SOURCE, "fixtures", "violations")


def read_csv(path):
    raw = open(path, "rb").read()
    text = raw.decode("utf-8", errors="surrogateescape")
    return raw, list(csv.reader(io.StringIO(text, newline=""), strict=True))


def cell_of(value):
    """A JSON value as the CSV writes it."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        if value and isinstance(value[0], dict) and "ambiguity" in value[0]:
            return ", ".join(f"{c['ambiguity']}={r}" for c in value for r in c["readings"])
        if value and isinstance(value[0], dict):
            # consequence_list: ROUND:EVENT:CARD of each, joined by ';'.
            return ";".join(f"{c['round'] or ''}:{c.get('event', '')}:{c.get('card', '')}" for c in value)
        return ", ".join(value)
    return str(value)


def case_csv():
    out = os.path.join(WORK, "v.csv")
    code, _, err = run("check", "--no-progress", "--format", "csv", "--out", out, violations_dir())
    expect("csv", code == 1, f"exit {code}: {err}")
    code, _, err = run("check", "--no-progress", "--format", "json", "--out", "v.json", violations_dir())
    report = json.load(open(os.path.join(WORK, "v.json")))
    raw, rows = read_csv(out)
    # RFC 4180: every line ends CRLF; no bare LF outside a quoted field (the csv reader,
    # strict, has read every field already).
    expect("csv", raw.endswith(b"\r\n"), "the last record does not end with CRLF")
    expect("csv", raw.count(b"\n") == raw.count(b"\r\n"), "a line ends with LF alone")
    header = rows[0]
    contract = ["code", "severity", "round", "table", "input", "line", "seat", "wager", "expected",
                "actual", "clause", "reading_dependent", "message"]
    expect("csv", header[: len(contract)] == contract, f"header starts {header[:13]}")
    # Columns are only ever added at the end: these came after the fingerprint.
    added = ["baseline", "fingerprint", "rules", "money_moved", "consequence_list"]
    expect("csv", header[-len(added):] == added, f"header ends {header[-len(added):]}")
    expect("csv", len(rows) - 1 == report["summary"]["violations"] == len(report["violations"]),
           f"{len(rows) - 1} rows for {report['summary']['violations']} violations")
    quoted = 0
    for i, (row, v) in enumerate(zip(rows[1:], report["violations"])):
        expect("csv", len(row) == len(header), f"row {i + 1} has {len(row)} fields")
        for column, value in zip(header, row):
            if column in ("baseline", "fingerprint"):
                continue
            want = cell_of(v.get(column))
            if want[:1] in ("=", "+", "-", "@") and column not in ("expected", "actual", "money_moved"):
                want = "'" + want
            if column == "seat" and v.get("seat") is not None:
                want = str(v["seat"])
            if not expect("csv", value == want, f"row {i + 1} {column}: {value!r}, the JSON says {want!r}"):
                return
        fingerprint = row[header.index("fingerprint")]
        expect("csv", len(fingerprint) > 33 and fingerprint[32] == ":", f"row {i + 1} fingerprint {fingerprint!r}")
    expect("csv", any(row[header.index("rules")] for row in rows[1:]), "no row names the rules it was checked under")
    for line in raw.split(b"\r\n")[1:]:
        quoted += line.count(b'"') > 0
    expect("csv", quoted > 0, "no field needed quoting: the test does not test quoting")


def case_several_outs():
    names = ["r.json", "r.sarif", "r.xml", "r.md", "r.html", "r.csv", "r.txt", "r.report"]
    for n in names:
        if os.path.exists(os.path.join(WORK, n)):
            os.remove(os.path.join(WORK, n))
    args = ["check", "--no-progress", "--format", "md"]
    for n in names:
        args += ["--out", n]
    code, out, err = run(*args, violations_dir())
    expect("several-outs", code == 1, f"exit {code}: {err}")
    expect("several-outs", out == "", "an --out was given, yet standard output has text")
    path = lambda n: os.path.join(WORK, n)
    report = json.load(open(path("r.json")))
    sarif = json.load(open(path("r.sarif")))
    expect("several-outs", sarif.get("version") == "2.1.0", "r.sarif is not SARIF")
    junit = ET.parse(path("r.xml")).getroot()
    expect("several-outs", junit.tag == "testsuites", "r.xml is not JUnit")
    html = open(path("r.html")).read()
    expect("several-outs", html.lstrip().lower().startswith("<!doctype html"), "r.html is not a page")
    expect("several-outs", "statistic" in html.lower(), "r.html lacks the statistics of the rounds checked")
    _, rows = read_csv(path("r.csv"))
    expect("several-outs", rows[0][0] == "code" and len(rows) - 1 == len(report["violations"]), "r.csv")
    text = open(path("r.txt")).read()
    expect("several-outs", f"{len(report['violations'])} violations in" in text, "r.txt is not the text report")
    md = open(path("r.report")).read()  # no known extension: --format md
    expect("several-outs", "| location | code |" in md, "r.report is not Markdown (--format md)")
    # One analysis, written seven times: the same time everywhere.
    when = report["analysis_time"]
    expect("several-outs", sarif["runs"][0]["invocations"][0]["startTimeUtc"] == when, "SARIF time differs")
    expect("several-outs", when in text and when in md, "text or md time differs")
    # Refused before any log is read: an --out in a folder that is not there, among good ones.
    code, _, err = run("--log-level", "debug", "check", "--no-progress", "--out", "ok.json", "--out",
                       "/nonexistent/x.csv", violations_dir())
    expect("several-outs", code == 2 and "cannot write /nonexistent/x.csv" in err and "input/" not in err,
           f"a bad --out among several: exit {code}: {err}")
    expect("several-outs", not os.path.exists(path("ok.json")), "a report was written by a refused run")
    code, _, err = run("check", "--format", "sarif", "--out", "x.json", "--out", "y.html", violations_dir())
    expect("several-outs", code == 2 and "--format sarif is written to no output" in err,
           f"--format sarif --out x.json --out y.html: exit {code}: {err}")
    # The contract's --format F --out FILE: one --out is written in the --format given.
    code, _, err = run("check", "--no-progress", "--format", "sarif", "--out", "x.json", violations_dir())
    expect("several-outs", code == 1 and json.load(open(path("x.json"))).get("version") == "2.1.0",
           f"--format sarif --out x.json: exit {code}: {err}")


def case_merge_outs():
    for shard, log in (("s1.json", "settle-payout.jsonl"), ("s2.json", "deal-burn-count.jsonl")):
        run("check", "--no-progress", "--out", shard, os.path.join(violations_dir(), log))
    code, _, err = run("merge", "--out", "m.json", "--out", "m.csv", "--out", "m.sarif", "s1.json", "s2.json")
    expect("merge-outs", code == 1, f"exit {code}: {err}")
    merged = json.load(open(os.path.join(WORK, "m.json")))
    _, rows = read_csv(os.path.join(WORK, "m.csv"))
    expect("merge-outs", len(rows) - 1 == len(merged["violations"]) > 0, "m.csv rows")
    sarif = json.load(open(os.path.join(WORK, "m.sarif")))
    expect("merge-outs", len(sarif["runs"][0]["results"]) == len(merged["violations"]), "m.sarif results")


def case_baseline():
    v = violations_dir()
    # Yesterday: two logs. Today: one of them moved to another folder with a blank line
    # before every round (every finding on another line), and a new log.
    moved = os.path.join(WORK, "today")
    shutil.rmtree(moved, ignore_errors=True)
    os.makedirs(moved)
    with open(os.path.join(v, "settle-payout.jsonl")) as src, \
         open(os.path.join(moved, "settle-payout.jsonl"), "w") as dst:
        for line in src:
            dst.write("\n" + line)
    code, _, err = run("check", "--no-progress", "--out", "old.json",
                       os.path.join(v, "settle-payout.jsonl"), os.path.join(v, "deal-burn-count.jsonl"))
    expect("baseline", code == 1, f"baseline check: exit {code}: {err}")
    old = json.load(open(os.path.join(WORK, "old.json")))
    n_payout = sum(1 for x in old["violations"] if x["input"].endswith("settle-payout.jsonl"))
    n_burn = len(old["violations"]) - n_payout
    code, out, err = run("check", "--no-progress", "--baseline", "old.json", "--out", "new.json", "--out",
                         "new.sarif", "--out", "new.csv", "--out", "new.md", "--out", "new.txt",
                         os.path.join(moved, "settle-payout.jsonl"), os.path.join(v, "settle-order.jsonl"))
    expect("baseline", code == 1, f"exit {code}: {err}")
    new = json.load(open(os.path.join(WORK, "new.json")))
    states = {}
    for x in new["violations"]:
        states.setdefault(x["baseline"], []).append(x)
    expect("baseline", len(states.get("unchanged", [])) == n_payout and
           all(x["input"].endswith("settle-payout.jsonl") for x in states["unchanged"]),
           f"unchanged: {len(states.get('unchanged', []))}, expected the {n_payout} of settle-payout")
    expect("baseline", all(x["input"].endswith("settle-order.jsonl") for x in states.get("new", [])) and
           len(states.get("new", [])) > 0, "new findings are not those of settle-order")
    b = new["baseline"]
    expect("baseline", b["path"] == "old.json" and b["new"] == len(states["new"]) and
           b["unchanged"] == n_payout and b["absent"] == n_burn == len(b["absent_violations"]),
           f"baseline summary {dict((k, b[k]) for k in ('new', 'unchanged', 'absent'))}")
    expect("baseline", all(x["baseline"] == "absent" and x["code"] == "deal/burn-count"
                           for x in b["absent_violations"]), "absent findings are not the burn counts")
    sarif = json.load(open(os.path.join(WORK, "new.sarif")))
    got = {}
    for r in sarif["runs"][0]["results"]:
        got[r["baselineState"]] = got.get(r["baselineState"], 0) + 1
    expect("baseline", got == {"new": b["new"], "unchanged": b["unchanged"], "absent": b["absent"]},
           f"SARIF baselineState counts {got}")
    _, rows = read_csv(os.path.join(WORK, "new.csv"))
    col = rows[0].index("baseline")
    expect("baseline", sorted(r[col] for r in rows[1:]) ==
           sorted(["new"] * b["new"] + ["unchanged"] * b["unchanged"] + ["absent"] * b["absent"]),
           "CSV baseline column")
    counts = f"{b['new']} new, {b['unchanged']} unchanged, {b['absent']} absent"
    for f in ("new.txt", "new.md"):
        expect("baseline", counts in open(os.path.join(WORK, f)).read(), f"{f} does not say '{counts}'")
    # --fail-on new: the same logs as the baseline: nothing new, exit 0; a new log: exit 1.
    code, _, err = run("check", "--no-progress", "--baseline", "old.json", "--fail-on", "new",
                       os.path.join(v, "settle-payout.jsonl"), os.path.join(v, "deal-burn-count.jsonl"))
    expect("baseline", code == 0, f"--fail-on new, nothing new: exit {code}: {err}")
    code, _, _ = run("check", "--no-progress", "--baseline", "old.json",
                     os.path.join(v, "settle-payout.jsonl"), os.path.join(v, "deal-burn-count.jsonl"))
    expect("baseline", code == 1, f"--fail-on any (the default), nothing new: exit {code}")
    code, _, _ = run("check", "--no-progress", "--baseline", "old.json", "--fail-on", "new",
                     os.path.join(v, "settle-payout.jsonl"), os.path.join(v, "settle-order.jsonl"))
    expect("baseline", code == 1, f"--fail-on new, something new: exit {code}")
    # Exit 2 stays 2: a check that reads no round.
    empty = os.path.join(WORK, "empty.jsonl")
    open(empty, "w").close()
    code, _, _ = run("check", "--no-progress", "--baseline", "old.json", "--fail-on", "new", empty)
    expect("baseline", code == 2, f"--fail-on new, no round read: exit {code}")
    code, _, err = run("check", "--no-progress", "--baseline", "v.csv", os.path.join(v, "settle-payout.jsonl"))
    expect("baseline", code == 2 and "--baseline" in err, f"a baseline that is not a report: exit {code}: {err}")


def case_compare():
    if not os.path.exists(os.path.join(WORK, "new.json")):
        case_baseline()
    code, out, err = run("compare", "old.json", "new.json")
    new = json.load(open(os.path.join(WORK, "new.json")))["baseline"]
    expect("compare", code == 1, f"exit {code}: {err}")
    expect("compare", f"{new['new']} new, {new['unchanged']} unchanged, {new['absent']} absent" in out.splitlines()[0],
           f"first line: {out.splitlines()[:1]}")
    expect("compare", "\nNew (in new.json, not in old.json):\n" in out and
           "\nAbsent (in old.json, not in new.json):\n" in out, "the new and absent findings are not listed")
    code, out, err = run("compare", "--format", "json", "old.json", "new.json")
    doc = json.loads(out)
    expect("compare", doc["summary"] == {"new": new["new"], "unchanged": new["unchanged"], "absent": new["absent"]},
           f"json summary {doc['summary']}")
    expect("compare", len(doc["new_violations"]) == new["new"] and len(doc["unchanged_violations"]) == new["unchanged"]
           and len(doc["absent_violations"]) == new["absent"], "json lists")
    expect("compare", doc["old_report"]["path"] == "old.json" and len(doc["old_report"]["sha256"]) == 64,
           "old_report")
    code, out, _ = run("compare", "new.json", "new.json")
    expect("compare", code == 0 and out.startswith("compare new.json -> new.json: 0 new,"), f"same: exit {code}: {out}")
    code, _, err = run("compare", "old.json", "v.csv")
    expect("compare", code == 2 and "v.csv" in err, f"not a report: exit {code}: {err}")


CASES = {"csv": case_csv, "several-outs": case_several_outs, "merge-outs": case_merge_outs,
         "baseline": case_baseline, "compare": case_compare}


def main():
    global PITBOSS, SOURCE, WORK
    if len(sys.argv) < 4:
        print(__doc__)
        return 2
    PITBOSS, SOURCE, WORK = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2]), os.path.abspath(sys.argv[3])
    os.makedirs(WORK, exist_ok=True)
    for name in sys.argv[4:] or CASES:
        CASES[name]()
    if FAILURES:
        print(f"{len(FAILURES)} failures")
        return 1
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
