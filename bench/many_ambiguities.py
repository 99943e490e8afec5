#!/usr/bin/env python3
"""Copies a rules tree and gives its us-sd/casino-war spec N more ambiguities of two readings
each, the second of which changes a payout (as sd-war-tie-payout does), its revisions lock
updated: a reproducer of issue 21, item 6, where the work of lint and check grew with the
square of the ambiguities.

Usage: bench/many_ambiguities.py RULES_DIR OUT_DIR N
       pitboss generate --spec us-sd/casino-war --rounds 10 --out ten.jsonl
       /usr/bin/time -f '%e s %M KiB' pitboss check --rules OUT_DIR ten.jsonl
       /usr/bin/time -f '%e s %M KiB' pitboss lint OUT_DIR
"""

import hashlib
import os
import shutil
import sys

SPEC = os.path.join("us-sd", "casino-war.yaml")

AMBIGUITY = """\
  - id: bench-{i}
    tag: conflicting-clauses
    cite: "(5)"
    quote: "Tie after going to war 1 to 1"
    summary: Ambiguity {i}, made to measure.
    readings:
      - {{name: operative, default: true, reason: The operative clause (4)(d)(ii).}}
      - name: paytable
        reason: The paytable's 1 to 1, paid on the war wager.
        set:
          payouts.war.tie.raise: {{net: "+1", cite: "(5)", quote: "Tie after going to war 1 to 1"}}
"""


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    rules, out, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    shutil.rmtree(out, ignore_errors=True)
    shutil.copytree(rules, out)
    path = os.path.join(out, SPEC)
    with open(path, encoding="utf-8") as f:
        text = f.read()
    at = text.index("\nunobservable:")
    extra = "".join(AMBIGUITY.format(i=i) for i in range(1, n + 1))
    text = text[: at + 1] + extra + text[at + 1:]
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    # The revisions lock records the spec's new sha256 (the spec includes no part), so that
    # lint has nothing else to say of the tree.
    lock = os.path.join(out, "revisions.lock")
    if os.path.exists(lock):
        digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
        with open(lock, encoding="utf-8") as f:
            lines = f.read().split("\n")
        for k, line in enumerate(lines):
            fields = line.split("\t")
            if len(fields) == 4 and fields[3] == SPEC.replace(os.sep, "/"):
                fields[2] = digest
                lines[k] = "\t".join(fields)
        with open(lock, "w", encoding="utf-8") as f:
            f.write("\n".join(lines))


if __name__ == "__main__":
    main()
