#!/usr/bin/env python3
"""A large SARIF report against GitHub code scanning's upload limits.

GitHub Docs, "SARIF support for code scanning", section "Upload limits": a SARIF file of at
most 10 MB gzip-compressed; at most 20 runs per file; at most 25,000 results per run, of which
only the top 5,000 are included; at most 25,000 rules per run; 100 tool extensions per run;
1,000 locations per result; 10,000 thread flow locations per result; 20 tags per rule.
(src/report/sarif_writer.cc states the same figures beside the cap it applies.)

A log with a finding in every round is made here: `pitboss generate` deals correct rounds and
bench/corrupt_settle.py pays the last settlement of each one minor unit more. It is checked
into SARIF and JSON in one run; the SARIF must be within every limit, keep exactly the 5,000
results code scanning shows, say in a notification and in the run's properties how many it
left out, and the JSON must still list every finding. A second check of the same log, copied
to another folder, gives the same partialFingerprints, each one unique.

Usage: sarif_limits.py PITBOSS SOURCE_DIR WORKDIR  (writes WORKDIR/large.sarif)
"""
import gzip
import json
import os
import shutil
import subprocess
import sys

ROUNDS = 8000
SHOWN = 5000


def main():
    pitboss, source, work = (os.path.abspath(a) for a in sys.argv[1:4])
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(os.path.join(work, "elsewhere"))
    log = os.path.join(work, "all-findings.jsonl")
    gen = subprocess.run([pitboss, "generate", "--spec", "us-sd/casino-war", "--rounds", str(ROUNDS),
                          "--tables", "4", "--seed", "7", "--out", "-"], capture_output=True, check=True)
    corrupt = subprocess.run([sys.executable, os.path.join(source, "bench", "corrupt_settle.py")],
                             input=gen.stdout, capture_output=True, check=True)
    open(log, "wb").write(corrupt.stdout)
    shutil.copy(log, os.path.join(work, "elsewhere", "all-findings.jsonl"))

    def check(log_path, name):
        p = subprocess.run([pitboss, "check", "--no-progress", "--out", f"{name}.sarif", "--out", f"{name}.json",
                            log_path], cwd=work, capture_output=True, text=True)
        if p.returncode != 1:
            sys.exit(f"FAIL: check exited {p.returncode}: {p.stderr}")
        return (json.load(open(os.path.join(work, f"{name}.sarif"))),
                json.load(open(os.path.join(work, f"{name}.json"))))

    sarif, report = check("all-findings.jsonl", "large")
    problems = []

    def expect(ok, message):
        if not ok:
            problems.append(message)

    total = len(report["violations"])
    expect(total == report["summary"]["violations"] and total > SHOWN,
           f"the log makes {total} findings: not more than the {SHOWN} shown, the test tests nothing")
    raw = open(os.path.join(work, "large.sarif"), "rb").read()
    compressed = len(gzip.compress(raw))
    expect(compressed <= 10 * 1000 * 1000, f"{compressed} bytes gzip-compressed: over 10 MB")
    runs = sarif["runs"]
    expect(len(runs) <= 20, f"{len(runs)} runs")
    run = runs[0]
    results = run["results"]
    expect(len(results) == SHOWN, f"{len(results)} results, not the {SHOWN} shown")
    expect(len(results) <= 25000, f"{len(results)} results: over 25,000")
    expect(len(run["tool"]["driver"]["rules"]) <= 25000, "over 25,000 rules")
    expect(len(run["tool"].get("extensions", [])) <= 100, "over 100 tool extensions")
    for rule in run["tool"]["driver"]["rules"]:
        expect(len(rule.get("properties", {}).get("tags", [])) <= 20, f"rule {rule['id']}: over 20 tags")
        expect(rule.get("help", {}).get("text") and rule["help"].get("markdown"), f"rule {rule['id']}: no help")
    for r in results:
        expect(len(r.get("locations", [])) <= 1000, "a result with over 1,000 locations")
        flows = sum(len(tf.get("locations", [])) for cf in r.get("codeFlows", []) for tf in cf.get("threadFlows", []))
        expect(flows <= 10000, "a result with over 10,000 thread flow locations")
    left_out = total - SHOWN
    expect(run["properties"]["results_left_out"] == left_out,
           f"results_left_out {run['properties']['results_left_out']}, expected {left_out}")
    expect(run["properties"]["violations"] == total, "the run's properties do not count every finding")
    notes = run["invocations"][0].get("toolExecutionNotifications", [])
    said = [n["message"]["text"] for n in notes if "left out" in n["message"]["text"]]
    expect(len(said) == 1 and said[0].startswith(f"{left_out} of {total} results left out")
           and "JSON report" in said[0], f"the notification of the cap: {said}")
    # The kept results are the highest levels first.
    rank = {"error": 0, "warning": 1, "note": 2}
    kept_worst = max(rank[r["level"]] for r in results)
    expect(all(rank[r["level"]] <= kept_worst for r in results), "levels")
    # Fingerprints: unique, and the same from another folder.
    prints = [r["partialFingerprints"]["pitbossFinding/v1"] for r in results]
    expect(len(set(prints)) == len(prints), "two results share a fingerprint")
    again, _ = check(os.path.join("elsewhere", "all-findings.jsonl"), "again")
    expect([r["partialFingerprints"] for r in again["runs"][0]["results"]] ==
           [r["partialFingerprints"] for r in results], "the fingerprints differ from another folder")
    for r in results[:50]:
        text = r["message"]["text"]
        expect("round " in text and "Clause " in text and ("underpaid" in text or "overpaid" in text
                                                           or r["ruleId"] == "settle/split"),
               f"message without its evidence: {text}")
    if problems:
        print("FAIL:")
        for p in problems[:20]:
            print("  " + p)
        return 1
    print(f"large.sarif: {len(results)} of {total} results kept, {left_out} left out and said, "
          f"{len(raw)} bytes ({compressed} gzip-compressed), within GitHub's upload limits")
    return 0


if __name__ == "__main__":
    sys.exit(main())
