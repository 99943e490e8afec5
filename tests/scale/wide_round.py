#!/usr/bin/env python3
"""One round of each game whose findings number in the hundreds of thousands (issue 21, item
6): a Casino War round and a War Blackjack round made by bench/wide_round.py, checked in one
log, with every finding counted under its code and nothing else found. The rounds draw from no
shoe in play (one shoe/no-shuffle each, and no card counted against a shoe), so that the work
is the findings of the case.

The cost of a finding once grew with the findings already made in its round (a seat looked up
by a scan of the seats, a finding by a scan of the findings of every other reading): one Casino
War round of 64,000 seats took 14 s on a fast machine, 128,000 over 100 s, and War Blackjack's
more. The test asserts no time (speed is measured in bench/, never asserted in a test): with
100,000 seats (or settlements, or burns) a round, the two rounds' quadratic work comes to over
80 s on that machine, while the linear work takes a few seconds on a slow one (7 s on two
cores shared with other builds). tests/scale/CMakeLists.txt sets a TIMEOUT of 60 s between the
two, so that the test fails by timing out where the quadratic work comes back.

Usage: wide_round.py PITBOSS_BINARY SOURCE_DIR WORK_DIR {seats|duplicates|burns} N
"""

import collections
import importlib.util
import json
import os
import re
import subprocess
import sys


def load_maker(source_dir):
    path = os.path.join(source_dir, "bench", "wide_round.py")
    spec = importlib.util.spec_from_file_location("wide_round", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CODES = {"seats": "settle/payout", "duplicates": "settle/duplicate", "burns": "deal/burn-count"}


def main():
    if len(sys.argv) != 6:
        sys.exit(__doc__)
    pitboss, source_dir, work, case, n = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5])
    maker = load_maker(source_dir)
    os.makedirs(work, exist_ok=True)
    log = os.path.join(work, case + ".jsonl")
    rounds = [maker.war_round(case, n, shuffle=False), maker.war_blackjack_round(case, n, shuffle=False)]
    with open(log, "w", encoding="utf-8") as f:
        for r in rounds:
            f.write(json.dumps(r, separators=(",", ":")) + "\n")
    del rounds  # not held while pitboss runs
    want = collections.Counter({CODES[case]: 2 * n, "shoe/no-shuffle": 2})
    run = subprocess.run([pitboss, "check", "--no-progress", "--max-findings", "0", log],
                         capture_output=True, text=True, check=False)
    if run.returncode != 1:
        sys.exit(f"wide_round: exit {run.returncode}, expected 1\n{run.stderr}")
    # The text report's "violations by code:" table: "  settle/payout  critical  64000".
    got = collections.Counter()
    lines = run.stdout.splitlines()
    start = lines.index("violations by code:") + 1
    for line in lines[start:]:
        m = re.match(r"^  (\S+)\s+\S+\s+(\d+)$", line)
        if not m:
            break
        got[m.group(1)] = int(m.group(2))
    if got != want:
        sys.exit(f"wide_round: {case}: found {dict(got)}, expected {dict(want)}")
    verdict = f"FAIL: {sum(want.values())} violations in 2 rounds (2 rounds with violations)"
    if not run.stdout.startswith(verdict):
        sys.exit(f"wide_round: {case}: the verdict is {lines[0]!r}, expected it to start {verdict!r}")
    print(f"wide_round: {case}: {dict(got)}")


if __name__ == "__main__":
    main()
