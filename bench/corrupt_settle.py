#!/usr/bin/env python3
"""Makes every round of a log wrong: the last settlement of each line pays one minor unit
more than it should (settle/payout, or settle/split where the seat's total still holds).
Streams standard input to standard output, a line at a time, without parsing the JSON.

Usage: pitboss generate ... --out - | bench/corrupt_settle.py > all-findings.jsonl
"""

import re
import sys

NET = re.compile(rb'"net":(-?[0-9]+)')


def main():
    out = sys.stdout.buffer
    for line in sys.stdin.buffer:
        last = None
        for last in NET.finditer(line):
            pass
        if last:
            line = line[: last.start(1)] + str(int(last.group(1)) + 1).encode() + line[last.end(1):]
        out.write(line)


if __name__ == "__main__":
    main()
