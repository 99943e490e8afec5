#!/usr/bin/env python3
"""A spec of many ambiguities, each of two readings (issue 21, item 6): lint passes it, and
check reads ten rounds under it, under its defaults and under a reading chosen, listing every
ambiguity in the report.

Each reading is a spec of its own, and each was once made from a copy of the whole tree,
ambiguities included, and held with a copy of every ambiguity: the work grew with the square
of their number. 400 ambiguities took over 30 s to check ten rounds and over 100 s to lint on a
fast machine, 1,000 over 300 s; 600 now take a second or two to lint and less to check. The
test asserts no time (speed is measured in bench/, never asserted in a test): the TIMEOUT
tests/CMakeLists.txt sets is many times what the linear work takes on a slow machine and a
fraction of the quadratic work on a fast one, so that the test fails by timing out where that
work comes back.

Usage: many_ambiguities.py PITBOSS_BINARY SOURCE_DIR WORK_DIR {lint|check|check-reading} N
"""

import json
import os
import subprocess
import sys

BUNDLED = 4  # the ambiguities us-sd/casino-war records of its own
SPEC = "us-sd/casino-war"


def run(args, *expect):
    done = subprocess.run(args, capture_output=True, text=True, check=False)
    if done.returncode not in expect:
        sys.exit(f"many_ambiguities: {' '.join(args)}: exit {done.returncode}, expected {expect}\n"
                 f"{done.stdout[-2000:]}{done.stderr[-2000:]}")
    return done


def main():
    if len(sys.argv) != 6:
        sys.exit(__doc__)
    pitboss, source_dir, work, mode, n = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5])
    os.makedirs(work, exist_ok=True)
    rules = os.path.join(work, "rules")
    subprocess.run([sys.executable, os.path.join(source_dir, "bench", "many_ambiguities.py"),
                    os.path.join(source_dir, "rules"), rules, str(n)], check=True)
    if mode == "lint":
        out = run([pitboss, "lint", rules], 0).stdout
        want = f"ambiguities: {n + BUNDLED}"
        if want not in out:
            sys.exit(f"many_ambiguities: lint does not say '{want}':\n{out}")
        print(f"many_ambiguities: lint: {out.splitlines()[-1]}")
        return
    log = os.path.join(work, "ten.jsonl")
    run([pitboss, "generate", "--rules", rules, "--spec", SPEC, "--rounds", "10", "--out", log], 0)
    report = os.path.join(work, mode + ".json")
    args = [pitboss, "check", "--rules", rules, "--no-progress", "--format", "json", "--out", report]
    # A reading chosen: every other reading is then a spec under two readings, not one made
    # with the document.
    chosen = {} if mode == "check" else {"bench-7": "paytable"}
    for ambiguity, reading in chosen.items():
        args += ["--reading", f"{ambiguity}={reading}"]
    run(args + [log], 0, 1)  # under a reading chosen, a round may settle otherwise than it says
    with open(report, encoding="utf-8") as f:
        r = json.load(f)
    listed = [a for a in r["ambiguities"] if a["spec"] == SPEC]
    if len(listed) != n + BUNDLED:
        sys.exit(f"many_ambiguities: the report lists {len(listed)} ambiguities of {SPEC}, expected {n + BUNDLED}")
    readings = r["specs"][0]["readings"]
    if len(readings) != n + BUNDLED or any(readings[a] != name for a, name in chosen.items()):
        sys.exit(f"many_ambiguities: the report's readings are not the {n + BUNDLED} expected")
    print(f"many_ambiguities: {mode}: {r['summary']['rounds']} rounds, {len(listed)} ambiguities")


if __name__ == "__main__":
    main()
